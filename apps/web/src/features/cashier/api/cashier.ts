import {
  type AddBankAccountInput,
  type BankAccount,
  type BankAccountList,
  type BonusRecordsPage,
  type BonusRecordsQuery,
  bankAccountListSchema,
  bankAccountSchema,
  bonusRecordsPageSchema,
  type ChangePaymentPasswordInput,
  calls,
  type Deposit,
  type DepositChannelList,
  depositChannelListSchema,
  depositSchema,
  type MemberTransferResult,
  type MerchantWallet,
  memberTransferResultSchema,
  merchantWalletSchema,
  type PaymentPasswordResetCode,
  type PersonalProfit,
  type PersonalProfitQuery,
  paymentPasswordResetCodeSchema,
  paymentPasswordResultSchema,
  personalProfitSchema,
  type RecordsPage,
  type RecordsQuery,
  type ResetPaymentPasswordInput,
  recordsPageSchema,
  removedSchema,
  type SetPaymentPasswordInput,
  type TransferDownlineInput,
  type TransferUplineInput,
  type WalletBalanceView,
  type WalletTransferInput,
  type WalletTransferResult,
  type Withdrawal,
  type WithdrawInfo,
  type WithdrawInput,
  walletBalanceViewSchema,
  walletTransferResultSchema,
  withdrawalListSchema,
  withdrawalSchema,
  withdrawInfoSchema,
} from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/**
 * The member's cashier calls (contract `calls`, server `cashier.routes.ts`), as TanStack Query options and
 * mutations. Money-moving mutations take the Idempotency-Key the form chose for this submission, so a retry of
 * the same submission (double click, network loss) can never move money twice.
 */

export const cashierKeys = {
  all: ['cashier'] as const,
  channels: ['cashier', 'deposit-channels'] as const,
  deposit: (id: number) => ['cashier', 'deposit', id] as const,
  withdrawInfo: ['cashier', 'withdraw-info'] as const,
  withdrawals: ['cashier', 'withdrawals'] as const,
  bankAccounts: ['cashier', 'bank-accounts'] as const,
  records: (query: Partial<RecordsQuery>) => ['cashier', 'records', query] as const,
  profit: (query: Partial<PersonalProfitQuery>) => ['cashier', 'profit', query] as const,
  bonus: (query: Partial<BonusRecordsQuery>) => ['cashier', 'bonus', query] as const,
  merchantWallet: ['cashier', 'merchant-wallet'] as const,
} as const;

/** The header's balance entry (`features/wallet` owns it; the same key keeps both in step). */
export const walletBalanceKey = ['wallet', 'balance'] as const;

export function balanceQueryOptions() {
  return queryOptions({
    queryKey: walletBalanceKey,
    queryFn: ({ signal }): Promise<WalletBalanceView> =>
      apiCall(calls.walletBalance, { schema: walletBalanceViewSchema, signal }),
    staleTime: 30_000,
  });
}

export function depositChannelsQueryOptions() {
  return queryOptions({
    queryKey: cashierKeys.channels,
    queryFn: ({ signal }): Promise<DepositChannelList> =>
      apiCall(calls.depositChannels, { schema: depositChannelListSchema, signal }),
  });
}

/** A deposit's state; while a gateway deposit is pending the server asks the gateway, so poll it. */
export function depositQueryOptions(id: number) {
  return queryOptions({
    queryKey: cashierKeys.deposit(id),
    queryFn: ({ signal }): Promise<Deposit> =>
      apiCall(calls.depositStatus, { schema: depositSchema, query: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3000 : false),
    staleTime: 0,
  });
}

export function withdrawInfoQueryOptions() {
  return queryOptions({
    queryKey: cashierKeys.withdrawInfo,
    queryFn: ({ signal }): Promise<WithdrawInfo> => apiCall(calls.withdrawInfo, { schema: withdrawInfoSchema, signal }),
    staleTime: 0,
  });
}

export function withdrawalsQueryOptions() {
  return queryOptions({
    queryKey: cashierKeys.withdrawals,
    queryFn: async ({ signal }): Promise<Withdrawal[]> =>
      (await apiCall(calls.withdrawals, { schema: withdrawalListSchema, signal })).items,
    staleTime: 0,
  });
}

export function bankAccountsQueryOptions() {
  return queryOptions({
    queryKey: cashierKeys.bankAccounts,
    queryFn: ({ signal }): Promise<BankAccountList> =>
      apiCall(calls.bankAccounts, { schema: bankAccountListSchema, signal }),
  });
}

export function recordsQueryOptions(query: Partial<RecordsQuery>) {
  return queryOptions({
    queryKey: cashierKeys.records(query),
    queryFn: ({ signal }): Promise<RecordsPage> =>
      apiCall(calls.cashierRecords, { schema: recordsPageSchema, query, signal }),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}

/** After money moved: the balance, the cashier lists and the records are stale. */
function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    void queryClient.invalidateQueries({ queryKey: cashierKeys.all });
  };
}

export function useCreateDeposit() {
  return useMutation({
    mutationFn: (input: { channelCode: string; amount: string; idempotencyKey: string }) =>
      apiCall(calls.deposit, {
        body: { channelCode: input.channelCode, amount: input.amount },
        idempotencyKey: input.idempotencyKey,
        schema: depositSchema,
      }),
  });
}

export function useManualDeposit() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (input: {
      channelCode: string;
      amount: string;
      reference: string;
      receipts: readonly File[];
      idempotencyKey: string;
    }) => {
      const form = new FormData();
      form.append('channelCode', input.channelCode);
      form.append('amount', input.amount);
      form.append('reference', input.reference);
      for (const file of input.receipts) form.append('receipts', file, file.name);
      return apiCall(calls.manualDeposit, { body: form, idempotencyKey: input.idempotencyKey, schema: depositSchema });
    },
    onSuccess: refresh,
  });
}

