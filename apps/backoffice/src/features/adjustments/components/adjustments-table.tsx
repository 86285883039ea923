import type { Adjustment, AdjustmentSort, AdjustmentStatus, ListSort } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Pager } from '@portal/ui/pager';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyRow } from '@/components/ui/empty-row';
import { Pill, type PillTone } from '@/components/ui/panel';
import { QueryState, usePagerLabels } from '@/components/ui/query-state';
import { SortableHeader } from '@/components/ui/sortable-header';
import { formatDecimal } from '@/lib/amount';
import { describeError, errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useMe } from '@/lib/session';
import { useAdjustmentPolicy, useAdjustments, useDecideAdjustment } from '../api/adjustments';
import '@/components/ui/table.css';
import './adjustments.css';

const statusTones: Record<AdjustmentStatus, PillTone> = {
  pending: 'warning',
  approving: 'info',
  approved: 'success',
  rejected: 'danger',
};

export const amountText = (adjustment: Adjustment) =>
  `${adjustment.direction === 'debit' ? '−' : '+'}${formatDecimal(adjustment.amount.amount)} ${adjustment.currency}`;

function RejectDialog({
  adjustment,
  busy,
  onReject,
  onClose,
}: {
  adjustment: Adjustment | null;
  busy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
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
    if (trimmed) onReject(trimmed);
  };
  return (
    <Modal
      open={adjustment !== null}
      onClose={close}
      title={t('adjustments.rejectTitle', { id: adjustment?.id })}
      size="sm"
      closeLabel={t('ui.close')}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            {t('ui.cancel')}
          </Button>
          <Button variant="danger" onClick={() => submit()} loading={busy} disabled={!trimmed}>
            {t('adjustments.reject')}
          </Button>
        </>
      }
    >
      <form className="bo-adjust__dialog" onSubmit={submit}>
        <p>{t('adjustments.rejectIntro')}</p>
        <Input
          label={t('adjustments.rejectReason')}
          required
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !trimmed ? t('adjustments.rejectReasonRequired') : null}
        />
      </form>
    </Modal>
  );
}

export type AdjustmentsTableProps = {
  status: AdjustmentStatus | '';
  playerId?: number;
  canApprove: boolean;
  /** Where a player's name links to; no link without it. */
  playerPath?: (id: number) => string;
  emptyText: string;
};

/**
 * Adjustments with their state, proposer and decider. Operators who may approve see Approve (asked to
 * confirm) and Reject (a reason is required) on pending adjustments proposed by someone else.
 */
