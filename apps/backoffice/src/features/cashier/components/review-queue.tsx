import type { CashierSort, ListSort, Money } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { Pager } from '@portal/ui/pager';
import { useToast } from '@portal/ui/toast';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState, usePagerLabels } from '@/components/ui/query-state';
import { SortableHeader } from '@/components/ui/sortable-header';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { oldestFirst, type ReviewInput } from '../api/cashier';
import { formatAmount, MemberCell, MoneyCell, NewItemMark, RejectDialog, StatusPill } from './cashier-shared';

/*
 * What the deposits and withdrawals queues share: the same paging and sorting, the same review (approve after a
 * confirmation, reject with a reason, each reported in a toast) and the same cells for the member, the amount, the
 * time, the status and the review buttons. The texts differ only by the queue's key (`cashier.deposits.approved`,
 * `cashier.withdrawals.approved`).
 */

/** The queue, as it names its texts under `cashier.`. */
export type ReviewQueue = 'deposits' | 'withdrawals';

/** What every item of a review queue carries. */
export type ReviewItem = {
  id: number;
  amount: Money;
  currency: string;
  status: 'pending' | 'approved' | 'rejected' | 'failed';
  rejectReason: string | null;
  member: { id: number; username: string | null };
};

/** The queue's list query (useDeposits, useWithdrawals). */
type QueueQuery<List> = {
  data: List | undefined;
  isPlaceholderData: boolean;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** The queue's review mutation (useReviewDeposit, useReviewWithdrawal). */
type ReviewMutation = {
  mutate: (input: ReviewInput, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
};

/** "12,500.00 BDT", as the toasts and dialogs name an item's amount. */
export function amountText(item: ReviewItem): string {
  return `${formatAmount(item.amount.amount)} ${item.currency}`;
}

/** The page of a queue and its sort, oldest first to begin with; a new sort goes back to the first page. */
export function useQueuePaging() {
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<ListSort<CashierSort>>(oldestFirst);
  const sortBy = (next: ListSort<CashierSort>) => {
    setSorting(next);
    setPage(1);
  };
  return { page, setPage, sorting, sortBy };
}

export type QueuePaging = ReturnType<typeof useQueuePaging>;

/**
 * The review of a queue's items: which one is being approved (asked to confirm) or rejected (asked for a reason),
 * and the calls that do it, each closing its dialog and saying so in a toast once the server agrees.
 */
export function useQueueReview<Item extends ReviewItem>(queue: ReviewQueue, review: ReviewMutation) {
  const { t } = useTranslation();
  const toast = useToast();
  const [approving, setApproving] = useState<Item | null>(null);
  const [rejecting, setRejecting] = useState<Item | null>(null);
  const onError = (error: unknown) => toast.error(describeError(error));

  const approve = (item: Item) =>
    review.mutate(
      { id: item.id, decision: 'approve' },
      {
        onSuccess: () => {
          toast.success(t(`cashier.${queue}.approved`, { id: item.id, amount: amountText(item) }));
          setApproving(null);
        },
        onError,
      },
    );

  const reject = (item: Item, reason: string) =>
    review.mutate(
      { id: item.id, decision: 'reject', reason },
      {
        onSuccess: () => {
          toast.success(t(`cashier.${queue}.rejected`, { id: item.id }));
          setRejecting(null);
        },
        onError,
      },
    );

  return { queue, busy: review.isPending, approving, setApproving, rejecting, setRejecting, approve, reject };
}

export type QueueReview<Item extends ReviewItem> = ReturnType<typeof useQueueReview<Item>>;

/** The dialogs of a review: confirm an approval (with what it is about), or give the reason of a rejection. */
export function ReviewDialogs<Item extends ReviewItem>({
  review,
  approveValues,
}: {
  review: QueueReview<Item>;
  /** More values for the approval's text than the member and the amount (a withdrawal's bank account). */
  approveValues?: (item: Item) => Record<string, string>;
}) {
  const { t } = useTranslation();
  const { queue, approving, rejecting } = review;
  return (
    <>
      <ConfirmDialog
        open={approving !== null}
        title={t(`cashier.${queue}.confirmApproveTitle`, { id: approving?.id ?? '' })}
        confirmLabel={t('cashier.approve')}
        busy={review.busy}
        onConfirm={() => approving && review.approve(approving)}
        onClose={() => review.setApproving(null)}
      >
        {approving && (
          <p>
            {t(`cashier.${queue}.confirmApproveBody`, {
              member: approving.member.username ?? `#${approving.member.id}`,
              amount: amountText(approving),
              ...approveValues?.(approving),
            })}
          </p>
        )}
      </ConfirmDialog>

      <RejectDialog
        key={rejecting?.id ?? 'none'}
        open={rejecting !== null}
        title={t(`cashier.${queue}.rejectTitle`, { id: rejecting?.id ?? '' })}
        intro={t(`cashier.${queue}.rejectIntro`)}
        busy={review.busy}
        onReject={(reason) => rejecting && review.reject(rejecting, reason)}
        onClose={() => review.setRejecting(null)}
      />
    </>
  );
}

/**
 * A page of a queue once it has loaded (its loading and failure states before): its count, the table (faded while the
 * next page loads) and the pager. The rows are the queue's own; its header row too.
 */
export function QueueTable<List extends { total: number; pageNo: number; totalPages: number }>({
  query,
  onPageChange,
  head,
  children,
}: {
  query: QueueQuery<List>;
  onPageChange: (page: number) => void;
  head: ReactNode;
  children: (list: List) => ReactNode;
}) {
  const { t } = useTranslation();
  const pagerLabels = usePagerLabels();
  return (
    <QueryState query={query}>
      {() =>
        query.data && (
          <>
            <p className="bo-cashier__total">{t('cashier.total', { count: query.data.total })}</p>
            <div className={cx('ui-table-wrap', query.isPlaceholderData && 'bo-cashier--stale')}>
              <table className="ui-table ui-table--cards bo-cashier__table">
                <thead>{head}</thead>
                <tbody>{children(query.data)}</tbody>
              </table>
            </div>
            <Pager
              page={query.data.pageNo}
              totalPages={query.data.totalPages}
              onPageChange={onPageChange}
              labels={pagerLabels}
            />
          </>
        )
      }
    </QueryState>
  );
}

/** The headers of the number and member columns, which every queue starts with. */
export function QueueItemHeads() {
  const { t } = useTranslation();
  return (
    <>
      <th scope="col">#</th>
      <th scope="col">{t('cashier.member')}</th>
    </>
  );
}

/** The amount's header, sorting the largest first on its first click. */
export function QueueAmountHead({ paging }: { paging: QueuePaging }) {
  const { t } = useTranslation();
  return (
    <SortableHeader
      column="amount"
      align="end"
      firstOrder="desc"
      sorting={paging.sorting}
      onSort={paging.sortBy}
      className="bo-cashier__num-head"
    >
      {t('cashier.amount')}
    </SortableHeader>
  );
}

/** The header of the review buttons' column. */
export function QueueActionsHead() {
  const { t } = useTranslation();
  return (
    <th scope="col" className="bo-cashier__actions-head">
      {t('cashier.actions')}
    </th>
  );
}

/** The item's number, its member (marked when the item arrived while the page was open) and its amount. */
export function QueueItemCells({ item, fresh }: { item: ReviewItem; fresh: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <td className="ui-table__num ui-table__muted" data-label="#">
        {item.id}
      </td>
      <td data-label={t('cashier.member')}>
        <span className="bo-cashier__stack">
          <MemberCell member={item.member} />
          {fresh && <NewItemMark />}
        </span>
      </td>
    </>
  );
}

export function QueueAmountCell({ item }: { item: ReviewItem }) {
  const { t } = useTranslation();
  return (
    <td className="ui-table__num bo-cashier__num" data-label={t('cashier.amount')}>
      <MoneyCell money={item.amount} currency={item.currency} />
    </td>
  );
}

/** When the item was made, under the column's name (`label`). */
export function QueueTimeCell({ at, label }: { at: string; label: string }) {
  const language = useCurrentLanguage();
  return (
    <td className="ui-table__num ui-table__muted bo-cashier__when" data-label={label}>
      {formatDateTime(at, language)}
    </td>
  );
}

/** The item's status, and the reason it was rejected. */
export function QueueStatusCell({ item }: { item: ReviewItem }) {
  const { t } = useTranslation();
  return (
    <td data-label={t('cashier.statusColumn')}>
      <span className="bo-cashier__stack">
        <StatusPill status={item.status} />
        {item.rejectReason && (
          <span className="bo-cashier__sub" title={item.rejectReason}>
            {item.rejectReason}
          </span>
        )}
      </span>
    </td>
  );
}

/** Approve and Reject of one item, where it can still be reviewed (`open`); an empty cell otherwise. */
export function ReviewActionsCell<Item extends ReviewItem>({
  review,
  item,
  open,
}: {
  review: QueueReview<Item>;
  item: Item;
  open: boolean;
}) {
  const { t } = useTranslation();
  return (
    <td className="bo-cashier__actions-cell">
      {open && (
        <span className="bo-cashier__actions">
          <Button
            size="sm"
            onClick={() => review.setApproving(item)}
            aria-label={t(`cashier.${review.queue}.approveOne`, { id: item.id })}
          >
            {t('cashier.approve')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => review.setRejecting(item)}
            aria-label={t(`cashier.${review.queue}.rejectOne`, { id: item.id })}
          >
            {t('cashier.reject')}
          </Button>
        </span>
      )}
    </td>
  );
}
