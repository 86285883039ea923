import type { BankAccount } from '@portal/contract';
import type { BankAccountRow } from './cashier.repository';

/** Only the last 4 digits of an account number are ever shown to the member. */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}

export function bankAccountView(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    kind: row.kind as BankAccount['kind'],
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    holderName: row.holderName,
    branch: row.branch,
    createdAt: row.createdAt.toISOString(),
  };
}
