import type { MemberInfo, Withdrawal, WithdrawInfo } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { IconCheck } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Select } from '@portal/ui/select';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useWithdraw, withdrawalsQueryOptions, withdrawInfoQueryOptions } from '../api/cashier';
import { type AmountIssue, checkAmount, formatMoneyText } from '../utils/amount';
import { keepsKey } from '../utils/errors';
import { useIdempotencyKey } from '../utils/idempotency-key';
import { BankAccountsCard } from './bank-accounts-card';
import {
  CashierCard,
  CashierHeader,
  FormError,
  IconWithdraw,
  MoneyText,
  QueryState,
  StatusPill,
  useAmountIssueText,
  useCurrency,
} from './cashier-ui';
import { ConfirmReceiptDialog } from './confirm-receipt-dialog';
import { PaymentPasswordCard } from './payment-password-card';
import { PaymentPasswordManageCard } from './payment-password-manage-card';
import './cashier.css';
import '@/locales/cashier';

/**
 * withdraw (spec section 2): the available balance and the limits, the payment password (set here when there
 * is none), the bound bank accounts and e-wallets, the request itself (amount, account, payment password, then
 * a confirmation step) and the member's withdrawals, where a paid one is confirmed as received, not received
 * or partially received with proof images (spec section 4).
 */
export function WithdrawPage({ info: member }: { info?: MemberInfo } = {}) {
  const { t } = useTranslation();
  const info = useQuery(withdrawInfoQueryOptions());
  const data = info.data;
  return (
    <div className="cashier-page">
      <CashierHeader
        icon={<IconWithdraw size={28} />}
        title={t('cashier.withdraw.title')}
        description={t('cashier.withdraw.description')}
        aside={
          <div className="cashier-figure">
            <span className="cashier-figure__label">{t('cashier.available')}</span>
            {data ? (
              <MoneyText className="cashier-figure__value" value={data.available} />
            ) : (
              <span className="cashier-figure__value">—</span>
            )}
          </div>
        }
      />
      <QueryState loading={info.isPending} error={info.error} onRetry={() => void info.refetch()}>
        {data && !data.hasPaymentPassword && <PaymentPasswordCard />}
        {data && (
          <div className="cashier-columns">
            <CashierCard title={t('cashier.withdraw.request')}>
              <WithdrawForm info={data} />
            </CashierCard>
            <BankAccountsCard />
          </div>
        )}
        {data?.hasPaymentPassword && <PaymentPasswordManageCard mobile={member?.mobile} />}
      </QueryState>
      <WithdrawalsCard />
    </div>
  );
}

type Issues = { amount?: AmountIssue | null; bankAccountId?: string; paymentPassword?: string };

