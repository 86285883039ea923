import { z } from 'zod';
import { amountInputSchema, moneySchema } from './money';

/**
 * The cashier: balance, payment password, bank accounts, deposits, withdrawals, member transfers and the
 * account record (spec sections 2 "Member centre pages", 3, 4 and 9). Amounts come in as decimal strings in
 * major units ("500", "500.25"), which the server checks against the merchant currency's scale; they go out
 * as `Money`: the same decimal string at the currency's scale and the integer of minor units.
 */

const text = (max: number) => z.string().max(max);
const isoDateTime = z.string().describe('ISO 8601 date and time');

// ---------------------------------------------------------------- balance

/** `GCS_merchantWallet`: single wallet while no vendor keeps its own (transfer-mode) wallet. */
export const merchantWalletSchema = z.object({
  isSingle: z.boolean(),
  transferVendors: z.array(z.string()),
});
export type MerchantWallet = z.infer<typeof merchantWalletSchema>;

/** `/wps/member/info/funds/consolidated` (AGENTPOLICY3): money figures of the member for the member centre. */
export const consolidatedFundsSchema = z.object({
  currency: z.string().length(3),
  scale: z.number().int().min(0),
  balance: moneySchema,
  pendingWithdrawal: moneySchema,
  pendingWithdrawalCount: z.number().int().min(0),
  todayDeposit: moneySchema,
  todayDepositCount: z.number().int().min(0),
  todayWithdrawal: moneySchema,
  todayWithdrawalCount: z.number().int().min(0),
  /** Start of the cashier's day these figures count from (CASHIER_DAY_UTC_OFFSET_MINUTES). */
  dayStartsAt: isoDateTime,
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFundsSchema>;

// ---------------------------------------------------------------- payment password

/** First payment (withdrawal) password: proves the member with the login password. */
export const setPaymentPasswordInputSchema = z.strictObject({
  loginPassword: text(128),
  paymentPassword: text(64),
  confirmPaymentPassword: text(64),
});
export type SetPaymentPasswordInput = z.infer<typeof setPaymentPasswordInputSchema>;

export const changePaymentPasswordInputSchema = z.strictObject({
  oldPaymentPassword: text(64),
  paymentPassword: text(64),
  confirmPaymentPassword: text(64),
});
export type ChangePaymentPasswordInput = z.infer<typeof changePaymentPasswordInputSchema>;

export const paymentPasswordResultSchema = z.object({ hasPaymentPassword: z.literal(true) });

// ---------------------------------------------------------------- bank accounts

export const payoutKinds = ['bank', 'ewallet'] as const;
export type PayoutKind = (typeof payoutKinds)[number];

/** Where members can be paid: banks and e-wallets of the seeded market (Bangladesh). */
export const payoutBanks = [
  { code: 'BKASH', kind: 'ewallet', name: 'bKash' },
  { code: 'NAGAD', kind: 'ewallet', name: 'Nagad' },
  { code: 'ROCKET', kind: 'ewallet', name: 'Rocket' },
  { code: 'UPAY', kind: 'ewallet', name: 'Upay' },
  { code: 'DBBL', kind: 'bank', name: 'Dutch-Bangla Bank' },
  { code: 'BRAC', kind: 'bank', name: 'BRAC Bank' },
  { code: 'CITY', kind: 'bank', name: 'The City Bank' },
  { code: 'ISLAMI', kind: 'bank', name: 'Islami Bank Bangladesh' },
  { code: 'SONALI', kind: 'bank', name: 'Sonali Bank' },
  { code: 'EBL', kind: 'bank', name: 'Eastern Bank' },
] as const satisfies readonly { code: string; kind: PayoutKind; name: string }[];
export type PayoutBankCode = (typeof payoutBanks)[number]['code'];

export const payoutBankSchema = z.object({ code: z.string(), kind: z.enum(payoutKinds), name: z.string() });

export const addBankAccountInputSchema = z.strictObject({
  bankCode: text(20).describe('A code of `banks` in the list answer'),
  accountNumber: text(40).describe('Bank account number, or the e-wallet mobile number; digits only'),
  holderName: text(120).describe("Must equal the account's payee (real) name; sets it when none is set yet"),
  branch: text(120).optional(),
});
export type AddBankAccountInput = z.infer<typeof addBankAccountInputSchema>;

export const bankAccountSchema = z.object({
  id: z.number().int(),
  kind: z.enum(payoutKinds),
  bankCode: z.string(),
  bankName: z.string(),
  /** Only the last 4 digits are shown. */
  accountNumberMasked: z.string(),
  holderName: z.string(),
  branch: z.string().nullable(),
  createdAt: isoDateTime,
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountListSchema = z.object({
  items: z.array(bankAccountSchema),
  /** How many a member may bind (BANK_ACCOUNTS_MAX). */
  max: z.number().int(),
  /** The payee name new accounts must carry; null until the first account is bound. */
  payeeName: z.string().nullable(),
  banks: z.array(payoutBankSchema),
});
export type BankAccountList = z.infer<typeof bankAccountListSchema>;

export const removeBankAccountQuerySchema = z.strictObject({ id: z.coerce.number().int().positive() });
export const removedSchema = z.object({ removed: z.literal(true) });

// ---------------------------------------------------------------- deposits

export const depositChannelTypes = ['gateway', 'manual'] as const;
export type DepositChannelType = (typeof depositChannelTypes)[number];
export const depositMethods = ['ewallet', 'qr', 'bank_transfer'] as const;
export type DepositMethod = (typeof depositMethods)[number];

/** Where a manual deposit is paid to, shown to the member. */
export const depositPayeeSchema = z.object({
  bankName: z.string(),
  accountNumber: z.string(),
  holderName: z.string(),
});
export type DepositPayee = z.infer<typeof depositPayeeSchema>;

export const depositChannelSchema = z.object({
  code: z.string(),
  type: z.enum(depositChannelTypes),
  method: z.enum(depositMethods),
  name: z.string(),
  min: moneySchema,
  max: moneySchema,
  presets: z.array(moneySchema),
  /** Manual channels: the account to transfer to. */
  payee: depositPayeeSchema.nullable(),
});
export type DepositChannel = z.infer<typeof depositChannelSchema>;

export const depositChannelListSchema = z.object({
  currency: z.string().length(3),
  scale: z.number().int().min(0),
  channels: z.array(depositChannelSchema),
});
export type DepositChannelList = z.infer<typeof depositChannelListSchema>;

/** A deposit through a payment gateway: the answer carries the gateway page to send the member to. */
export const depositInputSchema = z.strictObject({
  channelCode: text(40),
  amount: amountInputSchema,
});
export type DepositInput = z.infer<typeof depositInputSchema>;

/** What the server makes of the multipart form of a manual deposit (fields `channelCode`, `amount`, `reference`, 1–3 files `receipts`). */
export const uploadedFileSchema = z.object({
  type: z.enum(['png', 'jpeg']),
  size: z.number().int(),
  sha256: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const manualDepositFormSchema = z.strictObject({
  channelCode: text(40),
  amount: amountInputSchema,
  /** The member's transfer reference (bank transaction id). */
  reference: text(64),
  receipts: z.array(uploadedFileSchema).max(3),
});
export type ManualDepositForm = z.infer<typeof manualDepositFormSchema>;

export const depositStatuses = ['pending', 'approved', 'rejected', 'failed'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

export const depositSchema = z.object({
  id: z.number().int(),
  channelCode: z.string(),
  type: z.enum(depositChannelTypes),
  amount: moneySchema,
  status: z.enum(depositStatuses),
  /** Gateway deposits: the page where the member pays. */
  redirectUrl: z.string().nullable(),
  reference: z.string().nullable(),
  receiptCount: z.number().int(),
  rejectReason: z.string().nullable(),
  createdAt: isoDateTime,
  completedAt: isoDateTime.nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const depositStatusQuerySchema = z.strictObject({ id: z.coerce.number().int().positive() });

// ---------------------------------------------------------------- withdrawals

export const withdrawInputSchema = z.strictObject({
  amount: amountInputSchema,
  bankAccountId: z.number().int().positive(),
  paymentPassword: text(64),
});
export type WithdrawInput = z.infer<typeof withdrawInputSchema>;

export const withdrawalStatuses = ['pending', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
/** The member's word on a paid withdrawal (spec section 4); `auto_received` when the time limit ran out. */
export const withdrawalConfirmations = ['received', 'not_received', 'partial', 'auto_received'] as const;
export type WithdrawalConfirmation = (typeof withdrawalConfirmations)[number];

export const withdrawalSchema = z.object({
  id: z.number().int(),
  amount: moneySchema,
  status: z.enum(withdrawalStatuses),
  bankAccount: z.object({ bankName: z.string(), accountNumberMasked: z.string(), holderName: z.string() }),
  rejectReason: z.string().nullable(),
  confirmation: z.enum(withdrawalConfirmations).nullable(),
  receivedAmount: moneySchema.nullable(),
  createdAt: isoDateTime,
  reviewedAt: isoDateTime.nullable(),
  confirmedAt: isoDateTime.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalListSchema = z.object({ items: z.array(withdrawalSchema) });

/** What the withdraw page needs before the member types anything. */
export const withdrawInfoSchema = z.object({
  currency: z.string().length(3),
  scale: z.number().int().min(0),
  available: moneySchema,
  min: moneySchema,
  max: moneySchema,
  dailyMaxCount: z.number().int(),
  dailyMaxAmount: moneySchema,
  todayCount: z.number().int(),
  todayAmount: moneySchema,
  hasPaymentPassword: z.boolean(),
  bankAccounts: z.array(bankAccountSchema),
});
export type WithdrawInfo = z.infer<typeof withdrawInfoSchema>;

/**
 * The member's confirmation of a paid withdrawal: JSON, or a multipart form with the same fields and 1–3
 * proof images (`proofs`), which `partial` requires.
 */
export const withdrawConfirmFormSchema = z.strictObject({
  withdrawalId: z.coerce.number().int().positive(),
  result: z.enum(['received', 'not_received', 'partial']),
  receivedAmount: amountInputSchema.optional(),
  note: text(140).optional(),
  proofs: z.array(uploadedFileSchema).max(3).optional(),
});
export type WithdrawConfirmForm = z.infer<typeof withdrawConfirmFormSchema>;

// ---------------------------------------------------------------- member transfers

export const transferUplineInputSchema = z.strictObject({
  amount: amountInputSchema,
  paymentPassword: text(64),
});
export type TransferUplineInput = z.infer<typeof transferUplineInputSchema>;

/** An agent pays one of its own (direct) downline members, named by id or username. */
export const transferDownlineInputSchema = z
  .strictObject({
    downlineId: z.number().int().positive().optional(),
    downlineUsername: text(64).optional(),
    amount: amountInputSchema,
    paymentPassword: text(64),
  })
  .refine((input) => (input.downlineId === undefined) !== (input.downlineUsername === undefined), {
    message: 'Name the downline by downlineId or by downlineUsername',
    path: ['downlineId'],
  });
export type TransferDownlineInput = z.infer<typeof transferDownlineInputSchema>;

export const memberTransferResultSchema = z.object({
  transferId: z.number().int(),
  amount: moneySchema,
  /** The sender's main balance after the transfer. */
  balance: moneySchema,
  to: z.object({ id: z.number().int(), username: z.string() }),
});
export type MemberTransferResult = z.infer<typeof memberTransferResultSchema>;

// ---------------------------------------------------------------- account record

export const recordTypes = ['DEPOSIT', 'WITHDRAWAL', 'TRANSFER', 'GAME', 'BONUS', 'ADJUSTMENT'] as const;
export type RecordType = (typeof recordTypes)[number];
export const recordStatuses = ['pending', 'completed', 'rejected', 'failed'] as const;
export type RecordStatus = (typeof recordStatuses)[number];

const dateInput = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd')
  .describe('A day (yyyy-MM-dd) of the cashier day (CASHIER_DAY_UTC_OFFSET_MINUTES)');

/** Filters of the account record; `ODSFE2_MemTransDet` takes them as its body, `/wps/cashier/records` as its query. */
export const recordsQuerySchema = z.strictObject({
  startDate: dateInput.optional(),
  endDate: dateInput.optional().describe('Inclusive'),
  type: z.enum(recordTypes).optional(),
  status: z.enum(recordStatuses).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type RecordsQuery = z.infer<typeof recordsQuerySchema>;

export const recordItemSchema = z.object({
  /** D<id> deposit, W<id> withdrawal, L<id> ledger entry. */
  id: z.string(),
  type: z.enum(recordTypes),
  /** The ledger kind or the request's channel, for the detail line. */
  detail: z.string(),
  status: z.enum(recordStatuses),
  /** Signed from the member's side: negative when money left the main wallet. */
  amount: moneySchema,
  /** Main balance right after a completed movement; null for requests. */
  balanceAfter: moneySchema.nullable(),
  createdAt: isoDateTime,
});
export type RecordItem = z.infer<typeof recordItemSchema>;

export const recordsPageSchema = z.object({
  items: z.array(recordItemSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type RecordsPage = z.infer<typeof recordsPageSchema>;

// ---------------------------------------------------------------- member notices

/** Spec section 4: "Withdrawal messages: approved, rejected; deposit: arrived, failed." */
export const memberNoticeKinds = [
  'deposit_arrived',
  'deposit_failed',
  'withdrawal_approved',
  'withdrawal_rejected',
] as const;
export type MemberNoticeKind = (typeof memberNoticeKinds)[number];

// ---------------------------------------------------------------- operator views (back office)

const memberRefSchema = z.object({ id: z.number().int(), username: z.string().nullable() });

/** A deposit as the back office reviews it (manual deposits wait for an operator). */
export const operatorDepositSchema = depositSchema.extend({
  member: memberRefSchema,
  currency: z.string().length(3),
  gateway: z.string().nullable(),
  gatewayTxnId: z.string().nullable(),
  /** Stored receipt files; read one with the cashier's `readUpload(name)`. */
  receipts: z.array(z.object({ name: z.string(), type: z.enum(['png', 'jpeg']), size: z.number().int() })),
  /** A gateway answer that contradicted the deposit's final state (for reconciliation). */
  lateGatewayStatus: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  ledgerTransferId: z.number().int().nullable(),
});
export type OperatorDeposit = z.infer<typeof operatorDepositSchema>;

/** A withdrawal as the back office reviews it: the full payee account, to pay it. */
export const operatorWithdrawalSchema = withdrawalSchema.extend({
  member: memberRefSchema,
  currency: z.string().length(3),
  payTo: z.object({
    bankCode: z.string(),
    bankName: z.string(),
    accountNumber: z.string(),
    holderName: z.string(),
    branch: z.string().nullable(),
  }),
  confirmationNote: z.string().nullable(),
  proofs: z.array(z.object({ name: z.string(), type: z.enum(['png', 'jpeg']), size: z.number().int() })),
  reviewedBy: z.string().nullable(),
  holdTransferId: z.number().int().nullable(),
  resolutionTransferId: z.number().int().nullable(),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawalSchema>;

export const operatorPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });

/** A deposit channel with everything an operator may change. */
export const depositChannelConfigSchema = z.object({
  code: z.string(),
  type: z.enum(depositChannelTypes),
  gateway: z.string().nullable(),
  method: z.enum(depositMethods),
  nameEn: z.string(),
  nameBn: z.string(),
  min: moneySchema,
  max: moneySchema,
  presets: z.array(moneySchema),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  payee: depositPayeeSchema.nullable(),
  updatedAt: isoDateTime,
  updatedBy: z.string().nullable(),
});
export type DepositChannelConfig = z.infer<typeof depositChannelConfigSchema>;

/** Amounts as decimal strings in major units, like the member's. */
export const updateDepositChannelInputSchema = z.strictObject({
  enabled: z.boolean().optional(),
  minAmount: amountInputSchema.optional(),
  maxAmount: amountInputSchema.optional(),
  presets: z.array(amountInputSchema).max(12).optional(),
  nameEn: text(60).optional(),
  nameBn: text(60).optional(),
  sortOrder: z.number().int().min(0).max(1000).optional(),
  payee: depositPayeeSchema.nullable().optional(),
});
export type UpdateDepositChannelInput = z.infer<typeof updateDepositChannelInputSchema>;
