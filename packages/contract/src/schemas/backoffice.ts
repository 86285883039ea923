import { z } from 'zod';
import {
  depositChannelConfigSchema,
  depositChannelTypes,
  depositStatuses,
  operatorDepositSchema,
  operatorPageSchema,
  operatorWithdrawalSchema,
  withdrawalConfirmations,
  withdrawalStatuses,
} from './cashier';
import { listSortShape } from './list-sort';
import { patternIds, registrationFieldNames } from './register-settings';
import { customerServiceTypes, languageCodeSchema } from './system';

/**
 * The back office (operator console) API under `/bo/api`. Operators are not players: they have their own
 * accounts, roles and sessions, and these calls are not in the player call table (`calls.ts`); the
 * back-office module guards them itself, by the permission each route declares.
 */
export const backofficeApiPrefix = '/bo/api';

/** Paths below `backofficeApiPrefix`; `:id` and `:modId` are path parameters. */
export const backofficePaths = {
  login: '/session/login',
  totp: '/session/totp',
  logout: '/session/logout',
  me: '/session/me',
  password: '/session/password',
  operators: '/operators',
  operator: '/operators/:id',
  operatorDisable: '/operators/:id/disable',
  operatorEnable: '/operators/:id/enable',
  operatorResetTotp: '/operators/:id/reset-2fa',
  operatorResetPassword: '/operators/:id/reset-password',
  audit: '/audit',
  auditVerify: '/audit/verify',
  config: '/config',
  configMaintenance: '/config/maintenance',
  configRegionBlock: '/config/region-block',
  configPayloadEncryption: '/config/payload-encryption',
  configGeneral: '/config/general',
  configFeature: '/config/features/:modId',
  configRegisterFields: '/config/register-fields',
  configCustomerService: '/config/customer-service',
  configResources: '/config/resources',
  cashierDeposits: '/cashier/deposits',
  cashierDepositApprove: '/cashier/deposits/:id/approve',
  cashierDepositReject: '/cashier/deposits/:id/reject',
  cashierDepositReceipt: '/cashier/deposits/:id/receipts/:name',
  cashierWithdrawals: '/cashier/withdrawals',
  cashierWithdrawalApprove: '/cashier/withdrawals/:id/approve',
  cashierWithdrawalReject: '/cashier/withdrawals/:id/reject',
  cashierDepositChannels: '/cashier/deposit-channels',
  cashierDepositChannel: '/cashier/deposit-channels/:code',
  players: '/players',
  player: '/players/:id',
  playerSecurity: '/players/:id/security',
  playerLedger: '/players/:id/ledger',
  playerCashier: '/players/:id/cashier',
  playerDisable: '/players/:id/disable',
  playerEnable: '/players/:id/enable',
  playerForcePassword: '/players/:id/force-password-change',
  playerResetPassword: '/players/:id/reset-password',
  playerResetTwoFactor: '/players/:id/reset-2fa',
  playerUnlock: '/players/:id/unlock',
  playerDownline: '/players/:id/downline',
  adjustments: '/adjustments',
  adjustmentApprove: '/adjustments/:id/approve',
  adjustmentReject: '/adjustments/:id/reject',
  adjustmentPolicy: '/adjustments/policy',
  dashboard: '/dashboard',
} as const;

/** The session cookie of the back office: HttpOnly, SameSite=Strict, path `/bo/api`. */
export const backofficeSessionCookie = 'bo_session';

// ---------------------------------------------------------------------------------------------------------
// Roles and permissions
// ---------------------------------------------------------------------------------------------------------

export const operatorRoles = ['owner', 'finance', 'support', 'content', 'risk'] as const;
export type OperatorRole = (typeof operatorRoles)[number];
export const operatorRoleSchema = z.enum(operatorRoles);

/**
 * What an operator call may need. Reading the site configuration is one permission; each part of it
 * that can be changed has its own, so that a role gets exactly the switches its job needs.
 */
export const operatorPermissions = [
  'config.read',
  'site.maintenance',
  'site.region',
  'site.security',
  'site.general',
  'features.write',
  'registration.write',
  'customerService.write',
  'operators.manage',
  'audit.read',
  'cashier.read',
  'cashier.approve',
  'cashier.channels',
  'players.read',
  'players.status',
  'players.password',
  'adjustments.propose',
  'adjustments.approve',
  'dashboard.read',
  'content.announcements',
  'content.articles',
  'content.help',
  'content.messages',
  'content.feedback',
  'support.chat',
  'games.manage',
  'reports.read',
  'points.goods',
  'points.redemptions',
  'points.settings',
] as const;
export type OperatorPermission = (typeof operatorPermissions)[number];
export const operatorPermissionSchema = z.enum(operatorPermissions);

