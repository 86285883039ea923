import { type DepositStatus, depositStatuses, type OperatorDeposit } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { Modal } from '@portal/ui/modal';
import { Select } from '@portal/ui/select';
import { Tabs } from '@portal/ui/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '@/components/ui/empty-row';
import { PageHeader } from '@/components/ui/panel';
import { SortableHeader } from '@/components/ui/sortable-header';
import { type DepositView, receiptUrl, useDeposits, useReviewDeposit } from '../api/cashier';
import { LiveQueueStatus } from './cashier-shared';
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

type Receipt = { deposit: OperatorDeposit; index: number };

/**
 * Deposits: the queue of manual deposits waiting for review (oldest first) and every deposit by status.
 * Operators who may approve see Approve (asked to confirm) and Reject (a reason is required); the list is live
 * (the cashier-queue socket refetches it on every change) and polls only while that socket is down.
 */
export function DepositsPage({ canApprove }: { canApprove: boolean }) {
  const { t } = useTranslation();
  const [view, setView] = useState<DepositView>('pending');
  const [status, setStatus] = useState<DepositStatus | ''>('');
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const paging = useQueuePaging();
  const { setPage } = paging;
  const deposits = useDeposits(view, status, paging.page, paging.sorting);
  const fresh = useLiveCashierQueues('deposit');
  const review = useQueueReview<OperatorDeposit>('deposits', useReviewDeposit());

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
          <QueueTable
            query={deposits}
            onPageChange={setPage}
            head={
              <tr>
                <QueueItemHeads />
                <th scope="col">{t('cashier.channel')}</th>
                <QueueAmountHead paging={paging} />
                <th scope="col">{t('cashier.reference')}</th>
                <th scope="col">{t('cashier.receipts')}</th>
                <SortableHeader column="createdAt" sorting={paging.sorting} onSort={paging.sortBy}>
                  {t('cashier.created')}
                </SortableHeader>
                <SortableHeader column="status" sorting={paging.sorting} onSort={paging.sortBy}>
                  {t('cashier.statusColumn')}
                </SortableHeader>
                {canApprove && <QueueActionsHead />}
              </tr>
            }
          >
            {(list) => (
              <>
                {list.items.length === 0 && (
                  <EmptyRow columns={columns}>
                    {view === 'pending' ? t('cashier.deposits.emptyPending') : t('cashier.deposits.empty')}
                  </EmptyRow>
                )}
                {list.items.map((deposit) => (
                  <tr
                    key={deposit.id}
                    data-testid={`deposit-${deposit.id}`}
                    className={cx(fresh.has(deposit.id) && 'bo-cashier__row--new')}
                  >
                    <QueueItemCells item={deposit} fresh={fresh.has(deposit.id)} />
                    <td data-label={t('cashier.channel')}>
                      <span className="bo-cashier__stack">
                        <span className="bo-cashier__channel">{deposit.channelCode}</span>
                        <span className="bo-cashier__sub">{t(`cashier.types.${deposit.type}`)}</span>
                      </span>
                    </td>
                    <QueueAmountCell item={deposit} />
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
                    <QueueTimeCell at={deposit.createdAt} label={t('cashier.created')} />
                    <QueueStatusCell item={deposit} />
                    {canApprove && (
                      <ReviewActionsCell
                        review={review}
                        item={deposit}
                        open={deposit.status === 'pending' && deposit.type === 'manual'}
                      />
                    )}
                  </tr>
                ))}
              </>
            )}
          </QueueTable>
        </div>
      </Tabs>

      <ReviewDialogs review={review} />

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
