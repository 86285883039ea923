import type { Money } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pill, type PillTone } from '@/components/ui/panel';
import { useCashierQueueStatus } from '@/lib/cashier-queue-events';
import { cashierPollMs } from '../api/cashier';

/**
 * An amount as operators compare it with bank statements: Latin digits, thousands separators and two
 * decimals ("12,500.00"), formatted from the decimal string so no float rounding creeps in.
 */
export function formatAmount(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^[-+]/, '').split('.');
  const grouped = (whole.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = fraction.length >= 2 ? fraction : fraction.padEnd(2, '0');
  return `${negative ? '-' : ''}${grouped}.${decimals}`;
}

export function MoneyCell({ money, currency }: { money: Money; currency: string }) {
  return (
    <span className="bo-cashier__money">
      <span className="bo-cashier__amount">{formatAmount(money.amount)}</span>
      <span className="bo-cashier__currency">{currency}</span>
    </span>
  );
}

export function MemberCell({ member }: { member: { id: number; username: string | null } }) {
  return (
    <span className="bo-cashier__member">
      <span className="bo-cashier__member-name">{member.username ?? '—'}</span>
      <span className="bo-cashier__member-id">#{member.id}</span>
    </span>
  );
}

const statusTones: Record<string, PillTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  failed: 'danger',
};

export function StatusPill({ status }: { status: 'pending' | 'approved' | 'rejected' | 'failed' }) {
  const { t } = useTranslation();
  return <Pill tone={statusTones[status] ?? 'neutral'}>{t(`cashier.status.${status}`)}</Pill>;
}

export type RejectDialogProps = {
  open: boolean;
  title: ReactNode;
  intro: ReactNode;
  busy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
};

/** Asks for the reason of a rejection (shown to the member); the reject button stays off until there is one. */
export function RejectDialog({ open, title, intro, busy, onReject, onClose }: RejectDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = reason.trim();
  const close = () => {
    setReason('');
    setTouched(false);
    onClose();
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (!trimmed) return;
    onReject(trimmed);
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      size="sm"
      closeLabel={t('ui.close')}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            {t('ui.cancel')}
          </Button>
          <Button variant="danger" onClick={() => submit()} loading={busy} disabled={!trimmed}>
            {t('cashier.reject')}
          </Button>
        </>
      }
    >
      <form className="bo-cashier__reject" onSubmit={submit}>
        <p>{intro}</p>
        <Input
          label={t('cashier.reason')}
          required
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !trimmed ? t('cashier.reasonRequired') : null}
          hint={t('cashier.reasonHint')}
        />
      </form>
    </Modal>
  );
}

/**
 * Beside a queue's title: whether it is live (pushed by the server) or, while the socket is down, refreshing itself
 * every few seconds. Announced politely, so that a screen reader hears the connection drop and come back.
 */
export function LiveQueueStatus() {
  const { t } = useTranslation();
  const { status } = useCashierQueueStatus();
  if (status === 'off') return null;
  return (
    <span
      className={cx('bo-cashier__live', `bo-cashier__live--${status}`)}
      role="status"
      title={status === 'live' ? t('cashierLive.liveHint') : status === 'offline' ? t('cashierLive.offlineHint') : ''}
      data-testid="queue-live-status"
    >
      <span className="bo-cashier__live-dot" aria-hidden="true" />
      {status === 'live'
        ? t('cashierLive.live')
        : status === 'offline'
          ? t('cashierLive.offline', { seconds: cashierPollMs / 1000 })
          : t('cashierLive.connecting')}
    </span>
  );
}

/** The mark of a queue item that arrived while the page was open. */
export function NewItemMark() {
  const { t } = useTranslation();
  return <span className="bo-cashier__new">{t('cashierLive.newItem')}</span>;
}
