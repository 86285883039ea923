import type { CashierSort, ListSort, OperatorWithdrawal } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { Pager } from '@portal/ui/pager';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyRow } from '@/components/ui/empty-row';
import { PageHeader, Pill, type PillTone } from '@/components/ui/panel';
import { SortableHeader } from '@/components/ui/sortable-header';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { oldestFirst, useReviewWithdrawal, useWithdrawals, type WithdrawalView } from '../api/cashier';
import {
  formatAmount,
  ListState,
  LiveQueueStatus,
  MemberCell,
  MoneyCell,
  NewItemMark,
  RejectDialog,
  StatusPill,
  usePagerLabels,
} from './cashier-shared';
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
  const language = useCurrentLanguage();
  const toast = useToast();
  const pagerLabels = usePagerLabels();
  const [view, setView] = useState<WithdrawalView>('pending');
  const [page, setPage] = useState(1);
  const [approving, setApproving] = useState<OperatorWithdrawal | null>(null);
  const [rejecting, setRejecting] = useState<OperatorWithdrawal | null>(null);
  const [sorting, setSorting] = useState<ListSort<CashierSort>>(oldestFirst);
  const withdrawals = useWithdrawals(view, page, sorting);
  const sortBy = (next: ListSort<CashierSort>) => {
    setSorting(next);
    setPage(1);
  };
  const fresh = useLiveCashierQueues('withdrawal');
  const review = useReviewWithdrawal();

  const amountText = (withdrawal: OperatorWithdrawal) =>
    `${formatAmount(withdrawal.amount.amount)} ${withdrawal.currency}`;
  const onError = (error: unknown) => toast.error(describeError(error));

  const approve = (withdrawal: OperatorWithdrawal) =>
    review.mutate(
      { id: withdrawal.id, decision: 'approve' },
      {
        onSuccess: () => {
          toast.success(t('cashier.withdrawals.approved', { id: withdrawal.id, amount: amountText(withdrawal) }));
          setApproving(null);
        },
        onError,
      },
    );

  const reject = (withdrawal: OperatorWithdrawal, reason: string) =>
    review.mutate(
      { id: withdrawal.id, decision: 'reject', reason },
      {
        onSuccess: () => {
          toast.success(t('cashier.withdrawals.rejected', { id: withdrawal.id }));
          setRejecting(null);
        },
        onError,
      },
    );

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
          <ListState query={withdrawals}>
            {() =>
              withdrawals.data && (
                <>
                  <p className="bo-cashier__total">{t('cashier.total', { count: withdrawals.data.total })}</p>
                  <div className={cx('ui-table-wrap', withdrawals.isPlaceholderData && 'bo-cashier--stale')}>
                    <table className="ui-table ui-table--cards bo-cashier__table">
                      <thead>
                        <tr>
                          <th scope="col">#</th>
                          <th scope="col">{t('cashier.member')}</th>
                          <th scope="col">{t('cashier.bankAccount')}</th>
                          <SortableHeader
                            column="amount"
                            align="end"
                            firstOrder="desc"
                            sorting={sorting}
                            onSort={sortBy}
                            className="bo-cashier__num-head"
                          >
                            {t('cashier.amount')}
                          </SortableHeader>
                          <SortableHeader column="createdAt" sorting={sorting} onSort={sortBy}>
                            {t('cashier.requested')}
                          </SortableHeader>
                          <SortableHeader column="status" sorting={sorting} onSort={sortBy}>
                            {t('cashier.statusColumn')}
                          </SortableHeader>
                          <th scope="col" className="bo-cashier__wrap-head">
                            {t('cashier.memberConfirmation')}
                          </th>
                          {canApprove && (
                            <th scope="col" className="bo-cashier__actions-head">
                              {t('cashier.actions')}
                            </th>
                          )}
                        </tr>
                      </thead>
                      <tbody>
                        {withdrawals.data.items.length === 0 && <EmptyRow columns={columns}>{empty}</EmptyRow>}
                        {withdrawals.data.items.map((withdrawal) => (
                          <tr
                            key={withdrawal.id}
                            data-testid={`withdrawal-${withdrawal.id}`}
                            className={cx(fresh.has(withdrawal.id) && 'bo-cashier__row--new')}
                          >
                            <td className="ui-table__num ui-table__muted" data-label="#">
                              {withdrawal.id}
                            </td>
                            <td data-label={t('cashier.member')}>
                              <span className="bo-cashier__stack">
                                <MemberCell member={withdrawal.member} />
                                {fresh.has(withdrawal.id) && <NewItemMark />}
                              </span>
                            </td>
                            <td data-label={t('cashier.bankAccount')}>
                              <span className="bo-cashier__stack">
                                <span>{withdrawal.bankAccount.bankName}</span>
                                <span className="ui-table__mono">{withdrawal.bankAccount.accountNumberMasked}</span>
                                <span className="bo-cashier__sub">{withdrawal.bankAccount.holderName}</span>
                              </span>
                            </td>
                            <td className="ui-table__num bo-cashier__num" data-label={t('cashier.amount')}>
                              <MoneyCell money={withdrawal.amount} currency={withdrawal.currency} />
                            </td>
                            <td
                              className="ui-table__num ui-table__muted bo-cashier__when"
                              data-label={t('cashier.requested')}
                            >
                              {formatDateTime(withdrawal.createdAt, language)}
                            </td>
                            <td data-label={t('cashier.statusColumn')}>
                              <span className="bo-cashier__stack">
                                <StatusPill status={withdrawal.status} />
                                {withdrawal.rejectReason && (
                                  <span className="bo-cashier__sub" title={withdrawal.rejectReason}>
                                    {withdrawal.rejectReason}
                                  </span>
                                )}
                              </span>
                            </td>
                            <td data-label={t('cashier.memberConfirmation')}>
                              <Confirmation withdrawal={withdrawal} />
                            </td>
                            {canApprove && (
                              <td className="bo-cashier__actions-cell">
                                {withdrawal.status === 'pending' && (
                                  <span className="bo-cashier__actions">
                                    <Button
                                      size="sm"
                                      onClick={() => setApproving(withdrawal)}
                                      aria-label={t('cashier.withdrawals.approveOne', { id: withdrawal.id })}
                                    >
                                      {t('cashier.approve')}
                                    </Button>
                                    <Button
                                      size="sm"
                                      variant="secondary"
                                      onClick={() => setRejecting(withdrawal)}
                                      aria-label={t('cashier.withdrawals.rejectOne', { id: withdrawal.id })}
                                    >
                                      {t('cashier.reject')}
                                    </Button>
                                  </span>
                                )}
                              </td>
                            )}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  <Pager
                    page={withdrawals.data.pageNo}
                    totalPages={withdrawals.data.totalPages}
                    onPageChange={setPage}
                    labels={pagerLabels}
                  />
                </>
              )
            }
          </ListState>
        </div>
      </Tabs>

      <ConfirmDialog
        open={approving !== null}
        title={t('cashier.withdrawals.confirmApproveTitle', { id: approving?.id ?? '' })}
        confirmLabel={t('cashier.approve')}
        busy={review.isPending}
        onConfirm={() => approving && approve(approving)}
        onClose={() => setApproving(null)}
      >
        {approving && (
          <p>
            {t('cashier.withdrawals.confirmApproveBody', {
              member: approving.member.username ?? `#${approving.member.id}`,
              amount: amountText(approving),
              account: `${approving.bankAccount.bankName} ${approving.bankAccount.accountNumberMasked}`,
            })}
          </p>
        )}
      </ConfirmDialog>

      <RejectDialog
        key={rejecting?.id ?? 'none'}
        open={rejecting !== null}
        title={t('cashier.withdrawals.rejectTitle', { id: rejecting?.id ?? '' })}
        intro={t('cashier.withdrawals.rejectIntro')}
        busy={review.isPending}
        onReject={(reason) => rejecting && reject(rejecting, reason)}
        onClose={() => setRejecting(null)}
      />
    </div>
  );
}
