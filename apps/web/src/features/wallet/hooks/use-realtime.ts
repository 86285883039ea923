import {
  calls,
  type RealtimeEvent,
  realtimeCloseCodes,
  realtimeServerMessageSchema,
  type WalletBalanceView,
} from '@portal/contract';
import { useToast } from '@portal/ui/toast';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { emitRealtimeNotice } from '@/lib/realtime-events';
import { balanceQueryKey } from '../api/balance';
import { formatDecimal } from '../utils/money';

/** Reconnect delays: 1 s, 2 s, 4 s … capped at 30 s. */
export const reconnectBaseMs = 1000;
export const reconnectMaxMs = 30_000;

export function reconnectDelay(attempt: number): number {
  return Math.min(reconnectMaxMs, reconnectBaseMs * 2 ** attempt);
}

/** `ws(s)://<host>/wps/realtime` of the page's own origin. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${calls.realtime.path}`;
}

/** Close codes after which the same token must not try again (refused) or another socket took over. */
const finalCloseCodes: ReadonlySet<number> = new Set([realtimeCloseCodes.policy, realtimeCloseCodes.replaced]);

/**
 * The realtime socket of a logged-in member or agent (docs/api.md "Realtime socket"): sends the session token
 * first, then keeps the balance query up to date from deposit, withdrawal and balance events and tells the
 * player about deposits and withdrawals. Reconnects with capped exponential backoff after a server restart,
 * a missed heartbeat or a network loss; stops for good on 1008 (refused token) and when `token` goes (logout).
 * Mount once, with `token` null for visitors and trial accounts.
 */
export function useRealtime(token: string | null): void {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  // Texts and the toast API change identity with the language; the socket must not reconnect for that.
  const notify = useRef<(event: RealtimeEvent) => void>(() => undefined);
  notify.current = (event) => {
    if (event.type !== 'deposit' && event.type !== 'withdrawal') return;
    const cached = queryClient.getQueryData<WalletBalanceView>(balanceQueryKey);
    const currency = event.balance ?? cached ?? { symbol: `${event.currency} `, scale: 2 };
    const amount = formatDecimal(event.amount, currency);
    if (event.type === 'deposit') {
      if (event.status === 'arrived') {
        toast.success(t('wallet.events.depositArrived', { amount }), t('wallet.events.depositArrivedTitle'));
      } else {
        toast.error(t('wallet.events.depositFailed', { amount }), t('wallet.events.depositFailedTitle'));
      }
      return;
    }
    if (event.status === 'approved') {
      toast.success(t('wallet.events.withdrawalApproved', { amount }), t('wallet.events.withdrawalApprovedTitle'));
    } else {
      const message = event.reason
        ? t('wallet.events.withdrawalRejectedReason', { amount, reason: event.reason })
        : t('wallet.events.withdrawalRejected', { amount });
      toast.warning(message, t('wallet.events.withdrawalRejectedTitle'));
    }
  };

  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let everReady = false;
    let stopped = false;

    const applyBalance = (balance: WalletBalanceView | null) => {
      if (balance) queryClient.setQueryData(balanceQueryKey, balance);
      else void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    };

    const connect = () => {
      if (stopped) return;
      const current = new WebSocket(realtimeUrl());
      socket = current;
      current.addEventListener('open', () => current.send(JSON.stringify({ type: 'auth', token })));
      current.addEventListener('message', (message) => {
        if (typeof message.data !== 'string') return;
        let json: unknown;
        try {
          json = JSON.parse(message.data);
        } catch {
          return;
        }
        const parsed = realtimeServerMessageSchema.safeParse(json);
        if (!parsed.success) return;
        const data = parsed.data;
        switch (data.type) {
          case 'ready':
            attempt = 0;
            // Delivery is at most once: after a reconnect whatever happened meanwhile is fetched again.
            if (everReady) void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
            everReady = true;
            return;
          case 'balance':
          case 'deposit':
          case 'withdrawal':
            applyBalance(data.balance);
            notify.current(data);
            return;
          case 'notice':
            // Other features' events (such as the inbox's unread count) go out through the shared bus.
            emitRealtimeNotice(data);
            return;
          default:
            return;
        }
      });
      current.addEventListener('close', (event) => {
        if (socket !== current) return;
        socket = null;
        if (stopped || finalCloseCodes.has(event.code)) return;
        timer = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      const open = socket;
      socket = null;
      open?.close(1000, 'logout');
    };
  }, [token, queryClient]);
}
