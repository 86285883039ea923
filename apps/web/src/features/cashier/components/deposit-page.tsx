import type { DepositChannel } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconCheck, IconClock, IconExternal } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import {
  balanceQueryOptions,
  depositChannelsQueryOptions,
  depositQueryOptions,
  recordsQueryOptions,
  useCreateDeposit,
  useManualDeposit,
} from '../api/cashier';
import { type AmountIssue, checkAmount, formatMoneyText } from '../utils/amount';
import { keepsKey } from '../utils/errors';
import { useIdempotencyKey } from '../utils/idempotency-key';
import {
  AmountPresets,
  CashierCard,
  CashierHeader,
  FormError,
  IconBank,
  IconDeposit,
  ImagePicker,
  MoneyText,
  QueryState,
  StatusPill,
  useAmountIssueText,
  useCurrency,
} from './cashier-ui';
import './cashier.css';
import '@/locales/cashier';

/** Where the page sends the member to pay; a seam for tests (jsdom cannot navigate). */
export const gatewayNavigation = { go: (url: string) => window.location.assign(url) };

/**
 * depositv2 (spec section 2): the operator's deposit channels with their limits and amount presets. A gateway
 * channel opens the deposit and sends the member to the gateway's pay page, which brings them back here with
 * `depositId` to follow it until the gateway's callback credits it (the header balance follows by the socket).
 * The manual bank-transfer channel takes the amount, the transfer reference and 1–3 receipt images for an
 * operator to check. Below: the member's deposits with their states.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const returnedId = Number(params.get('depositId'));
  const channels = useQuery(depositChannelsQueryOptions());
  const balance = useQuery(balanceQueryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  const list = channels.data?.channels ?? [];
  const channel = list.find((item) => item.code === selected) ?? list[0] ?? null;

  const closeResult = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('depositId');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="cashier-page">
      <CashierHeader
        icon={<IconDeposit size={28} />}
        title={t('cashier.deposit.title')}
        description={t('cashier.deposit.description')}
        aside={
          <div className="cashier-figure">
            <span className="cashier-figure__label">{t('cashier.balance')}</span>
            {balance.data ? (
              <MoneyText className="cashier-figure__value" value={balance.data.main} />
            ) : (
              <span className="cashier-figure__value">—</span>
            )}
          </div>
        }
      />

      {Number.isInteger(returnedId) && returnedId > 0 && <DepositFollowUp id={returnedId} onClose={closeResult} />}

      <CashierCard title={t('cashier.deposit.channels')}>
        <QueryState
          loading={channels.isPending}
          error={channels.error}
          onRetry={() => void channels.refetch()}
          empty={list.length === 0}
          emptyTitle={t('cashier.deposit.noChannels')}
          emptyDescription={t('cashier.deposit.noChannelsHint')}
        >
          <fieldset className="cashier-channels">
            <legend className="cashier-visually-hidden">{t('cashier.deposit.channels')}</legend>
            {list.map((item) => (
              <label key={item.code} className="cashier-channel">
                <input
                  type="radio"
                  name="deposit-channel"
                  className="cashier-channel__input"
                  value={item.code}
                  checked={item.code === channel?.code}
                  onChange={() => setSelected(item.code)}
                />
                <span className="cashier-channel__method">{t(`cashier.deposit.methods.${item.method}`)}</span>
                <span className="cashier-channel__name">{item.name}</span>
                <span className="cashier-channel__limits">
                  <MoneyText value={item.min} /> – <MoneyText value={item.max} />
                </span>
              </label>
            ))}
          </fieldset>
          {channel &&
            (channel.type === 'gateway' ? (
              <GatewayDepositForm key={channel.code} channel={channel} scale={channels.data?.scale ?? 2} />
            ) : (
              <ManualDepositForm key={channel.code} channel={channel} scale={channels.data?.scale ?? 2} />
            ))}
        </QueryState>
      </CashierCard>

      <DepositHistory channels={list} />
    </div>
  );
}

function useAmountField(channel: DepositChannel, scale: number) {
  const [amount, setAmount] = useState('');
  const [issue, setIssue] = useState<AmountIssue | null>(null);
  const check = () => {
    const result = checkAmount(amount, { scale, min: channel.min, max: channel.max });
    setIssue(result.ok ? null : result.issue);
    return result.ok;
  };
  return { amount, setAmount, issue, setIssue, check };
}

function AmountField({
  field,
  channel,
  id,
}: {
  field: ReturnType<typeof useAmountField>;
  channel: DepositChannel;
  id: string;
}) {
  const { t } = useTranslation();
  const issueText = useAmountIssueText();
  const currency = useCurrency();
  return (
    <>
      <Input
        id={id}
        label={t('cashier.amount.label')}
        inputMode="decimal"
        autoComplete="off"
        required
        value={field.amount}
        onChange={(event) => {
          field.setAmount(event.target.value);
          field.setIssue(null);
        }}
        error={issueText(field.issue)}
        hint={t('cashier.amount.limits', {
          min: formatMoneyText(channel.min, currency),
          max: formatMoneyText(channel.max, currency),
        })}
        trailing={<span className="cashier-currency">{currency.code}</span>}
      />
      <AmountPresets
        presets={channel.presets}
        value={field.amount}
        onPick={(value) => {
          field.setAmount(value);
          field.setIssue(null);
        }}
      />
    </>
  );
}

function GatewayDepositForm({ channel, scale }: { channel: DepositChannel; scale: number }) {
  const { t } = useTranslation();
  const field = useAmountField(channel, scale);
  const key = useIdempotencyKey();
  const create = useCreateDeposit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || !field.check()) return;
    create.mutate(
      { channelCode: channel.code, amount: field.amount.trim(), idempotencyKey: key.current() },
      {
        onSuccess: (deposit) => {
          key.renew();
          if (deposit.redirectUrl) gatewayNavigation.go(deposit.redirectUrl);
        },
        onError: (error) => {
          if (!keepsKey(error)) key.renew();
        },
      },
    );
  };

  return (
    <form className="cashier-form" onSubmit={submit} noValidate>
      <AmountField field={field} channel={channel} id="deposit-amount" />
      <p className="cashier-note">
        <IconExternal size={16} />
        {t('cashier.deposit.gatewayNote')}
      </p>
      <FormError error={create.error} />
      <Button type="submit" size="lg" fullWidth loading={create.isPending}>
        {t('cashier.deposit.payNow')}
      </Button>
    </form>
  );
}

function ManualDepositForm({ channel, scale }: { channel: DepositChannel; scale: number }) {
  const { t } = useTranslation();
  const field = useAmountField(channel, scale);
  const [reference, setReference] = useState('');
  const [referenceIssue, setReferenceIssue] = useState<string | null>(null);
  const [receipts, setReceipts] = useState<File[]>([]);
  const [receiptIssue, setReceiptIssue] = useState<string | null>(null);
  const key = useIdempotencyKey();
  const submitDeposit = useManualDeposit();

  if (submitDeposit.data) {
    return (
      <div className="cashier-result cashier-result--pending" role="status">
        <IconClock size={28} />
        <div>
          <p className="cashier-result__title">{t('cashier.deposit.manualSubmitted')}</p>
          <p className="cashier-result__text">
            {t('cashier.deposit.manualSubmittedHint', { id: submitDeposit.data.id })}{' '}
            <MoneyText value={submitDeposit.data.amount} />
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            submitDeposit.reset();
            field.setAmount('');
            setReference('');
            setReceipts([]);
          }}
        >
          {t('cashier.deposit.another')}
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitDeposit.isPending) return;
    const amountOk = field.check();
    const ref = reference.trim();
    const refIssue =
      ref === ''
        ? t('cashier.deposit.referenceRequired')
        : ref.length > 64
          ? t('cashier.deposit.referenceTooLong')
          : null;
    setReferenceIssue(refIssue);
    const receiptMissing = receipts.length === 0 ? t('cashier.images.required') : null;
    setReceiptIssue(receiptMissing);
    if (!amountOk || refIssue || receiptMissing) return;
    submitDeposit.mutate(
      {
        channelCode: channel.code,
        amount: field.amount.trim(),
        reference: ref,
        receipts,
        idempotencyKey: key.current(),
      },
      {
        onSuccess: () => key.renew(),
        onError: (error) => {
          if (!keepsKey(error)) key.renew();
        },
      },
    );
  };

  return (
    <form className="cashier-form" onSubmit={submit} noValidate>
      {channel.payee && (
        <div className="cashier-payee">
          <p className="cashier-payee__title">
            <IconBank size={18} />
            {t('cashier.deposit.payTo')}
          </p>
          <dl className="cashier-payee__list">
            <div>
              <dt>{t('cashier.deposit.payeeBank')}</dt>
              <dd>{channel.payee.bankName}</dd>
            </div>
            <div>
              <dt>{t('cashier.deposit.payeeAccount')}</dt>
              <dd className="cashier-mono">{channel.payee.accountNumber}</dd>
            </div>
            <div>
              <dt>{t('cashier.deposit.payeeName')}</dt>
              <dd>{channel.payee.holderName}</dd>
            </div>
          </dl>
        </div>
      )}
      <AmountField field={field} channel={channel} id="manual-amount" />
      <Input
        label={t('cashier.deposit.reference')}
        hint={t('cashier.deposit.referenceHint')}
        required
        maxLength={64}
        autoComplete="off"
        value={reference}
        onChange={(event) => {
          setReference(event.target.value);
          setReferenceIssue(null);
        }}
        error={referenceIssue}
      />
      <ImagePicker
        name="receipts"
        label={t('cashier.deposit.receipts')}
        hint={t('cashier.images.hint')}
        files={receipts}
        onChange={(files) => {
          setReceipts(files);
          setReceiptIssue(null);
        }}
        error={receiptIssue}
      />
      <FormError error={submitDeposit.error} />
      <Button type="submit" size="lg" fullWidth loading={submitDeposit.isPending}>
        {t('cashier.deposit.submitManual')}
      </Button>
    </form>
  );
}

/** The deposit the gateway sent the member back for: followed until the gateway's answer is known. */
function DepositFollowUp({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const deposit = useQuery(depositQueryOptions(id));
  const data = deposit.data;
  const status = data?.status;
  const refreshed = status === 'approved';
  const balance = useQuery({ ...balanceQueryOptions(), enabled: false });
  useEffect(() => {
    if (refreshed) void balance.refetch();
  }, [refreshed, balance.refetch]);

  if (deposit.error instanceof ApiError && deposit.error.code === 'CASHIER_DEPOSIT_NOT_FOUND') return null;
  const tone = status === 'approved' ? 'success' : status === 'pending' || !status ? 'pending' : 'danger';
  return (
    <section className={`cashier-result cashier-result--${tone}`} role="status" aria-live="polite">
      {tone === 'success' ? <IconCheck size={28} /> : <IconClock size={28} />}
      <div>
        <p className="cashier-result__title">
          {status === 'approved'
            ? t('cashier.deposit.credited')
            : status === 'pending' || !status
              ? t('cashier.deposit.waiting')
              : t('cashier.deposit.notCompleted')}
        </p>
        {data && (
          <p className="cashier-result__text">
            <MoneyText value={data.amount} /> · #{data.id}
          </p>
        )}
      </div>
      <Button variant="ghost" size="sm" onClick={onClose}>
        {t('cashier.close')}
      </Button>
    </section>
  );
}

function DepositHistory({ channels }: { channels: readonly DepositChannel[] }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const records = useQuery(recordsQueryOptions({ type: 'DEPOSIT', pageNo: 1, pageSize: 10 }));
  const items = records.data?.items ?? [];
  return (
    <CashierCard title={t('cashier.deposit.history')}>
      <QueryState
        loading={records.isPending}
        error={records.error}
        onRetry={() => void records.refetch()}
        empty={items.length === 0}
        emptyTitle={t('cashier.deposit.historyEmpty')}
      >
        <ul className="cashier-list">
          {items.map((item) => (
            <li key={item.id} className="cashier-list__item">
              <div className="cashier-list__main">
                <span className="cashier-list__title">
                  {channels.find((channel) => channel.code === item.detail)?.name ?? item.detail}
                </span>
                <time className="cashier-list__meta" dateTime={item.createdAt}>
                  {formatDateTime(item.createdAt, language)}
                </time>
              </div>
              <MoneyText className="cashier-list__amount" value={item.amount} />
              <StatusPill status={item.status} />
            </li>
          ))}
        </ul>
      </QueryState>
    </CashierCard>
  );
}
