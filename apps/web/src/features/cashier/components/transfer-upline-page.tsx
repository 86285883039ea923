import type { MemberInfo, MemberTransferResult } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { IconCheck } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Tabs } from '@portal/ui/tabs';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQueryOptions, useTransferDownline, useTransferUpline } from '../api/cashier';
import { type AmountIssue, checkAmount, formatMoneyText } from '../utils/amount';
import { keepsKey } from '../utils/errors';
import { useIdempotencyKey } from '../utils/idempotency-key';
import {
  CashierCard,
  CashierHeader,
  FormError,
  IconTransfer,
  MoneyText,
  QueryState,
  useAmountIssueText,
  useCurrency,
} from './cashier-ui';
import './cashier.css';
import '@/locales/cashier';

type Direction = 'upline' | 'downline';
type Issues = { amount?: AmountIssue | null; downline?: string; paymentPassword?: string };

/**
 * transferUpline (spec sections 2 and 6): a member pays their upline agent; an agent also pays a member of its
 * own downline (anyone else is "not found"). Main wallet to main wallet, with the payment password, a
 * confirmation step and the result with the new balance.
 */
export function TransferUplinePage({ info }: { info: MemberInfo }) {
  const { t } = useTranslation();
  const balance = useQuery(balanceQueryOptions());
  const [direction, setDirection] = useState<Direction>(info.isAgent ? 'downline' : 'upline');
  const directions: Direction[] = info.isAgent ? ['downline', 'upline'] : ['upline'];

  return (
    <div className="cashier-page">
      <CashierHeader
        icon={<IconTransfer size={28} />}
        title={t('cashier.transfer.title')}
        description={info.isAgent ? t('cashier.transfer.descriptionAgent') : t('cashier.transfer.description')}
        aside={
          <div className="cashier-figure">
            <span className="cashier-figure__label">{t('cashier.available')}</span>
            {balance.data ? (
              <MoneyText className="cashier-figure__value" value={balance.data.main} />
            ) : (
              <span className="cashier-figure__value">—</span>
            )}
          </div>
        }
      />
      <CashierCard title={t('cashier.transfer.formTitle')}>
        {directions.length > 1 && (
          <Tabs
            variant="pill"
            label={t('cashier.transfer.direction')}
            value={direction}
            onChange={(id) => setDirection(id as Direction)}
            items={directions.map((id) => ({ id, label: t(`cashier.transfer.to.${id}`) }))}
          />
        )}
        <QueryState loading={balance.isPending} error={balance.error} onRetry={() => void balance.refetch()}>
          {balance.data && (
            <TransferForm
              key={direction}
              direction={direction}
              hasPaymentPassword={info.hasPaymentPassword}
              available={balance.data.main}
              scale={balance.data.scale}
            />
          )}
        </QueryState>
      </CashierCard>
    </div>
  );
}

function TransferForm({
  direction,
  hasPaymentPassword,
  available,
  scale,
}: {
  direction: Direction;
  hasPaymentPassword: boolean;
  available: { amount: string; minor: string };
  scale: number;
}) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const issueText = useAmountIssueText();
  const [amount, setAmount] = useState('');
  const [downline, setDownline] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [issues, setIssues] = useState<Issues>({});
  const [confirming, setConfirming] = useState(false);
  const key = useIdempotencyKey();
  const toUpline = useTransferUpline();
  const toDownline = useTransferDownline();
  const mutation = direction === 'upline' ? toUpline : toDownline;
  const parsed = checkAmount(amount, { scale });

  if (mutation.data) {
    return (
      <TransferResult
        result={mutation.data}
        onAgain={() => {
          mutation.reset();
          setAmount('');
          setPaymentPassword('');
        }}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAmount(amount, { scale, available });
    const next: Issues = { amount: checked.ok ? null : checked.issue };
    if (direction === 'downline' && !downline.trim()) next.downline = t('cashier.transfer.downlineRequired');
    if (!hasPaymentPassword) next.paymentPassword = t('cashier.password.notSetTransfer');
    else if (!paymentPassword) next.paymentPassword = t('cashier.password.required');
    setIssues(next);
    if (checked.ok && !next.downline && !next.paymentPassword) setConfirming(true);
  };

  const send = () => {
    if (mutation.isPending) return;
    const handlers = {
      onSuccess: () => key.renew(),
      onError: (error: unknown) => {
        if (!keepsKey(error)) key.renew();
        setPaymentPassword('');
      },
      onSettled: () => setConfirming(false),
    };
    const common = { amount: amount.trim(), paymentPassword, idempotencyKey: key.current() };
    if (direction === 'upline') toUpline.mutate(common, handlers);
    else toDownline.mutate({ ...common, downlineUsername: downline.trim() }, handlers);
  };

  return (
    <form className="cashier-form" onSubmit={submit} noValidate>
      {direction === 'downline' && (
        <Input
          label={t('cashier.transfer.downline')}
          autoComplete="off"
          required
          maxLength={64}
          value={downline}
          onChange={(event) => {
            setDownline(event.target.value);
            setIssues((current) => ({ ...current, downline: undefined }));
            key.renew();
          }}
          error={issues.downline}
          hint={t('cashier.transfer.downlineHint')}
        />
      )}
      <Input
        label={t('cashier.amount.label')}
        inputMode="decimal"
        autoComplete="off"
        required
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setIssues((current) => ({ ...current, amount: null }));
          key.renew();
        }}
        error={issueText(issues.amount ?? null)}
        hint={t('cashier.withdraw.availableHint', { available: formatMoneyText(available, currency) })}
        trailing={<span className="cashier-currency">{currency.code}</span>}
      />
      <Input
        label={t('cashier.password.label')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        required
        disabled={!hasPaymentPassword}
        value={paymentPassword}
        onChange={(event) => {
          setPaymentPassword(event.target.value);
          setIssues((current) => ({ ...current, paymentPassword: undefined }));
        }}
        error={issues.paymentPassword}
        hint={hasPaymentPassword ? undefined : t('cashier.password.setOnWithdraw')}
      />
      <FormError error={mutation.error} />
      <Button type="submit" size="lg" fullWidth>
        {t('cashier.transfer.submit')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('cashier.transfer.confirmTitle')}
        confirmLabel={t('cashier.transfer.confirmAction')}
        cancelLabel={t('cashier.cancel')}
        closeLabel={t('cashier.close')}
        confirmLoading={mutation.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={send}
      >
        <dl className="cashier-summary">
          <div>
            <dt>{t('cashier.transfer.recipient')}</dt>
            <dd>{direction === 'upline' ? t('cashier.transfer.myUpline') : downline.trim()}</dd>
          </div>
          <div>
            <dt>{t('cashier.amount.label')}</dt>
            <dd>{formatMoneyText(parsed.ok ? parsed.minor : 0n, currency)}</dd>
          </div>
        </dl>
      </ConfirmDialog>
    </form>
  );
}

function TransferResult({ result, onAgain }: { result: MemberTransferResult; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="cashier-result cashier-result--success" role="status">
      <IconCheck size={28} />
      <div>
        <p className="cashier-result__title">{t('cashier.transfer.done')}</p>
        <p className="cashier-result__text">
          {t('cashier.transfer.doneTo', { name: result.to.username })} <MoneyText value={result.amount} /> ·{' '}
          {t('cashier.transfer.newBalance')} <MoneyText value={result.balance} /> · #{result.transferId}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onAgain}>
        {t('cashier.transfer.again')}
      </Button>
    </div>
  );
}
