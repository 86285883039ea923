import type { Withdrawal } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmWithdrawal } from '../api/cashier';
import { type AmountIssue, checkAmount } from '../utils/amount';
import { FormError, ImagePicker, MoneyText, useAmountIssueText, useCurrency } from './cashier-ui';

type Result = 'received' | 'not_received' | 'partial';
const results: readonly Result[] = ['received', 'not_received', 'partial'];

/**
 * The member's word on a paid withdrawal (spec section 4): received, not received, or partially received with
 * the amount that arrived and 1–3 proof images. Once answered it cannot change; unanswered, it counts as
 * received after the operator's time limit.
 */
export function ConfirmReceiptDialog({ withdrawal, onClose }: { withdrawal: Withdrawal; onClose: () => void }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const issueText = useAmountIssueText();
  const confirm = useConfirmWithdrawal();
  const [result, setResult] = useState<Result>('received');
  const [receivedAmount, setReceivedAmount] = useState('');
  const [amountIssue, setAmountIssue] = useState<AmountIssue | null>(null);
  const [partialIssue, setPartialIssue] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [proofs, setProofs] = useState<File[]>([]);
  const [proofIssue, setProofIssue] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    if (result === 'partial') {
      const checked = checkAmount(receivedAmount, { scale: currency.scale });
      setAmountIssue(checked.ok ? null : checked.issue);
      const lessThanAll = checked.ok && checked.minor < BigInt(withdrawal.amount.minor);
      setPartialIssue(checked.ok && !lessThanAll ? t('cashier.receipt.partialLess') : null);
      const missingProof = proofs.length === 0 ? t('cashier.images.required') : null;
      setProofIssue(missingProof);
      if (!checked.ok || !lessThanAll || missingProof) return;
    }
    confirm.mutate(
      {
        withdrawalId: withdrawal.id,
        result,
        ...(result === 'partial' ? { receivedAmount: receivedAmount.trim() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        proofs: result === 'received' ? [] : proofs,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('cashier.receipt.title')}
      size="md"
      closeLabel={t('cashier.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={confirm.isPending}>
            {t('cashier.cancel')}
          </Button>
          <Button type="submit" form="confirm-receipt-form" loading={confirm.isPending}>
            {t('cashier.receipt.submit')}
          </Button>
        </>
      }
    >
      <form id="confirm-receipt-form" className="cashier-form" onSubmit={submit} noValidate>
        <p className="cashier-muted">
          {t('cashier.receipt.intro')} <MoneyText value={withdrawal.amount} /> · {withdrawal.bankAccount.bankName}{' '}
          {withdrawal.bankAccount.accountNumberMasked}
        </p>
        <fieldset className="cashier-choice">
          <legend className="ui-field__label">{t('cashier.receipt.question')}</legend>
          {results.map((value) => (
            <label key={value} className="cashier-choice__item">
              <input
                type="radio"
                name="receipt-result"
                value={value}
                checked={result === value}
                onChange={() => setResult(value)}
              />
              <span>{t(`cashier.receipt.results.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        {result === 'partial' && (
          <Input
            label={t('cashier.receipt.receivedAmount')}
            inputMode="decimal"
            required
            value={receivedAmount}
            onChange={(event) => {
              setReceivedAmount(event.target.value);
              setAmountIssue(null);
              setPartialIssue(null);
            }}
            error={issueText(amountIssue) ?? partialIssue}
            trailing={<span className="cashier-currency">{currency.code}</span>}
          />
        )}
        {result !== 'received' && (
          <>
            <ImagePicker
              name="proofs"
              label={t('cashier.receipt.proofs')}
              hint={result === 'partial' ? t('cashier.images.hintRequired') : t('cashier.images.hintOptional')}
              files={proofs}
              onChange={(files) => {
                setProofs(files);
                setProofIssue(null);
              }}
              error={proofIssue}
            />
            <Input
              label={t('cashier.receipt.note')}
              maxLength={140}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              hint={t('cashier.receipt.noteHint')}
            />
          </>
        )}
        <FormError error={confirm.error} />
      </form>
    </Modal>
  );
}
