import { z } from 'zod';

/**
 * The amounts every money-carrying schema shares, and the member's balance view. They live apart from the wallet
 * and cashier schemas so that a module needing only an amount or the balance (a game's jackpot, a points price, the
 * balance after a game launch) does not build those whole modules: each schema is built when its module first runs,
 * and the player portal's home page loads the games schemas.
 */

/** A signed integer of minor units as a decimal string. */
export const minorAmountSchema = z.string().regex(/^-?\d{1,19}$/, 'an integer amount of minor units');

/** An amount as the client shows it (`amount`, at the currency's scale) and as it counts (`minor`). */
export const moneySchema = z.object({
  amount: z.string().describe('Decimal string at the currency scale, such as "1234.50"'),
  minor: minorAmountSchema,
});
export type Money = z.infer<typeof moneySchema>;

/**
 * An amount typed by the member. The server refuses (translated) what is not a positive decimal number, has
 * more decimals than the currency allows, or is absurdly large; so the schema only bounds the length.
 */
export const amountInputSchema = z
  .string()
  .max(40)
  .describe('Decimal string in major units, such as "500" or "500.25"; at most the currency scale of decimals');

// ---------------------------------------------------------------- balance

export const vendorBalanceSchema = z.object({ vendor: z.string(), balance: moneySchema });

/** `/wps/v2/wallets/balance`: the main wallet and the transfer-mode vendor wallets. */
export const walletBalanceViewSchema = z.object({
  currency: z.string().length(3),
  scale: z.number().int().min(0),
  symbol: z.string(),
  /** What can be spent or withdrawn now (the main wallet less withdrawals awaiting review). */
  main: moneySchema,
  /** Withdrawals requested and not yet approved or rejected. */
  onHold: moneySchema,
  /** Balances kept at transfer-mode vendors (none until the games module adds vendors). */
  vendors: z.array(vendorBalanceSchema),
  /** main + onHold + vendors. */
  total: moneySchema,
});
export type WalletBalanceView = z.infer<typeof walletBalanceViewSchema>;
