import { useToast } from '@portal/ui/toast';
import { useTranslation } from 'react-i18next';
import { useCashierQueueEvents } from '@/lib/cashier-queue-events';
import { formatAmount } from './cashier-shared';

/**
 * A quiet notice, on whatever console page the operator is, when something new waits in a cashier queue: a manual
 * deposit filed, a withdrawal requested, a paid one disputed. Decisions are not announced (the operator who made
 * one sees its own confirmation; the others see the item leave their queue).
 */
export function CashierQueueAlerts() {
  const { t } = useTranslation();
  const toast = useToast();
  useCashierQueueEvents((message) => {
    if (message.type === 'ready') return;
    const details = {
      member: message.member.username ?? `#${message.member.id}`,
      amount: `${formatAmount(message.amount)} ${message.currency}`,
    };
    if (message.type === 'deposit' && message.action === 'submitted') {
      toast.show({ tone: 'info', title: t('cashierLive.newDeposit'), message: t('cashierLive.details', details) });
    } else if (message.type === 'withdrawal' && message.action === 'requested') {
      toast.show({ tone: 'info', title: t('cashierLive.newWithdrawal'), message: t('cashierLive.details', details) });
    } else if (message.type === 'withdrawal' && message.action === 'disputed') {
      toast.show({ tone: 'warning', title: t('cashierLive.newDispute'), message: t('cashierLive.details', details) });
    }
  });
  return null;
}