export function useSetPaymentPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetPaymentPasswordInput) =>
      apiCall(calls.paymentPasswordSet, { body: input, schema: paymentPasswordResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashierKeys.withdrawInfo }),
  });
}

export function useAddBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddBankAccountInput): Promise<BankAccount> =>
      apiCall(calls.addBankAccount, { body: input, schema: bankAccountSchema }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cashierKeys.bankAccounts }),
        queryClient.invalidateQueries({ queryKey: cashierKeys.withdrawInfo }),
      ]);
    },
  });
}

export function useRemoveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(calls.removeBankAccount, { query: { id }, schema: removedSchema }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cashierKeys.bankAccounts }),
        queryClient.invalidateQueries({ queryKey: cashierKeys.withdrawInfo }),
      ]);
    },
  });
}

export function useWithdraw() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (input: WithdrawInput & { idempotencyKey: string }): Promise<Withdrawal> => {
      const { idempotencyKey, ...body } = input;
      return apiCall(calls.withdraw, { body, idempotencyKey, schema: withdrawalSchema });
    },
    onSuccess: refresh,
  });
}

export function useConfirmWithdrawal() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (input: {
      withdrawalId: number;
      result: 'received' | 'not_received' | 'partial';
      receivedAmount?: string;
      note?: string;
      proofs: readonly File[];
    }): Promise<Withdrawal> => {
      if (input.proofs.length === 0) {
        const body = {
          withdrawalId: input.withdrawalId,
          result: input.result,
          ...(input.receivedAmount ? { receivedAmount: input.receivedAmount } : {}),
          ...(input.note ? { note: input.note } : {}),
        };
        return apiCall(calls.withdrawConfirm, { body, schema: withdrawalSchema });
      }
      const form = new FormData();
      form.append('withdrawalId', String(input.withdrawalId));
      form.append('result', input.result);
      if (input.receivedAmount) form.append('receivedAmount', input.receivedAmount);
      if (input.note) form.append('note', input.note);
      for (const file of input.proofs) form.append('proofs', file, file.name);
      return apiCall(calls.withdrawConfirm, { body: form, schema: withdrawalSchema });
    },
    onSuccess: refresh,
  });
}

export function useTransferUpline() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (input: TransferUplineInput & { idempotencyKey: string }): Promise<MemberTransferResult> => {
      const { idempotencyKey, ...body } = input;
      return apiCall(calls.transferUpline, { body, idempotencyKey, schema: memberTransferResultSchema });
    },
    onSuccess: refresh,
  });
}

export function useTransferDownline() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (input: TransferDownlineInput & { idempotencyKey: string }): Promise<MemberTransferResult> => {
      const { idempotencyKey, ...body } = input;
      return apiCall(calls.transferDownline, { body, idempotencyKey, schema: memberTransferResultSchema });
    },
    onSuccess: refresh,
  });
}

export function personalProfitQueryOptions(query: Partial<PersonalProfitQuery>) {
  return queryOptions({
    queryKey: cashierKeys.profit(query),
    queryFn: ({ signal }): Promise<PersonalProfit> =>
      apiCall(calls.personalProfit, { schema: personalProfitSchema, query, signal }),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}

export function bonusDetailsQueryOptions(query: Partial<BonusRecordsQuery>) {
  return queryOptions({
    queryKey: cashierKeys.bonus(query),
    queryFn: ({ signal }): Promise<BonusRecordsPage> =>
      apiCall(calls.bonusDetails, { schema: bonusRecordsPageSchema, query, signal }),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}

/** The vendors that keep their own (transfer-mode) wallet. */
export function merchantWalletQueryOptions() {
  return queryOptions({
    queryKey: cashierKeys.merchantWallet,
    queryFn: ({ signal }): Promise<MerchantWallet> =>
      apiCall(calls.merchantWallet, { schema: merchantWalletSchema, signal }),
    staleTime: 60_000,
  });
}

/** `GCS_walletTransfer`: main wallet to a transfer-mode vendor (in), back (out) or everything back (all_out). */
export function useWalletTransfer() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (input: WalletTransferInput & { idempotencyKey: string }): Promise<WalletTransferResult> => {
      const { idempotencyKey, ...body } = input;
      return apiCall(calls.walletTransfer, { body, idempotencyKey, schema: walletTransferResultSchema });
    },
    onSettled: refresh,
  });
}

export function useChangePaymentPassword() {
  return useMutation({
    mutationFn: (input: ChangePaymentPasswordInput) =>
      apiCall(calls.paymentPasswordChange, { body: input, schema: paymentPasswordResultSchema }),
  });
}

export function useSendPaymentPasswordResetCode() {
  return useMutation({
    mutationFn: (): Promise<PaymentPasswordResetCode> =>
      apiCall(calls.paymentPasswordResetCode, { schema: paymentPasswordResetCodeSchema }),
  });
}

export function useResetPaymentPassword() {
  return useMutation({
    mutationFn: (input: ResetPaymentPasswordInput) =>
      apiCall(calls.paymentPasswordReset, { body: input, schema: paymentPasswordResultSchema }),
  });
}
