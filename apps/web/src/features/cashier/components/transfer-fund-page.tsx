import type { Money, WalletBalanceView, WalletTransferResult } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconRefresh } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQueryOptions, merchantWalletQueryOptions, useWalletTransfer } from '../api/cashier';
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

type Move = { vendor: string; direction: 'in' | 'out' };
type Notice = { tone: 'success' | 'info' | 'danger'; text: string };

const zero: Money = { amount: '0', minor: '0' };

/** Transfer-mode vendors: those the merchant lists and any the member still holds money at. */
function vendorRows(balance: WalletBalanceView, transferVendors: readonly string[]) {
  const held = new Map(balance.vendors.map((row) => [row.vendor, row.balance]));
  const codes = [...new Set([...transferVendors, ...held.keys()])].sort();
  return codes.map((vendor) => ({ vendor, balance: held.get(vendor) ?? zero }));
}

/**
 * transferFund, the wallet (spec section 2): the main balance and the balance kept at each transfer-mode game
 * provider; money moves into a provider's wallet before play there and back afterwards, one provider at a time or
 * "recall all" back to the main wallet. Each submission carries its own Idempotency-Key, kept for a retry of the
 * same submission, so a double click or a lost answer never moves money twice.
 */
export function TransferFundPage() {
  const { t } = useTranslation();
  const currency = useCurrency();
  const balance = useQuery({ ...balanceQueryOptions(), staleTime: 0 });
  const merchant = useQuery(merchantWalletQueryOptions());
  const [move, setMove] = useState<Move | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [recalling, setRecalling] = useState(false);
  const recallKeys = useIdempotencyKey();
  const transfer = useWalletTransfer();

  const data = balance.data;
  const vendors = data && merchant.data ? vendorRows(data, merchant.data.transferVendors) : [];
  const withMoney = vendors.filter((row) => BigInt(row.balance.minor) > 0n);

  const recallAll = async () => {
    if (recalling) return;
    if (withMoney.length === 0) {
      setNotice({ tone: 'info', text: t('cashier.fund.nothingToRecall') });
      return;
    }
    setRecalling(true);
    setNotice(null);
    // One key per provider of this recall: a second click while it runs is ignored, a retry after an unanswered
    // call replays the first outcome.
    const base = recallKeys.current();
    let failed = false;
    let keep = false;
    let pending = false;
    for (const row of withMoney) {
      try {
        const result = await transfer.mutateAsync({
          vassalage: row.vendor,
          direction: 'all_out',
          idempotencyKey: `${base}:${row.vendor}`,
        });
        if (result.status !== 'SUCCESS') pending = true;
      } catch (error) {
        failed = true;
        if (keepsKey(error)) keep = true;
      }
    }
    if (!keep) recallKeys.renew();
    setRecalling(false);
    setNotice(
      failed
        ? { tone: 'danger', text: t('cashier.fund.recallPartial') }
        : pending
          ? { tone: 'info', text: t('cashier.fund.pending') }
          : { tone: 'success', text: t('cashier.fund.recalled') },
    );
  };

  return (
    <div className="cashier-page">
      <CashierHeader
        icon={<IconTransfer size={28} />}
        title={t('cashier.fund.title')}
        description={t('cashier.fund.description')}
        aside={
          <div className="cashier-figure">
            <span className="cashier-figure__label">{t('cashier.fund.total')}</span>
            {data ? (
              <MoneyText className="cashier-figure__value" value={data.total} />
            ) : (
              <span className="cashier-figure__value">—</span>
            )}
          </div>
        }
      />
      <CashierCard
        title={t('cashier.fund.main')}
        action={
          <Button
            variant="ghost"
            size="sm"
            icon={<IconRefresh size={16} />}
            loading={balance.isFetching && !balance.isPending}
            onClick={() => {
              void balance.refetch();
              void merchant.refetch();
            }}
          >
            {t('cashier.fund.refresh')}
          </Button>
        }
      >
        <QueryState loading={balance.isPending} error={balance.error} onRetry={() => void balance.refetch()}>
          {data && (
            <div className="cashier-wallet-main">
              <div>
                <MoneyText className="cashier-wallet-main__value" value={data.main} />
                {BigInt(data.onHold.minor) > 0n && (
                  <p className="cashier-muted cashier-small">
                    {t('cashier.fund.onHold')}: <MoneyText value={data.onHold} />
                  </p>
                )}
              </div>
              {vendors.length > 0 && (
                <Button variant="secondary" loading={recalling} onClick={() => void recallAll()}>
                  {recalling ? t('cashier.fund.recalling') : t('cashier.fund.recallAll')}
                </Button>
              )}
            </div>
          )}
          {notice && (
            <p className={`cashier-alert cashier-alert--${notice.tone}`} role="status">
              {notice.text}
            </p>
          )}
        </QueryState>
      </CashierCard>
      <CashierCard title={t('cashier.fund.vendors')}>
        <QueryState
          loading={balance.isPending || merchant.isPending}
          error={balance.error ?? merchant.error}
          onRetry={() => {
            void balance.refetch();
            void merchant.refetch();
          }}
          empty={vendors.length === 0}
          emptyTitle={t('cashier.fund.none')}
          emptyDescription={t('cashier.fund.noneHint')}
        >
          <ul className="cashier-vendors">
            {vendors.map((row) => (
              <li key={row.vendor} className="cashier-vendor">
                <span className="cashier-vendor__name">{row.vendor}</span>
                <MoneyText className="cashier-vendor__balance" value={row.balance} />
                <div className="cashier-vendor__actions">
                  <Button
                    size="sm"
                    aria-label={`${t('cashier.fund.transferIn')} ${row.vendor}`}
                    onClick={() => setMove({ vendor: row.vendor, direction: 'in' })}
                  >
                    {t('cashier.fund.transferIn')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={BigInt(row.balance.minor) <= 0n}
                    aria-label={`${t('cashier.fund.transferOut')} ${row.vendor}`}
                    onClick={() => setMove({ vendor: row.vendor, direction: 'out' })}
                  >
                    {t('cashier.fund.transferOut')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </QueryState>
      </CashierCard>
      {move && data && (
        <MoveDialog
          key={`${move.vendor}:${move.direction}`}
          move={move}
          available={
            move.direction === 'in' ? data.main : (vendors.find((v) => v.vendor === move.vendor)?.balance ?? zero)
          }
          scale={data.scale}
          currency={currency}
          onClose={() => setMove(null)}
          onDone={(result) => {
            setMove(null);
            setNotice(
              result.status === 'SUCCESS'
                ? {
                    tone: 'success',
                    text: t('cashier.fund.done', { amount: formatMoneyText(result.amount, currency) }),
                  }
                : { tone: 'info', text: t('cashier.fund.pending') },
            );
          }}
        />
      )}
    </div>
  );
}

function MoveDialog({
  move,
  available,
  scale,
  currency,
  onClose,
  onDone,
}: {
  move: Move;
  available: Money;
  scale: number;
  currency: { symbol: string; scale: number; code: string };
  onClose: () => void;
  onDone: (result: WalletTransferResult) => void;
}) {
  const { t } = useTranslation();
  const issueText = useAmountIssueText();
  const [amount, setAmount] = useState('');
  const [issue, setIssue] = useState<AmountIssue | null>(null);
  const key = useIdempotencyKey();
  const transfer = useWalletTransfer();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (transfer.isPending) return;
    const checked = checkAmount(amount, { scale, available });
    setIssue(checked.ok ? null : checked.issue);
    if (!checked.ok) return;
    transfer.mutate(
      { vassalage: move.vendor, direction: move.direction, amount: amount.trim(), idempotencyKey: key.current() },
      {
        onSuccess: (result) => {
          key.renew();
          onDone(result);
        },
        onError: (error) => {
          if (!keepsKey(error)) key.renew();
        },
      },
    );
  };

  const availableText = formatMoneyText(available, currency);
  return (
    <Modal
      open
      onClose={onClose}
      closeLabel={t('cashier.close')}
      title={
        move.direction === 'in'
          ? t('cashier.fund.inTitle', { vendor: move.vendor })
          : t('cashier.fund.outTitle', { vendor: move.vendor })
      }
    >
      <form className="cashier-form" onSubmit={submit} noValidate>
        <Input
          label={t('cashier.amount.label')}
          inputMode="decimal"
          autoComplete="off"
          required
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setIssue(null);
            key.renew();
          }}
          error={issueText(issue)}
          hint={
            move.direction === 'in'
              ? t('cashier.fund.inHint', { available: availableText })
              : t('cashier.fund.outHint', { vendor: move.vendor, available: availableText })
          }
          trailing={<span className="cashier-currency">{currency.code}</span>}
        />
        <FormError error={transfer.error} />
        <Button type="submit" size="lg" fullWidth loading={transfer.isPending}>
          {t('cashier.fund.submit')}
        </Button>
      </form>
    </Modal>
  );
}
