import type { OperatorWithdrawal } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { Tabs } from '@portal/ui/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '@/components/ui/empty-row';
import { PageHeader, Pill, type PillTone } from '@/components/ui/panel';
import { SortableHeader } from '@/components/ui/sortable-header';
import { useReviewWithdrawal, useWithdrawals, type WithdrawalView } from '../api/cashier';
import { formatAmount, LiveQueueStatus } from './cashier-shared';
import {
  QueueActionsHead,
  QueueAmountCell,
  QueueAmountHead,
  QueueItemCells,
  QueueItemHeads,
  QueueStatusCell,
  QueueTable,
  QueueTimeCell,
  ReviewActionsCell,
  ReviewDialogs,
  useQueuePaging,
  useQueueReview,
} from './review-queue';
import '@/components/ui/table.css';
import { useLiveCashierQueues } from '../hooks/use-live-cashier-queues';
import './cashier.css';

const confirmationTones: Record<NonNullable<OperatorWithdrawal['confirmation']>, PillTone> = {
  received: 'success',
  auto_received: 'info',
  not_received: 'danger',
  partial: 'warning',
};

function Confirmation({ withdrawal }: { withdrawal: OperatorWithdrawal }) {
  const { t } = useTranslation();
  if (!withdrawal.confirmation) {
    return (
      <span className="ui-table__muted">
        {withdrawal.status === 'approved' ? t('cashier.confirmation.awaiting') : '—'}
      </span>
    );
  }
  return (
    <span className="bo-cashier__stack">
      <Pill tone={confirmationTones[withdrawal.confirmation]}>
        {t(`cashier.confirmation.${withdrawal.confirmation}`)}
      </Pill>
      {withdrawal.confirmation === 'partial' && withdrawal.receivedAmount && (
        <span className="bo-cashier__sub">
          {t('cashier.confirmation.receivedAmount', {
            amount: `${formatAmount(withdrawal.receivedAmount.amount)} ${withdrawal.currency}`,
          })}
        </span>
      )}
      {withdrawal.confirmationNote && <span className="bo-cashier__sub">“{withdrawal.confirmationNote}”</span>}
    </span>
  );
}

/**
 * Withdrawals: the queue waiting to be paid (oldest first), the ones members dispute, and all of them.
 * Operators who may approve mark a withdrawal paid (after confirming) or reject it with a reason.
 */
export function WithdrawalsPage({ canApprove }: { canApprove: boolean }) {
  const { t } = useTranslation();
  const [view, setView] = useState<WithdrawalView>('pending');
  const paging = useQueuePaging();
  const { setPage } = paging;
  const withdrawals = useWithdrawals(view, paging.page, paging.sorting);
  const fresh = useLiveCashierQueues('withdrawal');
  const review = useQueueReview<OperatorWithdrawal>('withdrawals', useReviewWithdrawal());

  const columns = canApprove ? 8 : 7;
  const empty =
    view === 'pending'
      ? t('cashier.withdrawals.emptyPending')
      : view === 'disputed'
        ? t('cashier.withdrawals.emptyDisputed')
        : t('cashier.withdrawals.empty');

  return (
    <div className="bo-page">
      <PageHeader
        title={t('cashier.withdrawals.title')}
        description={t('cashier.withdrawals.intro')}
        actions={<LiveQueueStatus />}
      />
      <Tabs
        label={t('cashier.withdrawals.views')}
        value={view}
        onChange={(id) => {
          setView(id as WithdrawalView);
          setPage(1);
        }}
        items={[
          { id: 'pending', label: t('cashier.views.pending') },
          { id: 'disputed', label: t('cashier.views.disputed') },
          { id: 'all', label: t('cashier.views.all') },
        ]}
      >
        <div className="bo-cashier">
          <QueueTable
            query={withdrawals}
            onPageChange={setPage}
            head={
              <tr>
                <QueueItemHeads />
                <th scope="col">{t('cashier.bankAccount')}</th>
                <QueueAmountHead paging={paging} />
                <SortableHeader column="createdAt" sorting={paging.sorting} onSort={paging.sortBy}>
                  {t('cashier.requested')}
                </SortableHeader>
                <SortableHeader column="status" sorting={paging.sorting} onSort={paging.sortBy}>
                  {t('cashier.statusColumn')}
                </SortableHeader>
                <th scope="col" className="bo-cashier__wrap-head">
                  {t('cashier.memberConfirmation')}
                </th>
                {canApprove && <QueueActionsHead />}
              </tr>
            }
          >
            {(list) => (
              <>
                {list.items.length === 0 && <EmptyRow columns={columns}>{empty}</EmptyRow>}
                {list.items.map((withdrawal) => (
                  <tr
                    key={withdrawal.id}
                    data-testid={`withdrawal-${withdrawal.id}`}
                    className={cx(fresh.has(withdrawal.id) && 'bo-cashier__row--new')}
                  >
                    <QueueItemCells item={withdrawal} fresh={fresh.has(withdrawal.id)} />
                    <td data-label={t('cashier.bankAccount')}>
                      <span className="bo-cashier__stack">
                        <span>{withdrawal.bankAccount.bankName}</span>
                        <span className="ui-table__mono">{withdrawal.bankAccount.accountNumberMasked}</span>
                        <span className="bo-cashier__sub">{withdrawal.bankAccount.holderName}</span>
                      </span>
                    </td>
                    <QueueAmountCell item={withdrawal} />
                    <QueueTimeCell at={withdrawal.createdAt} label={t('cashier.requested')} />
                    <QueueStatusCell item={withdrawal} />
                    <td data-label={t('cashier.memberConfirmation')}>
                      <Confirmation withdrawal={withdrawal} />
                    </td>
                    {canApprove && (
                      <ReviewActionsCell review={review} item={withdrawal} open={withdrawal.status === 'pending'} />
                    )}
                  </tr>
                ))}
              </>
            )}
          </QueueTable>
        </div>
      </Tabs>

      <ReviewDialogs
        review={review}
        approveValues={(withdrawal) => ({
          account: `${withdrawal.bankAccount.bankName} ${withdrawal.bankAccount.accountNumberMasked}`,
        })}
      />
    </div>
  );
}