function WithdrawForm({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const issueText = useAmountIssueText();
  const [amount, setAmount] = useState('');
  const [bankAccountId, setBankAccountId] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [issues, setIssues] = useState<Issues>({});
  const [confirming, setConfirming] = useState(false);
  const key = useIdempotencyKey();
  const withdraw = useWithdraw();
  // The first account until the member picks one (the list may fill after the form appeared).
  const account = info.bankAccounts.find((item) => String(item.id) === bankAccountId) ?? info.bankAccounts[0] ?? null;
  const remainingCount = Math.max(0, info.dailyMaxCount - info.todayCount);
  const parsed = checkAmount(amount, { scale: info.scale });
  const confirmMinor = parsed.ok ? parsed.minor : 0n;

  if (withdraw.data) {
    return (
      <div className="cashier-result cashier-result--success" role="status">
        <IconCheck size={28} />
        <div>
          <p className="cashier-result__title">{t('cashier.withdraw.submitted')}</p>
          <p className="cashier-result__text">
            {t('cashier.withdraw.submittedHint', {
              amount: formatMoneyText(withdraw.data.amount, currency),
              account: `${withdraw.data.bankAccount.bankName} ${withdraw.data.bankAccount.accountNumberMasked}`,
            })}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            withdraw.reset();
            setAmount('');
            setPaymentPassword('');
          }}
        >
          {t('cashier.withdraw.another')}
        </Button>
      </div>
    );
  }

  const validate = (): boolean => {
    const checked = checkAmount(amount, {
      scale: info.scale,
      min: info.min,
      max: info.max,
      available: info.available,
    });
    const next: Issues = { amount: checked.ok ? null : checked.issue };
    if (!account) next.bankAccountId = t('cashier.withdraw.accountRequired');
    if (!info.hasPaymentPassword) next.paymentPassword = t('cashier.password.notSet');
    else if (!paymentPassword) next.paymentPassword = t('cashier.password.required');
    setIssues(next);
    return checked.ok && !next.bankAccountId && !next.paymentPassword;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validate()) setConfirming(true);
  };

  const send = () => {
    if (!account || withdraw.isPending) return;
    withdraw.mutate(
      { amount: amount.trim(), bankAccountId: account.id, paymentPassword, idempotencyKey: key.current() },
      {
        onSuccess: () => key.renew(),
        onError: (error) => {
          if (!keepsKey(error)) key.renew();
          setPaymentPassword('');
        },
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <form className="cashier-form" onSubmit={submit} noValidate>
      <dl className="cashier-limits">
        <div>
          <dt>{t('cashier.withdraw.perRequest')}</dt>
          <dd>
            <MoneyText value={info.min} /> – <MoneyText value={info.max} />
          </dd>
        </div>
        <div>
          <dt>{t('cashier.withdraw.todayLeft')}</dt>
          <dd>{t('cashier.withdraw.countLeft', { count: remainingCount, max: info.dailyMaxCount })}</dd>
        </div>
        <div>
          <dt>{t('cashier.withdraw.todayAmount')}</dt>
          <dd>
            <MoneyText value={info.todayAmount} /> / <MoneyText value={info.dailyMaxAmount} />
          </dd>
        </div>
      </dl>
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
        hint={t('cashier.withdraw.availableHint', { available: formatMoneyText(info.available, currency) })}
        trailing={
          <button
            type="button"
            className="cashier-link-button"
            onClick={() => {
              setAmount(info.available.amount);
              setIssues((current) => ({ ...current, amount: null }));
            }}
          >
            {t('cashier.withdraw.all')}
          </button>
        }
      />
      {info.bankAccounts.length > 0 ? (
        <Select
          label={t('cashier.withdraw.account')}
          required
          value={account ? String(account.id) : ''}
          onChange={(event) => {
            setBankAccountId(event.target.value);
            key.renew();
          }}
          options={info.bankAccounts.map((item) => ({
            value: String(item.id),
            label: `${item.bankName} ${item.accountNumberMasked} · ${item.holderName}`,
          }))}
          error={issues.bankAccountId}
        />
      ) : (
        <p className="cashier-alert cashier-alert--info">{t('cashier.withdraw.bindFirst')}</p>
      )}
      <Input
        label={t('cashier.password.label')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        required
        disabled={!info.hasPaymentPassword}
        value={paymentPassword}
        onChange={(event) => {
          setPaymentPassword(event.target.value);
          setIssues((current) => ({ ...current, paymentPassword: undefined }));
        }}
        error={issues.paymentPassword}
      />
      <FormError error={withdraw.error} />
      <Button type="submit" size="lg" fullWidth disabled={info.bankAccounts.length === 0}>
        {t('cashier.withdraw.submit')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('cashier.withdraw.confirmTitle')}
        confirmLabel={t('cashier.withdraw.confirmAction')}
        cancelLabel={t('cashier.cancel')}
        closeLabel={t('cashier.close')}
        confirmLoading={withdraw.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={send}
      >
        <dl className="cashier-summary">
          <div>
            <dt>{t('cashier.amount.label')}</dt>
            <dd>{formatMoneyText(confirmMinor, currency)}</dd>
          </div>
          <div>
            <dt>{t('cashier.withdraw.account')}</dt>
            <dd>{account ? `${account.bankName} ${account.accountNumberMasked} · ${account.holderName}` : '—'}</dd>
          </div>
        </dl>
      </ConfirmDialog>
    </form>
  );
}

function WithdrawalsCard() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const list = useQuery(withdrawalsQueryOptions());
  const [confirming, setConfirming] = useState<Withdrawal | null>(null);
  const items = list.data ?? [];
  return (
    <CashierCard title={t('cashier.withdraw.history')}>
      <QueryState
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={items.length === 0}
        emptyTitle={t('cashier.withdraw.historyEmpty')}
      >
        <ul className="cashier-list">
          {items.map((item) => (
            <li key={item.id} className="cashier-list__item">
              <div className="cashier-list__main">
                <span className="cashier-list__title">
                  {item.bankAccount.bankName}{' '}
                  <span className="cashier-mono">{item.bankAccount.accountNumberMasked}</span>
                </span>
                <time className="cashier-list__meta" dateTime={item.createdAt}>
                  #{item.id} · {formatDateTime(item.createdAt, language)}
                </time>
                {item.rejectReason && (
                  <span className="cashier-list__reason">
                    {t('cashier.withdraw.reason', { reason: item.rejectReason })}
                  </span>
                )}
              </div>
              <MoneyText className="cashier-list__amount" value={item.amount} />
              <div className="cashier-list__status">
                <StatusPill status={item.status} />
                {item.confirmation && <StatusPill status={item.confirmation} />}
                {item.status === 'approved' && item.confirmation === null && (
                  <Button size="sm" onClick={() => setConfirming(item)}>
                    {t('cashier.receipt.action')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </QueryState>
      {confirming && <ConfirmReceiptDialog withdrawal={confirming} onClose={() => setConfirming(null)} />}
    </CashierCard>
  );
}
