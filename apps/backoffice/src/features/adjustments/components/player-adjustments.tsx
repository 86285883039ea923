import {
  type AdjustmentDirection,
  type AdjustmentPolicy,
  type AdjustmentReason,
  adjustmentDirections,
  adjustmentReasons,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Select } from '@portal/ui/select';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/components/ui/panel';
import { formatDecimal } from '@/lib/amount';
import { ApiError, describeError } from '@/lib/api-client';
import { newIdempotencyKey, useAdjustmentPolicy, useProposeAdjustment } from '../api/adjustments';
import { AdjustmentsTable, amountText } from './adjustments-table';

const amountPattern = /^\d{1,12}(\.\d{1,2})?$/;

/** Minor units of a typed amount at the threshold's scale (its decimal places); null when it is not a valid one. */
function typedMinor(amount: string, threshold: AdjustmentPolicy['approvalThreshold']): bigint | null {
  const text = amount.trim();
  if (!amountPattern.test(text)) return null;
  const scale = threshold.amount.split('.')[1]?.length ?? 0;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > scale) return null;
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/**
 * Whether an amount applies at once or waits for a second operator, as the server will decide it: above the
 * threshold it waits (`amount`); at or below it, it still waits when the player's direct adjustments of the window
 * plus this one go above the threshold (`window_total`). Null while the amount or the player's total is unknown.
 */
export function adjustmentOutcome(
  amount: string,
  policy: AdjustmentPolicy | undefined,
): 'atOnce' | 'amount' | 'window_total' | null {
  if (!policy) return null;
  const threshold = BigInt(policy.approvalThreshold.minor);
  if (threshold === 0n) return 'amount';
  const minor = typedMinor(amount, policy.approvalThreshold);
  if (minor === null) return null;
  if (minor > threshold) return 'amount';
  if (!policy.windowTotal) return null;
  return BigInt(policy.windowTotal.minor) + minor > threshold ? 'window_total' : 'atOnce';
}

export type PlayerAdjustmentsProps = {
  player: { id: number; username: string; currency: string };
  canPropose: boolean;
  canApprove: boolean;
};

