import type { RealtimeEvent, WalletBalanceView } from '@portal/contract';
import type { MemberNotice } from '../wallet';
import type { RealtimeLog, RealtimeService } from './realtime.service';

export type CashierNoticeRelayDeps = {
  realtime: Pick<RealtimeService, 'publishToAccount' | 'isListening'>;
  /** The member's wallet as `/wps/v2/wallets/balance` shows it; a failure sends the event with `balance: null`. */
  balance(accountId: number): Promise<WalletBalanceView>;
  log: RealtimeLog;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));
const id = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

/** The socket event of a cashier notice (deposit arrived/failed, withdrawal approved/rejected). */
export function cashierNoticeEvent(notice: MemberNotice, balance: WalletBalanceView | null): RealtimeEvent {
  const { params } = notice;
  const common = { amount: text(params.amount), currency: text(params.currency), balance };
  switch (notice.kind) {
    case 'deposit_arrived':
    case 'deposit_failed':
      return {
        type: 'deposit',
        status: notice.kind === 'deposit_arrived' ? 'arrived' : 'failed',
        depositId: id(params.depositId),
        ...common,
      };
    case 'withdrawal_approved':
    case 'withdrawal_rejected':
      return {
        type: 'withdrawal',
        status: notice.kind === 'withdrawal_approved' ? 'approved' : 'rejected',
        withdrawalId: id(params.withdrawalId),
        ...(typeof params.reason === 'string' ? { reason: params.reason } : {}),
        ...common,
      };
  }
}

/**
 * The cashier's `onNotice` hook: when a socket of the member is connected, reads the new balance and publishes the
 * notice to the member's sockets.
 * Fire-and-forget (the cashier's call does not wait); failures are logged, the notice stays in the inbox.
 */
export function createCashierNoticeRelay(deps: CashierNoticeRelayDeps): (notice: MemberNotice) => void {
  return (notice) => {
    void (async () => {
      // The event is for open sockets only (the inbox keeps the message): nobody listening, nothing to read.
      if (!(await deps.realtime.isListening(notice.accountId))) return;
      const balance = await deps.balance(notice.accountId).catch((error: unknown) => {
        deps.log.warn({ err: error, accountId: notice.accountId }, 'realtime: balance not read for a notice');
        return null;
      });
      await deps.realtime.publishToAccount(notice.accountId, cashierNoticeEvent(notice, balance));
    })().catch((error: unknown) => deps.log.error({ err: error, notice }, 'realtime: notice not published'));
  };
}