export function AdjustmentsTable({ status, playerId, canApprove, playerPath, emptyText }: AdjustmentsTableProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const toast = useToast();
  const pagerLabels = usePagerLabels();
  const me = useMe();
  const [page, setPage] = useState(1);
  const [approving, setApproving] = useState<Adjustment | null>(null);
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);
  const [sorting, setSorting] = useState<ListSort<AdjustmentSort>>({ sort: 'proposedAt', order: 'desc' });
  const adjustments = useAdjustments({ status, pageNo: page, sorting, ...(playerId ? { playerId } : {}) });
  const sortBy = (next: ListSort<AdjustmentSort>) => {
    setSorting(next);
    setPage(1);
  };
  const decide = useDecideAdjustment();
  const policy = useAdjustmentPolicy();
  const myName = me.data?.operator.username;
  const onError = (error: unknown) => toast.error(describeError(error));
  const withActions = canApprove;

  return (
    <QueryState query={adjustments}>
      {() =>
        adjustments.data && (
          <>
            <p className="bo-adjust__total">{t('adjustments.total', { count: adjustments.data.total })}</p>
            <div className={cx('ui-table-wrap', adjustments.isPlaceholderData && 'bo-adjust--stale')}>
              <table className="ui-table ui-table--cards bo-adjust__table">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t('adjustments.columns.player')}</th>
                    <SortableHeader
                      column="amount"
                      align="end"
                      firstOrder="desc"
                      sorting={sorting}
                      onSort={sortBy}
                      className="bo-adjust__num"
                    >
                      {t('adjustments.columns.amount')}
                    </SortableHeader>
                    <th scope="col">{t('adjustments.columns.reason')}</th>
                    <SortableHeader column="proposedAt" firstOrder="desc" sorting={sorting} onSort={sortBy}>
                      {t('adjustments.columns.proposed')}
                    </SortableHeader>
                    <th scope="col">{t('adjustments.columns.decided')}</th>
                    <SortableHeader column="status" sorting={sorting} onSort={sortBy}>
                      {t('adjustments.columns.status')}
                    </SortableHeader>
                    {withActions && <th scope="col">{t('adjustments.columns.actions')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {adjustments.data.items.length === 0 && (
                    <EmptyRow columns={withActions ? 8 : 7} className="bo-adjust__empty">
                      {emptyText}
                    </EmptyRow>
                  )}
                  {adjustments.data.items.map((adjustment) => {
                    const mine = adjustment.proposedBy === myName;
                    const name = adjustment.player.username ?? `#${adjustment.player.id}`;
                    return (
                      <tr key={adjustment.id} data-testid={`adjustment-${adjustment.id}`}>
                        <td className="ui-table__num ui-table__muted" data-label="#">
                          {adjustment.id}
                        </td>
                        <td data-label={t('adjustments.columns.player')}>
                          {playerPath ? (
                            <Link className="bo-adjust__link" to={playerPath(adjustment.player.id)}>
                              {name}
                            </Link>
                          ) : (
                            name
                          )}
                        </td>
                        <td
                          data-label={t('adjustments.columns.amount')}
                          className={cx(
                            'bo-adjust__num',
                            adjustment.direction === 'debit' ? 'bo-adjust__minus' : 'bo-adjust__plus',
                          )}
                        >
                          <span className="bo-adjust__amount">{amountText(adjustment)}</span>
                          <span className="bo-adjust__sub">{t(`adjustments.directions.${adjustment.direction}`)}</span>
                        </td>
                        <td data-label={t('adjustments.columns.reason')}>
                          <span className="bo-adjust__stack">
                            <span>{t(`adjustments.reasons.${adjustment.reason}`)}</span>
                            <span className="bo-adjust__sub bo-adjust__note" title={adjustment.note}>
                              {adjustment.note}
                            </span>
                          </span>
                        </td>
                        <td data-label={t('adjustments.columns.proposed')}>
                          <span className="bo-adjust__stack">
                            <span>{adjustment.proposedBy}</span>
                            <span className="bo-adjust__sub">{formatDateTime(adjustment.proposedAt, language)}</span>
                          </span>
                        </td>
                        <td data-label={t('adjustments.columns.decided')}>
                          {adjustment.direct ? (
                            <span className="bo-adjust__stack">
                              <span>
                                {adjustment.status === 'rejected'
                                  ? t('adjustments.refusedDirectly')
                                  : t('adjustments.appliedDirectly')}
                              </span>
                              <span className="bo-adjust__sub">
                                {adjustment.decidedAt ? formatDateTime(adjustment.decidedAt, language) : ''}
                              </span>
                              {adjustment.rejectReason && (
                                <span className="bo-adjust__sub bo-adjust__note">
                                  {errorText(adjustment.rejectReason)}
                                </span>
                              )}
                            </span>
                          ) : adjustment.decidedBy ? (
                            <span className="bo-adjust__stack">
                              <span>{adjustment.decidedBy}</span>
                              <span className="bo-adjust__sub">
                                {adjustment.decidedAt ? formatDateTime(adjustment.decidedAt, language) : ''}
                              </span>
                              {adjustment.rejectReason && (
                                <span className="bo-adjust__sub bo-adjust__note">{adjustment.rejectReason}</span>
                              )}
                            </span>
                          ) : (
                            <span className="bo-adjust__sub">—</span>
                          )}
                        </td>
                        <td data-label={t('adjustments.columns.status')}>
                          <span className="bo-adjust__stack">
                            <Pill tone={statusTones[adjustment.status]}>
                              {t(`adjustments.statuses.${adjustment.status}`)}
                            </Pill>
                            {/* Small on its own, it waits because of the player's other direct adjustments. */}
                            {adjustment.approvalReason === 'window_total' && policy.data && (
                              <span className="bo-adjust__sub">
                                {t('adjustments.heldForWindow', { hours: policy.data.directWindowHours })}
                              </span>
                            )}
                          </span>
                        </td>
                        {withActions && (
                          <td data-label={t('adjustments.columns.actions')}>
                            {adjustment.status !== 'pending' && adjustment.status !== 'approving' ? null : mine ? (
                              <span className="bo-adjust__sub">{t('adjustments.yours')}</span>
                            ) : (
                              <span className="bo-adjust__actions">
                                <Button
                                  size="sm"
                                  onClick={() => setApproving(adjustment)}
                                  aria-label={t('adjustments.approveLabel', { id: adjustment.id })}
                                >
                                  {t('adjustments.approve')}
                                </Button>
                                <Button
                                  size="sm"
                                  variant="ghost"
                                  onClick={() => setRejecting(adjustment)}
                                  aria-label={t('adjustments.rejectLabel', { id: adjustment.id })}
                                >
                                  {t('adjustments.reject')}
                                </Button>
                              </span>
                            )}
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {adjustments.data.totalPages > 1 && (
              <Pager page={page} totalPages={adjustments.data.totalPages} onPageChange={setPage} labels={pagerLabels} />
            )}
            <ConfirmDialog
              open={approving !== null}
              title={t('adjustments.approveTitle', { id: approving?.id })}
              confirmLabel={t('adjustments.approve')}
              busy={decide.isPending}
              onClose={() => setApproving(null)}
              onConfirm={() => {
                const adjustment = approving;
                if (!adjustment) return;
                decide.mutate(
                  { id: adjustment.id, decision: 'approve' },
                  {
                    onSuccess: () => {
                      toast.success(t('adjustments.approved', { id: adjustment.id, amount: amountText(adjustment) }));
                      setApproving(null);
                    },
                    onError: (error) => {
                      onError(error);
                      setApproving(null);
                    },
                  },
                );
              }}
            >
              {approving && (
                <p>
                  {t(approving.direction === 'credit' ? 'adjustments.approveCredit' : 'adjustments.approveDebit', {
                    player: approving.player.username ?? `#${approving.player.id}`,
                    amount: `${formatDecimal(approving.amount.amount)} ${approving.currency}`,
                  })}{' '}
                  {approving.note}
                </p>
              )}
            </ConfirmDialog>
            <RejectDialog
              adjustment={rejecting}
              busy={decide.isPending}
              onClose={() => setRejecting(null)}
              onReject={(reason) => {
                const adjustment = rejecting;
                if (!adjustment) return;
                decide.mutate(
                  { id: adjustment.id, decision: 'reject', reason },
                  {
                    onSuccess: () => {
                      toast.success(t('adjustments.rejected', { id: adjustment.id }));
                      setRejecting(null);
                    },
                    onError,
                  },
                );
              }}
            />
          </>
        )
      }
    </QueryState>
  );
}
