import {
  type CashierSort,
  type DepositStatus,
  depositStatuses,
  type ListSort,
  type OperatorDeposit,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { Modal } from '@portal/ui/modal';
import { Pager } from '@portal/ui/pager';
import { Select } from '@portal/ui/select';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyRow } from '@/components/ui/empty-row';
import { PageHeader } from '@/components/ui/panel';
import { SortableHeader } from '@/components/ui/sortable-header';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { type DepositView, oldestFirst, receiptUrl, useDeposits, useReviewDeposit } from '../api/cashier';
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

type Receipt = { deposit: OperatorDeposit; index: number };

/**
 * Deposits: the queue of manual deposits waiting for review (oldest first) and every deposit by status.
 * Operators who may approve see Approve (asked to confirm) and Reject (a reason is required); the list is live
 * (the cashier-queue socket refetches it on every change) and polls only while that socket is down.
 */
export function DepositsPage({ canApprove }: { canApprove: boolean }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const toast = useToast();
  const pagerLabels = usePagerLabels();
  const [view, setView] = useState<DepositView>('pending');
  const [status, setStatus] = useState<DepositStatus | ''>('');
  const [page, setPage] = useState(1);
  const [approving, setApproving] = useState<OperatorDeposit | null>(null);
  const [rejecting, setRejecting] = useState<OperatorDeposit | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [sorting, setSorting] = useState<ListSort<CashierSort>>(oldestFirst);
  const deposits = useDeposits(view, status, page, sorting);
  const sortBy = (next: ListSort<CashierSort>) => {
    setSorting(next);
    setPage(1);
  };
  const fresh = useLiveCashierQueues('deposit');
  const review = useReviewDeposit();

  const amountText = (deposit: OperatorDeposit) => `${formatAmount(deposit.amount.amount)} ${deposit.currency}`;
  const onError = (error: unknown) => toast.error(describeError(error));

  const approve = (deposit: OperatorDeposit) =>
    review.mutate(
      { id: deposit.id, decision: 'approve' },
      {
        onSuccess: () => {
          toast.success(t('cashier.deposits.approved', { id: deposit.id, amount: amountText(deposit) }));
          setApproving(null);
        },
        onError,
      },
    );

  const reject = (deposit: OperatorDeposit, reason: string) =>
    review.mutate(
      { id: deposit.id, decision: 'reject', reason },
      {
        onSuccess: () => {
          toast.success(t('cashier.deposits.rejected', { id: deposit.id }));
          setRejecting(null);
        },
        onError,
      },
    );

  const columns = canApprove ? 9 : 8;

  return (
    <div className="bo-page">
      <PageHeader
        title={t('cashier.deposits.title')}
        description={t('cashier.deposits.intro')}
        actions={<LiveQueueStatus />}
      />
      <Tabs
        label={t('cashier.deposits.views')}
        value={view}
        onChange={(id) => {
          setView(id as DepositView);
          setPage(1);
        }}
        items={[
          { id: 'pending', label: t('cashier.views.pending') },
          { id: 'all', label: t('cashier.views.all') },
        ]}
      >
        <div className="bo-cashier">
          {view === 'all' && (
            <div className="bo-cashier__toolbar">
              <Select
                label={t('cashier.statusFilter')}
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as DepositStatus | '');
                  setPage(1);
                }}
                options={[
                  { value: '', label: t('cashier.anyStatus') },
                  ...depositStatuses.map((value) => ({ value, label: t(`cashier.status.${value}`) })),
                ]}
              />
            </div>
          )}
          <ListState query={deposits}>
            {() =>
              deposits.data && (
                <>
                  <p className="bo-cashier__total">{t('cashier.total', { count: deposits.data.total })}</p>
                  <div className={cx('ui-table-wrap', deposits.isPlaceholderData && 'bo-cashier--stale')}>
                    <table className="ui-table ui-table--cards bo-cashier__table">
                      <thead>
                        <tr>
                          <th scope="col">#</th>
                          <th scope="col">{t('cashier.member')}</th>
                          <th scope="col">{t('cashier.channel')}</th>
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
                          <th scope="col">{t('cashier.reference')}</th>
                          <th scope="col">{t('cashier.receipts')}</th>
                          <SortableHeader column="createdAt" sorting={sorting} onSort={sortBy}>
                            {t('cashier.created')}
                          </SortableHeader>
                          <SortableHeader column="status" sorting={sorting} onSort={sortBy}>
                            {t('cashier.statusColumn')}
                          </SortableHeader>
                          {canApprove && (
                            <th scope="col" className="bo-cashier__actions-head">
                              {t('cashier.actions')}
                            </th>
                          )}
                        </tr>
                      </thead>
                      <tbody>
                        {deposits.data.items.length === 0 && (
                          <EmptyRow columns={columns}>
                            {view === 'pending' ? t('cashier.deposits.emptyPending') : t('cashier.deposits.empty')}
                          </EmptyRow>
                        )}
                        {deposits.data.items.map((deposit) => (
                          <tr
                            key={deposit.id}
                            data-testid={`deposit-${deposit.id}`}
                            className={cx(fresh.has(deposit.id) && 'bo-cashier__row--new')}
                          >
                            <td className="ui-table__num ui-table__muted" data-label="#">
                              {deposit.id}
                            </td>
                            <td data-label={t('cashier.member')}>
                              <span className="bo-cashier__stack">
                                <MemberCell member={deposit.member} />
                                {fresh.has(deposit.id) && <NewItemMark />}
                              </span>
                            </td>
                            <td data-label={t('cashier.channel')}>
                              <span className="bo-cashier__stack">
                                <span className="bo-cashier__channel">{deposit.channelCode}</span>
                                <span className="bo-cashier__sub">{t(`cashier.types.${deposit.type}`)}</span>
                              </span>
                            </td>
                            <td className="ui-table__num bo-cashier__num" data-label={t('cashier.amount')}>
                              <MoneyCell money={deposit.amount} currency={deposit.currency} />
                            </td>
                            <td className="ui-table__mono bo-cashier__reference" data-label={t('cashier.reference')}>
                              {deposit.reference ?? deposit.gatewayTxnId ?? '—'}
                            </td>
                            <td data-label={t('cashier.receipts')}>
                              {deposit.receipts.length === 0 ? (
                                <span className="ui-table__muted">—</span>
                              ) : (
                                <span className="bo-cashier__thumbs">
                                  {deposit.receipts.map((file, index) => (
                                    <button
                                      key={file.name}
                                      type="button"
                                      className="bo-cashier__thumb"
                                      onClick={() => setReceipt({ deposit, index })}
                                      aria-label={t('cashier.openReceipt', { n: index + 1, id: deposit.id })}
                                    >
                                      <img src={receiptUrl(deposit.id, file.name)} alt="" loading="lazy" />
                                    </button>
                                  ))}
                                </span>
                              )}
                            </td>
                            <td
                              className="ui-table__num ui-table__muted bo-cashier__when"
                              data-label={t('cashier.created')}
                            >
                              {formatDateTime(deposit.createdAt, language)}
                            </td>
                            <td data-label={t('cashier.statusColumn')}>
                              <span className="bo-cashier__stack">
                                <StatusPill status={deposit.status} />
                                {deposit.rejectReason && (
                                  <span className="bo-cashier__sub" title={deposit.rejectReason}>
                                    {deposit.rejectReason}
                                  </span>
                                )}
                              </span>
                            </td>
                            {canApprove && (
                              <td className="bo-cashier__actions-cell">
                                {deposit.status === 'pending' && deposit.type === 'manual' && (
                                  <span className="bo-cashier__actions">
                                    <Button
                                      size="sm"
                                      onClick={() => setApproving(deposit)}
                                      aria-label={t('cashier.deposits.approveOne', { id: deposit.id })}
                                    >
                                      {t('cashier.approve')}
                                    </Button>
                                    <Button
                                      size="sm"
                                      variant="secondary"
                                      onClick={() => setRejecting(deposit)}
                                      aria-label={t('cashier.deposits.rejectOne', { id: deposit.id })}
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
                    page={deposits.data.pageNo}
                    totalPages={deposits.data.totalPages}
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
        title={t('cashier.deposits.confirmApproveTitle', { id: approving?.id ?? '' })}
        confirmLabel={t('cashier.approve')}
        busy={review.isPending}
        onConfirm={() => approving && approve(approving)}
        onClose={() => setApproving(null)}
      >
        {approving && (
          <p>
            {t('cashier.deposits.confirmApproveBody', {
              member: approving.member.username ?? `#${approving.member.id}`,
              amount: amountText(approving),
            })}
          </p>
        )}
      </ConfirmDialog>

      <RejectDialog
        key={rejecting?.id ?? 'none'}
        open={rejecting !== null}
        title={t('cashier.deposits.rejectTitle', { id: rejecting?.id ?? '' })}
        intro={t('cashier.deposits.rejectIntro')}
        busy={review.isPending}
        onReject={(reason) => rejecting && reject(rejecting, reason)}
        onClose={() => setRejecting(null)}
      />

      <Modal
        open={receipt !== null}
        onClose={() => setReceipt(null)}
        size="lg"
        closeLabel={t('ui.close')}
        title={
          receipt
            ? t('cashier.receiptTitle', {
                n: receipt.index + 1,
                total: receipt.deposit.receipts.length,
                id: receipt.deposit.id,
              })
            : ''
        }
      >
        {receipt && (
          <figure className="bo-cashier__receipt">
            <img
              src={receiptUrl(receipt.deposit.id, receipt.deposit.receipts[receipt.index]?.name ?? '')}
              alt={t('cashier.receiptAlt', { id: receipt.deposit.id })}
            />
            {receipt.deposit.receipts.length > 1 && (
              <figcaption className="bo-cashier__receipt-nav">
                {receipt.deposit.receipts.map((file, index) => (
                  <Button
                    key={file.name}
                    size="sm"
                    variant={index === receipt.index ? 'primary' : 'ghost'}
                    aria-pressed={index === receipt.index}
                    onClick={() => setReceipt({ deposit: receipt.deposit, index })}
                  >
                    {index + 1}
                  </Button>
                ))}
              </figcaption>
            )}
          </figure>
        )}
      </Modal>
    </div>
  );
}
