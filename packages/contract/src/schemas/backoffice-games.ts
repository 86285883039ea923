import { z } from 'zod';
import { operatorPageSchema } from './cashier';
import { gameCategories, walletModes } from './games';
import { listSortShape } from './list-sort';
import { moneySchema } from './money';

/**
 * Back office: the game catalogue as operators manage it (vendors and games, their switches, sync on demand) and
 * the reports (play by day and by vendor, the cashier by day and channel, each also as CSV). Paths are below
 * `backofficeApiPrefix`; amounts travel as `Money` (decimal at the currency scale + minor units).
 */
export const backofficeGamesPaths = {
  vendors: '/catalogue/vendors',
  vendor: '/catalogue/vendors/:code',
  games: '/catalogue/games',
  game: '/catalogue/games/:id',
  sync: '/catalogue/sync',
} as const;

export const backofficeReportsPaths = {
  daily: '/reports/daily',
  dailyCsv: '/reports/daily/csv',
  vendors: '/reports/vendors',
  vendorsCsv: '/reports/vendors/csv',
  cashier: '/reports/cashier',
  cashierCsv: '/reports/cashier/csv',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Games management
// ---------------------------------------------------------------------------------------------------------

export const catalogueVendorAdminSchema = z.object({
  code: z.string(),
  name: z.string(),
  aggregator: z.string(),
  walletMode: z.enum(walletModes),
  category: z.string(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  sortOrder: z.number().int(),
  /** Games stored for the vendor, and how many of them are in its latest feed. */
  games: z.number().int(),
  listedGames: z.number().int(),
  syncedAt: z.string().nullable(),
});
export type CatalogueVendorAdmin = z.infer<typeof catalogueVendorAdminSchema>;
export const catalogueVendorAdminListSchema = z.object({ items: z.array(catalogueVendorAdminSchema) });
export type CatalogueVendorAdminList = z.infer<typeof catalogueVendorAdminListSchema>;

export const catalogueVendorParamsSchema = z.object({ code: z.string().trim().min(1).max(40) });
export const catalogueGameParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** At least one switch; the others stay as they are. */
export const catalogueVendorUpdateInputSchema = z
  .strictObject({
    enabled: z.boolean().optional(),
    maintenance: z.boolean().optional(),
    sortOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .refine((input) => Object.keys(input).length > 0, 'nothing to change');
export type CatalogueVendorUpdateInput = z.infer<typeof catalogueVendorUpdateInputSchema>;

/**
 * `hot`: true pins the game to the hot list, false keeps it off, null hands it back to the ranking by plays.
 * `sortOrder` set by an operator survives later catalogue syncs (which otherwise follow the vendor's feed order).
 */
export const catalogueGameUpdateInputSchema = z
  .strictObject({
    enabled: z.boolean().optional(),
    maintenance: z.boolean().optional(),
    hot: z.boolean().nullable().optional(),
    sortOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .refine((input) => Object.keys(input).length > 0, 'nothing to change');
export type CatalogueGameUpdateInput = z.infer<typeof catalogueGameUpdateInputSchema>;

export const catalogueGameSorts = ['sortOrder', 'name', 'vendor', 'category', 'updatedAt'] as const;
export type CatalogueGameSort = (typeof catalogueGameSorts)[number];
const flagSchema = z.enum(['true', 'false']).optional();

export const catalogueGameAdminQuerySchema = z.object({
  vendor: z.string().trim().max(40).optional(),
  category: z.enum(gameCategories).optional(),
  /** Contained in the name (any language) or the game code, any case. */
  q: z.string().trim().max(100).optional(),
  enabled: flagSchema,
  maintenance: flagSchema,
  hot: flagSchema,
  sort: z.enum(catalogueGameSorts).default('sortOrder'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type CatalogueGameAdminQuery = z.infer<typeof catalogueGameAdminQuerySchema>;

export const catalogueGameAdminSchema = z.object({
  id: z.number().int(),
  vendorCode: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  name: z.string(),
  category: z.string(),
  isLobby: z.boolean(),
  /** In the vendor's latest feed. */
  listed: z.boolean(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  isHot: z.boolean(),
  /** The operator's pin: true (always hot), false (never), null (by plays). */
  hotPinned: z.boolean().nullable(),
  sortOrder: z.number().int(),
  /** The operator set the sort order (kept across syncs). */
  sortPinned: z.boolean(),
  vendorEnabled: z.boolean(),
  vendorMaintenance: z.boolean(),
  updatedAt: z.string(),
});
export type CatalogueGameAdmin = z.infer<typeof catalogueGameAdminSchema>;
export const catalogueGameAdminPageSchema = operatorPageSchema(catalogueGameAdminSchema);
export type CatalogueGameAdminPage = z.infer<typeof catalogueGameAdminPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------------------

const dateSchema = z.iso.date();

/**
 * A range of cashier days (YYYY-MM-DD, both included, in the merchant's cashier time zone). Without `from` the
 * report starts six days before `to`; without `to` it ends today. At most 366 days.
 */
export const reportQuerySchema = z.object({ from: dateSchema.optional(), to: dateSchema.optional() });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/**
 * The report tables sort on the server by any of their columns: a report is a bounded aggregate (at most 366
 * days, or one row per vendor or per day and channel), sorted after it is summed; the row's key breaks ties.
 */
export const dailyReportSorts = ['date', 'bets', 'wins', 'ggr', 'rounds', 'players'] as const;
export type DailyReportSort = (typeof dailyReportSorts)[number];
export const dailyReportQuerySchema = reportQuerySchema.extend(
  listSortShape(dailyReportSorts, { sort: 'date', order: 'asc' }),
);
export type DailyReportQuery = z.infer<typeof dailyReportQuerySchema>;
export const vendorReportSorts = ['vendor', 'bets', 'wins', 'ggr', 'rounds', 'players'] as const;
export type VendorReportSort = (typeof vendorReportSorts)[number];
export const vendorReportQuerySchema = reportQuerySchema.extend(
  listSortShape(vendorReportSorts, { sort: 'bets', order: 'desc' }),
);
export type VendorReportQuery = z.infer<typeof vendorReportQuerySchema>;
export const cashierReportSorts = ['date', 'direction', 'channel', 'count', 'sum'] as const;
export type CashierReportSort = (typeof cashierReportSorts)[number];
export const cashierReportQuerySchema = reportQuerySchema.extend(
  listSortShape(cashierReportSorts, { sort: 'date', order: 'asc' }),
);
export type CashierReportQuery = z.infer<typeof cashierReportQuerySchema>;

export const playFiguresSchema = z.object({
  bets: moneySchema,
  wins: moneySchema,
  /** Gross gaming revenue: bets − wins. */
  ggr: moneySchema,
  rounds: z.number().int(),
  /** Distinct players who played. */
  players: z.number().int(),
});
export type PlayFigures = z.infer<typeof playFiguresSchema>;

const rangeSchema = z.object({ from: z.string(), to: z.string(), currency: z.string() });

export const dailyPlayReportSchema = rangeSchema.extend({
  /** Every day of the range, oldest first (days without play are zero). */
  days: z.array(playFiguresSchema.extend({ date: z.string() })),
  total: playFiguresSchema,
});
export type DailyPlayReport = z.infer<typeof dailyPlayReportSchema>;

export const vendorPlayReportSchema = rangeSchema.extend({
  /** Vendors with play in the range, highest bets first. */
  vendors: z.array(playFiguresSchema.extend({ vendorCode: z.string(), vendorName: z.string() })),
  total: playFiguresSchema,
});
export type VendorPlayReport = z.infer<typeof vendorPlayReportSchema>;

export const cashierDirections = ['deposit', 'withdrawal'] as const;
export type CashierDirection = (typeof cashierDirections)[number];

/**
 * Completed cashier movements: a deposit counts on the day it was credited, a withdrawal on the day it was
 * approved (paid). The channel of a deposit is its deposit channel; of a withdrawal, the bank or e-wallet paid to.
 */
export const cashierReportSchema = rangeSchema.extend({
  rows: z.array(
    z.object({
      date: z.string(),
      direction: z.enum(cashierDirections),
      channel: z.string(),
      count: z.number().int(),
      sum: moneySchema,
    }),
  ),
  totals: z.object({
    deposits: z.object({ count: z.number().int(), sum: moneySchema }),
    withdrawals: z.object({ count: z.number().int(), sum: moneySchema }),
    /** Deposits minus withdrawals. */
    net: moneySchema,
  }),
});
export type CashierReport = z.infer<typeof cashierReportSchema>;
