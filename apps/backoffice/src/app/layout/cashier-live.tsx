import { Badge } from '@portal/ui/badge';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CashierQueueAlerts } from '@/features/cashier/components/cashier-queue-alerts';
import { CashierQueueEventsProvider, useCashierQueueStatus } from '@/lib/cashier-queue-events';

/**
 * The console's live cashier queues: one socket for the whole shell (operators with `cashier.read` only), the
 * notices of new items on every page, and the queue sizes in the navigation.
 */
export function CashierLiveShell({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  return (
    <CashierQueueEventsProvider enabled={enabled}>
      {enabled && <CashierQueueAlerts />}
      {children}
    </CashierQueueEventsProvider>
  );
}

/** How many items wait in a queue, beside its navigation link; nothing until the socket has said, or at zero. */
export function NavQueueCount({ queue }: { queue: 'deposits' | 'withdrawals' }) {
  const { t } = useTranslation();
  const { counts } = useCashierQueueStatus();
  const count = counts?.[queue] ?? 0;
  if (count === 0) return null;
  return (
    <span className="bo-nav__count" data-testid={`nav-count-${queue}`}>
      <Badge count={count} tone="primary" label={t('cashierLive.waiting', { count })} />
    </span>
  );
}