function ProposeDialog({
  open,
  player,
  onClose,
}: {
  open: boolean;
  player: PlayerAdjustmentsProps['player'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The player's own total so far in the window: fetched each time the form opens.
  const policy = useAdjustmentPolicy({ playerId: player.id, enabled: open }).data;
  const toast = useToast();
  const propose = useProposeAdjustment();
  const [direction, setDirection] = useState<AdjustmentDirection>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<AdjustmentReason>('compensation');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  // One key per adjustment the operator means: a retry after a lost answer (network, timeout) sends the same body
  // under the same key and gets the first answer instead of adjusting twice. A changed form, or a retry after the
  // server has answered with a refusal, is a new request with a new key.
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  const amountOk = amountPattern.test(amount.trim()) && /[1-9]/.test(amount);
  const noteOk = note.trim().length > 0;
  const close = () => {
    setAmount('');
    setNote('');
    setTouched(false);
    setDirection('credit');
    setAttempt(null);
    onClose();
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (!amountOk || !noteOk) return;
    const input = { playerId: player.id, direction, amount: amount.trim(), reason, note: note.trim() };
    const body = JSON.stringify(input);
    const key = attempt?.body === body ? attempt.key : newIdempotencyKey();
    setAttempt({ body, key });
    propose.mutate(
      { input, idempotencyKey: key },
      {
        onSuccess: (adjustment) => {
          toast.success(
            adjustment.status === 'approved'
              ? t('adjustments.applied', { id: adjustment.id, amount: amountText(adjustment) })
              : adjustment.approvalReason === 'window_total' && policy
                ? t('adjustments.proposedWindow', { id: adjustment.id, hours })
                : t('adjustments.proposed', { id: adjustment.id }),
          );
          close();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.httpStatus !== null && error.httpStatus < 500) setAttempt(null);
          toast.error(describeError(error));
        },
      },
    );
  };
  const thresholdSet = policy !== undefined && policy.approvalThreshold.minor !== '0';
  const outcome = adjustmentOutcome(amount, policy);
  const atOnce = outcome === 'atOnce';
  const money = (value: string) => `${formatDecimal(value)} ${policy?.currency ?? ''}`;
  const limit = policy ? money(policy.approvalThreshold.amount) : '';
  const windowTotal = policy?.windowTotal ?? null;
  const windowUsed = windowTotal !== null && windowTotal.minor !== '0';
  const hours = policy?.directWindowHours ?? 0;
  const verdict = !thresholdSet
    ? t('adjustments.proposeIntro')
    : outcome === 'atOnce'
      ? windowUsed
        ? t('adjustments.willApplyWindow', { amount: limit, total: money(windowTotal.amount), hours })
        : t('adjustments.willApply', { amount: limit })
      : outcome === 'amount'
        ? t('adjustments.willWait', { amount: limit })
        : outcome === 'window_total'
          ? t('adjustments.willWaitWindow', { amount: limit, total: money(windowTotal?.amount ?? '0'), hours })
          : t('adjustments.policyThreshold', { amount: limit });
  const serverAmountError =
    propose.error instanceof ApiError && propose.error.code === 'BO_ADJUSTMENT_AMOUNT_INVALID'
      ? describeError(propose.error)
      : null;
  return (
    <Modal
      open={open}
      onClose={close}
      title={
        thresholdSet
          ? t('adjustments.adjustTitle', { player: player.username })
          : t('adjustments.proposeTitle', { player: player.username })
      }
      closeLabel={t('ui.close')}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={propose.isPending}>
            {t('ui.cancel')}
          </Button>
          <Button onClick={() => submit()} loading={propose.isPending}>
            {atOnce ? t('adjustments.apply') : t('adjustments.submit')}
          </Button>
        </>
      }
    >
      <form className="bo-adjust__dialog" onSubmit={submit} noValidate>
        <p className="bo-adjust__sub" aria-live="polite">
          {verdict}
        </p>
        {thresholdSet && (
          <p className="bo-adjust__sub">
            {windowTotal
              ? t('adjustments.windowSoFar', { hours, total: money(windowTotal.amount), amount: limit })
              : t('adjustments.windowCounts', { hours })}
          </p>
        )}
        <div className="bo-adjust__pair">
          <Select
            label={t('adjustments.direction')}
            value={direction}
            onChange={(event) => setDirection(event.target.value as AdjustmentDirection)}
            options={adjustmentDirections.map((value) => ({ value, label: t(`adjustments.directions.${value}`) }))}
          />
          <Input
            label={t('adjustments.amount', { currency: player.currency })}
            inputMode="decimal"
            required
            maxLength={16}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            hint={t('adjustments.amountHint', { currency: player.currency })}
            error={(touched && !amountOk ? t('adjustments.amountInvalid') : null) ?? serverAmountError}
          />
        </div>
        <Select
          label={t('adjustments.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value as AdjustmentReason)}
          options={adjustmentReasons.map((value) => ({ value, label: t(`adjustments.reasons.${value}`) }))}
        />
        <Input
          label={t('adjustments.note')}
          required
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          hint={t('adjustments.noteHint')}
          error={touched && !noteOk ? t('adjustments.noteRequired') : null}
        />
      </form>
    </Modal>
  );
}

/** A player's adjustments on their page, with "Propose adjustment" for roles that may propose. */
export function PlayerAdjustments({ player, canPropose, canApprove }: PlayerAdjustmentsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const policy = useAdjustmentPolicy();
  const thresholdSet = policy.data !== undefined && policy.data.approvalThreshold.minor !== '0';
  return (
    <Panel
      title={t('adjustments.forPlayer')}
      aside={
        canPropose ? (
          <Button size="sm" onClick={() => setOpen(true)}>
            {thresholdSet ? t('adjustments.adjust') : t('adjustments.propose')}
          </Button>
        ) : undefined
      }
      className="bo-adjust__panel"
    >
      <AdjustmentsTable status="" playerId={player.id} canApprove={canApprove} emptyText={t('adjustments.empty')} />
      <ProposeDialog open={open} player={player} onClose={() => setOpen(false)} />
    </Panel>
  );
}