/**
 * The permission list of each role, checked on every operator call. Owners hold everything. Risk handles
 * threats: maintenance, region blocks, payload encryption, feature switches and registration rules.
 * Content edits what players see of the site (language, CDNs, analytics, support links). Support keeps the
 * customer-service links current. Finance runs the cashier: it reviews deposits and withdrawals and sets the
 * deposit channels; risk may look at them. Players: support reads them and helps with passwords, risk also
 * disables and enables accounts; finance reads them to propose and approve manual adjustments (never its own:
 * the service refuses self-approval, so two finance operators are needed). Content also writes announcements,
 * banners and popups, the news, blog and guide articles, and the help centre; support sends inbox messages to members and works
 * through their feedback.
 * Content also runs the game catalogue (switches, hot flags, order, sync); finance and risk read the play and cashier
 * reports. Points mall: content keeps the goods catalogue; finance decides redemptions (points leave or return) and
 * sets the rates (what points are worth in cash).
 */
export const rolePermissions: Readonly<Record<OperatorRole, readonly OperatorPermission[]>> = {
  owner: operatorPermissions,
  risk: [
    'config.read',
    'site.maintenance',
    'site.region',
    'site.security',
    'features.write',
    'registration.write',
    'audit.read',
    'cashier.read',
    'players.read',
    'players.status',
    'players.password',
    'dashboard.read',
    'reports.read',
  ],
  content: [
    'config.read',
    'site.general',
    'customerService.write',
    'content.announcements',
    'content.articles',
    'content.help',
    'games.manage',
    'points.goods',
  ],
  support: [
    'config.read',
    'customerService.write',
    'players.read',
    'players.password',
    'content.messages',
    'content.feedback',
    'support.chat',
  ],
  finance: [
    'config.read',
    'audit.read',
    'cashier.read',
    'cashier.approve',
    'cashier.channels',
    'players.read',
    'adjustments.propose',
    'adjustments.approve',
    'dashboard.read',
    'reports.read',
    'points.redemptions',
    'points.settings',
  ],
};

export function hasPermission(role: OperatorRole, permission: OperatorPermission): boolean {
  return rolePermissions[role].includes(permission);
}

// ---------------------------------------------------------------------------------------------------------
// Session: password, then TOTP (enrolment on first login)
// ---------------------------------------------------------------------------------------------------------

export const operatorUsernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/);
/** Operator passwords: long rather than clever (NIST SP 800-63B), at most 128 characters. */
export const operatorPasswordSchema = z.string().min(12).max(128);
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

export const operatorLoginInputSchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
});
export type OperatorLoginInput = z.infer<typeof operatorLoginInputSchema>;

/**
 * The answer to a correct password: the second step. `challenge` is a short-lived token for that step.
 * An operator without an authenticator gets `enrol` with the otpauth:// URI (shown as a QR code) and the
 * secret for typing in by hand.
 */
export const operatorLoginStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('totp'), challenge: z.string(), expiresAt: z.string() }),
  z.object({
    step: z.literal('enrol'),
    challenge: z.string(),
    expiresAt: z.string(),
    otpauthUri: z.string(),
    secret: z.string(),
  }),
]);
export type OperatorLoginStep = z.infer<typeof operatorLoginStepSchema>;

export const operatorTotpInputSchema = z.strictObject({
  challenge: z.string().min(16).max(200),
  code: totpCodeSchema,
});
export type OperatorTotpInput = z.infer<typeof operatorTotpInputSchema>;

export const operatorStatuses = ['active', 'disabled'] as const;

export const operatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: operatorRoleSchema,
  status: z.enum(operatorStatuses),
  totpEnrolled: z.boolean(),
  mustChangePassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof operatorSchema>;

/** The signed-in operator, their permissions and when the session ends. */
export const operatorMeSchema = z.object({
  operator: operatorSchema,
  permissions: z.array(operatorPermissionSchema),
  session: z.object({
    /** Idle time after which the session ends without activity. */
    idleTimeoutSeconds: z.number().int(),
    /** The absolute end of the session, whatever the activity. */
    expiresAt: z.string(),
  }),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

export const changeOperatorPasswordInputSchema = z.strictObject({
  currentPassword: z.string().min(1).max(200),
  newPassword: operatorPasswordSchema,
});
export type ChangeOperatorPasswordInput = z.infer<typeof changeOperatorPasswordInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Operators (owner only)
// ---------------------------------------------------------------------------------------------------------

export const operatorIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const createOperatorInputSchema = z.strictObject({
  username: operatorUsernameSchema,
  role: operatorRoleSchema,
});
export type CreateOperatorInput = z.infer<typeof createOperatorInputSchema>;

/** A new operator and the one-time password to hand over; it must be changed at first login. */
export const operatorWithPasswordSchema = z.object({ operator: operatorSchema, initialPassword: z.string() });
export type OperatorWithPassword = z.infer<typeof operatorWithPasswordSchema>;

export const updateOperatorInputSchema = z.strictObject({ role: operatorRoleSchema });
export type UpdateOperatorInput = z.infer<typeof updateOperatorInputSchema>;

/** Columns the operators list sorts on (oldest account first by default). */
export const operatorSorts = ['id', 'username', 'role', 'status', 'lastLoginAt'] as const;
export type OperatorSort = (typeof operatorSorts)[number];
export const operatorQuerySchema = z.object(listSortShape(operatorSorts, { sort: 'id', order: 'asc' }));
export type OperatorQuery = z.infer<typeof operatorQuerySchema>;

export const operatorListSchema = z.object({ items: z.array(operatorSchema) });
export type OperatorList = z.infer<typeof operatorListSchema>;

// ---------------------------------------------------------------------------------------------------------
// Audit log
// ---------------------------------------------------------------------------------------------------------

/** Columns the audit log sorts on (newest first by default). */
export const auditSorts = ['at', 'operator', 'action', 'target'] as const;
export type AuditSort = (typeof auditSorts)[number];

export const auditQuerySchema = z.object({
  ...listSortShape(auditSorts, { sort: 'at', order: 'desc' }),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Operator username, exact (case-insensitive). */
  operator: z.string().trim().max(64).optional(),
  /** Action prefix: `config.` finds every configuration change. */
  action: z.string().trim().max(64).optional(),
  /** Substring of the target. */
  target: z.string().trim().max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorId: z.number().int().nullable(),
  operatorUsername: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Result of recomputing the hash chain from the first row. */
export const auditChainStatusSchema = z.object({
  ok: z.boolean(),
  /** Rows checked (all of them when ok). */
  checked: z.number().int(),
  /** Hash of the last row: write it down somewhere else to detect removal of the newest rows. */
  headHash: z.string().nullable(),
  /** First row whose hash or link does not fit; null when ok. */
  brokenAtId: z.number().int().nullable(),
  checkedAt: z.string(),
});
export type AuditChainStatus = z.infer<typeof auditChainStatusSchema>;

// ---------------------------------------------------------------------------------------------------------
// Site configuration (through the system module)
// ---------------------------------------------------------------------------------------------------------

/** A CDN entry: `/` or a path on the site's own origin (not `//host`), or an absolute http(s) base URL. */
export const cdnEntrySchema = z
  .string()
  .trim()
  .max(300)
  .regex(
    /^(\/(?!\/)\S*|https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?(?:\/\S*)?)$/,
    'Enter / or an http(s) address',
  );

/** Google tag ids: G- (GA4), AW- (Ads), GT-, DC- and the old UA- properties. */
export const gtagIdSchema = z
  .string()
  .trim()
  .regex(/^(G|GT|AW|DC|UA)-[A-Z0-9-]{4,24}$/);

/**
 * Links a customer-service entry may use: web pages, e-mail, phone and the messenger apps' own schemes (the
 * web app refuses any other scheme when it renders, so `javascript:` and the like never reach a player).
 */
export const customerServiceUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(
    /^(?:https?:\/\/[^\s/?#]+\S*|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9()./-]{3,30}|(?:tg|whatsapp|line|zalo):\S+)$/i,
    'Enter a link starting with https://, mailto:, tel:, tg:, whatsapp:, line: or zalo:',
  );

export const ipRangeSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
export const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((value) => value.toUpperCase());

export const maintenanceSettingsSchema = z.object({ enabled: z.boolean(), end: z.string().nullable() });
export const regionBlockSettingsSchema = z.object({ countries: z.array(z.string()), ipRanges: z.array(z.string()) });
export const generalSettingsSchema = z.object({
  defaultLanguage: languageCodeSchema,
  /** Languages the site offers; the default must be one of them. */
  languages: z.array(languageCodeSchema),
  imageCdns: z.array(z.string()),
  launchGameCdns: z.array(z.string()),
  gtagId: z.string().nullable(),
});
export const featureSettingSchema = z.object({
  modId: z.string(),
  parentModId: z.string().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const registerFieldSettingSchema = z.object({
  field: z.enum(registrationFieldNames),
  enabled: z.boolean(),
  required: z.boolean(),
  patternId: z.enum(patternIds),
  acceptedPattern: z.string(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  sort: z.number().int(),
});
export const customerServiceSettingSchema = z.object({
  csType: z.enum(customerServiceTypes),
  title: z.string(),
  url: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export const resourceSettingSchema = z.object({
  resourceType: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
  sort: z.number().int(),
});

/** Everything the operator edits, as stored (read fresh, not from the players' cache). */
export const siteConfigurationSchema = z.object({
  maintenance: maintenanceSettingsSchema,
  regionBlock: regionBlockSettingsSchema,
  payloadEncryption: z.object({ enabled: z.boolean() }),
  general: generalSettingsSchema,
  features: z.array(featureSettingSchema),
  registerFields: z.array(registerFieldSettingSchema),
  customerService: z.array(customerServiceSettingSchema),
  resources: z.array(resourceSettingSchema),
});
export type SiteConfiguration = z.infer<typeof siteConfigurationSchema>;
export type FeatureSetting = z.infer<typeof featureSettingSchema>;
export type RegisterFieldSetting = z.infer<typeof registerFieldSettingSchema>;
export type CustomerServiceSetting = z.infer<typeof customerServiceSettingSchema>;
export type ResourceSetting = z.infer<typeof resourceSettingSchema>;

export const maintenanceInputSchema = z.strictObject({
  enabled: z.boolean(),
  /** ISO 8601 end of the window; null for "until switched off". */
  end: z.iso.datetime({ offset: true }).nullable(),
});
export type MaintenanceInput = z.infer<typeof maintenanceInputSchema>;

export const regionBlockInputSchema = z.strictObject({
  countries: z.array(countryCodeSchema).max(250),
  ipRanges: z.array(z.string().trim().pipe(ipRangeSchema)).max(500),
});
export type RegionBlockInput = z.input<typeof regionBlockInputSchema>;

export const payloadEncryptionInputSchema = z.strictObject({ enabled: z.boolean() });

export const generalSettingsInputSchema = z.strictObject({
  defaultLanguage: languageCodeSchema,
  imageCdns: z.array(cdnEntrySchema).min(1).max(20),
  launchGameCdns: z.array(cdnEntrySchema).min(1).max(20),
  gtagId: gtagIdSchema.nullable(),
});
export type GeneralSettingsInput = z.infer<typeof generalSettingsInputSchema>;

export const featureParamsSchema = z.object({ modId: z.string().min(1).max(40) });
export const featureInputSchema = z.strictObject({ enabled: z.boolean() });

export const registerFieldRuleInputSchema = z
  .strictObject({
    field: z.enum(registrationFieldNames),
    enabled: z.boolean(),
    required: z.boolean(),
    patternId: z.enum(patternIds),
    minLength: z.number().int().min(0).max(500),
    maxLength: z.number().int().min(1).max(500),
  })
  .refine((rule) => rule.minLength <= rule.maxLength, { message: 'min > max', path: ['minLength'] })
  .refine((rule) => rule.enabled || !rule.required, { message: 'required needs enabled', path: ['required'] });
export type RegisterFieldRuleInput = z.infer<typeof registerFieldRuleInputSchema>;

export const registerFieldsInputSchema = z.strictObject({
  rules: z
    .array(registerFieldRuleInputSchema)
    .min(1)
    .max(registrationFieldNames.length)
    .refine((rules) => new Set(rules.map((rule) => rule.field)).size === rules.length, 'each field once'),
});
export type RegisterFieldsInput = z.infer<typeof registerFieldsInputSchema>;

export const customerServiceEntryInputSchema = z.strictObject({
  csType: z.enum(customerServiceTypes),
  title: z.string().trim().min(1).max(60),
  url: customerServiceUrlSchema,
  sort: z.number().int().min(0).max(9999),
  enabled: z.boolean(),
});
export const customerServiceInputSchema = z.strictObject({
  entries: z.array(customerServiceEntryInputSchema).max(30),
});
export type CustomerServiceInput = z.infer<typeof customerServiceInputSchema>;

/**
 * Resource keys as the web app looks them up (Android, IOS, TELEGRAM, WHATSAPP, LITE_APP, LICENCE): a letter,
 * then letters, digits or underscores, within the column's 40 characters.
 */
export const resourceTypePattern = /^[A-Za-z][A-Za-z0-9_]{1,39}$/;
/** Resources are download and community pages opened in a browser, so only web addresses are accepted. */
export const resourceUrlPattern = /^https?:\/\/[^\s/?#]+\S*$/i;

export const resourceEntryInputSchema = z.strictObject({
  resourceType: z.string().trim().regex(resourceTypePattern, 'Letters, digits and _, starting with a letter'),
  labelNameEn: z.string().trim().min(1).max(60),
  url: z.string().trim().min(1).max(500).regex(resourceUrlPattern, 'Enter a link starting with https://'),
  sort: z.number().int().min(0).max(9999),
});
export const resourcesInputSchema = z.strictObject({
  entries: z
    .array(resourceEntryInputSchema)
    .max(30)
    .refine(
      (entries) => new Set(entries.map((entry) => entry.resourceType)).size === entries.length,
      'each resource type once',
    ),
});
export type ResourcesInput = z.infer<typeof resourcesInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Cashier (operator functions of the wallet module; the views are in schemas/cashier.ts)
// ---------------------------------------------------------------------------------------------------------

/**
 * Deposits: `view=pending` lists manual deposits waiting for review; `all` filters by status and type. Without
 * a view: `all` when a filter is given, else `pending`.
 */
/** Columns the cashier queues and histories sort on (oldest first by default: a queue is served in order). */
export const cashierSorts = ['createdAt', 'amount', 'status'] as const;
export type CashierSort = (typeof cashierSorts)[number];

export const cashierDepositQuerySchema = z.object({
  view: z.enum(['pending', 'all']).optional(),
  status: z.enum(depositStatuses).optional(),
  type: z.enum(depositChannelTypes).optional(),
  ...listSortShape(cashierSorts, { sort: 'createdAt', order: 'asc' }),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type CashierDepositQuery = z.infer<typeof cashierDepositQuerySchema>;

/**
 * Withdrawals: `pending`, `disputed` (paid, the member says not or partly received), or `all` filtered by status
 * and confirmation. Without a view: `all` when a filter is given, else `pending`.
 */
export const cashierWithdrawalQuerySchema = z.object({
  view: z.enum(['pending', 'disputed', 'all']).optional(),
  status: z.enum(withdrawalStatuses).optional(),
  confirmation: z.enum(withdrawalConfirmations).optional(),
  ...listSortShape(cashierSorts, { sort: 'createdAt', order: 'asc' }),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type CashierWithdrawalQuery = z.infer<typeof cashierWithdrawalQuerySchema>;

export const cashierReviewParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const cashierReceiptParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string().min(1).max(200),
});
export const cashierChannelParamsSchema = z.object({ code: z.string().trim().min(1).max(40) });

/** A rejection: the reason is shown to the member. */
export const cashierRejectInputSchema = z.strictObject({ reason: z.string().trim().min(1).max(200) });
export type CashierRejectInput = z.infer<typeof cashierRejectInputSchema>;

export const operatorDepositPageSchema = operatorPageSchema(operatorDepositSchema);
export type OperatorDepositPage = z.infer<typeof operatorDepositPageSchema>;
export const operatorWithdrawalPageSchema = operatorPageSchema(operatorWithdrawalSchema);
export type OperatorWithdrawalPage = z.infer<typeof operatorWithdrawalPageSchema>;
export const depositChannelConfigListSchema = z.object({ items: z.array(depositChannelConfigSchema) });
export type DepositChannelConfigList = z.infer<typeof depositChannelConfigListSchema>;
