import type { Money, PersonalProfitQuery, ProfitLine, ProfitPeriod } from '@portal/contract';
import { profitPeriods } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Tabs } from '@portal/ui/tabs';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personalProfitQueryOptions } from '../api/cashier';
import { CashierCard, CashierHeader, IconLedger, MoneyText, QueryState } from './cashier-ui';
import { type DateRange, DateRangeFields } from './record-list';
import './cashier.css';
import '@/locales/cashier';

type Custom = DateRange;

/** The tone of a signed amount: wins green, losses red, nothing neutral. */
function toneOf(money: Money): string {
  if (money.minor.startsWith('-')) return 'cashier-loss';
  return money.minor === '0' ? '' : 'cashier-positive';
}

function Signed({ value }: { value: Money }) {
  const positive = !value.minor.startsWith('-') && value.minor !== '0';
  return (
    <span className={toneOf(value)}>
      {positive ? '+' : ''}
      <MoneyText value={value} className="cashier-money" />
    </span>
  );
}

/**
 * personalProfit (spec section 2): the member's profit and loss over today, yesterday, the last 7 days, this month
 * or a custom range of cashier days: bets, wins and P/L per game category and provider, beside the deposits,
 * withdrawals, bonuses and adjustments of the same days. Amounts with 2 decimals and thousands separators.
 */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ProfitPeriod>('today');
  const [draft, setDraft] = useState<Custom>({ startDate: '', endDate: '' });
  const [custom, setCustom] = useState<Custom | null>(null);
  const [rangeIssue, setRangeIssue] = useState<string | null>(null);
  const query: Partial<PersonalProfitQuery> =
    period === 'custom' && custom ? { period, ...custom } : { period: period === 'custom' ? 'today' : period };
  const waitingForRange = period === 'custom' && !custom;
  const profit = useQuery({ ...personalProfitQueryOptions(query), enabled: !waitingForRange });
  const data = waitingForRange ? undefined : profit.data;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.startDate || !draft.endDate) {
      setRangeIssue(t('cashier.profit.rangeRequired'));
      return;
    }
    if (draft.startDate > draft.endDate) {
      setRangeIssue(t('cashier.profit.rangeInvalid'));
      return;
    }
    setRangeIssue(null);
    setCustom(draft);
  };

  const lineCells = (line: ProfitLine) => (
    <>
      <td data-label={t('cashier.profit.roundsColumn')} className="cashier-table__number">
        {line.rounds.toLocaleString('en')}
      </td>
      <td data-label={t('cashier.profit.bet')} className="cashier-table__number">
        <MoneyText value={line.bet} />
      </td>
      <td data-label={t('cashier.profit.win')} className="cashier-table__number">
        <MoneyText value={line.win} />
      </td>
      <td data-label={t('cashier.profit.profitColumn')} className="cashier-table__number">
        <Signed value={line.profit} />
      </td>
    </>
  );
  const lineHeads = (
    <>
      <th scope="col" className="cashier-table__number">
        {t('cashier.profit.roundsColumn')}
      </th>
      <th scope="col" className="cashier-table__number">
        {t('cashier.profit.bet')}
      </th>
      <th scope="col" className="cashier-table__number">
        {t('cashier.profit.win')}
      </th>
      <th scope="col" className="cashier-table__number">
        {t('cashier.profit.profitColumn')}
      </th>
    </>
  );
  const category = (code: string) => t(`cashier.categories.${code}`, { defaultValue: t('cashier.categories.OTHER') });

  return (
    <div className="cashier-page">
      <CashierHeader
        icon={<IconLedger size={28} />}
        title={t('cashier.profit.title')}
        description={t('cashier.profit.description')}
        aside={
          <div className="cashier-figure">
            <span className="cashier-figure__label">{t('cashier.profit.netProfit')}</span>
            {data ? (
              <span className="cashier-figure__value">
                <Signed value={data.netProfit} />
              </span>
            ) : (
              <span className="cashier-figure__value">—</span>
            )}
          </div>
        }
      />
      <CashierCard
        title={t('cashier.profit.period')}
        action={
          data ? (
            <span className="cashier-muted cashier-small">
              {t('cashier.profit.covering', { start: data.startDate, end: data.endDate })}
            </span>
          ) : undefined
        }
      >
        <Tabs
          variant="pill"
          className="cashier-periods"
          label={t('cashier.profit.period')}
          value={period}
          onChange={(id) => setPeriod(id as ProfitPeriod)}
          items={profitPeriods.map((id) => ({ id, label: t(`cashier.profit.periods.${id}`) }))}
        />
        {period === 'custom' && (
          <form className="cashier-filters" onSubmit={apply} noValidate>
            <DateRangeFields
              draft={draft}
              onChange={setDraft}
              issue={rangeIssue}
              fromLabel={t('cashier.profit.from')}
              toLabel={t('cashier.profit.to')}
            />
            <div className="cashier-filters__actions">
              <Button type="submit">{t('cashier.profit.apply')}</Button>
            </div>
          </form>
        )}
      </CashierCard>

      {!waitingForRange && (
        <QueryState loading={profit.isPending} error={profit.error} onRetry={() => void profit.refetch()}>
          {data && (
            <>
              <section className="cashier-stats" aria-busy={profit.isFetching || undefined}>
                <Stat label={t('cashier.profit.bet')} value={<MoneyText value={data.games.bet} />}>
                  {t('cashier.profit.rounds', { count: data.games.rounds })}
                </Stat>
                <Stat label={t('cashier.profit.win')} value={<MoneyText value={data.games.win} />} />
                <Stat label={t('cashier.profit.gameProfit')} value={<Signed value={data.games.profit} />} />
                <Stat label={t('cashier.profit.bonus')} value={<Signed value={data.bonus} />}>
                  {t('cashier.profit.times', { count: data.bonusCount })}
                </Stat>
                <Stat label={t('cashier.profit.adjustment')} value={<Signed value={data.adjustment} />}>
                  {t('cashier.profit.times', { count: data.adjustmentCount })}
                </Stat>
                <Stat label={t('cashier.profit.deposit')} value={<MoneyText value={data.deposit} />}>
                  {t('cashier.profit.times', { count: data.depositCount })}
                </Stat>
                <Stat label={t('cashier.profit.withdrawal')} value={<MoneyText value={data.withdrawal} />}>
                  {t('cashier.profit.times', { count: data.withdrawalCount })}
                </Stat>
                <Stat highlight label={t('cashier.profit.netProfit')} value={<Signed value={data.netProfit} />}>
                  {t('cashier.profit.netHint')}
                </Stat>
              </section>
              <div className="cashier-columns">
                <CashierCard title={t('cashier.profit.byCategory')}>
                  <QueryState
                    loading={false}
                    error={null}
                    onRetry={() => undefined}
                    empty={data.byCategory.length === 0}
                    emptyTitle={t('cashier.profit.noGames')}
                    emptyDescription={t('cashier.profit.noGamesHint')}
                  >
                    <table className="cashier-table" aria-label={t('cashier.profit.byCategory')}>
                      <thead>
                        <tr>
                          <th scope="col">{t('cashier.profit.category')}</th>
                          {lineHeads}
                        </tr>
                      </thead>
                      <tbody>
                        {data.byCategory.map((row) => (
                          <tr key={row.category}>
                            <td data-label={t('cashier.profit.category')}>{category(row.category)}</td>
                            {lineCells(row)}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </QueryState>
                </CashierCard>
                <CashierCard title={t('cashier.profit.byVendor')}>
                  <QueryState
                    loading={false}
                    error={null}
                    onRetry={() => undefined}
                    empty={data.byVendor.length === 0}
                    emptyTitle={t('cashier.profit.noGames')}
                    emptyDescription={t('cashier.profit.noGamesHint')}
                  >
                    <table className="cashier-table" aria-label={t('cashier.profit.byVendor')}>
                      <thead>
                        <tr>
                          <th scope="col">{t('cashier.profit.vendor')}</th>
                          {lineHeads}
                        </tr>
                      </thead>
                      <tbody>
                        {data.byVendor.map((row) => (
                          <tr key={row.vendor}>
                            <td data-label={t('cashier.profit.vendor')}>
                              <span className="cashier-mono">{row.vendor}</span>{' '}
                              <span className="cashier-muted cashier-small">{category(row.category)}</span>
                            </td>
                            {lineCells(row)}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </QueryState>
                </CashierCard>
              </div>
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}

function Stat({
  label,
  value,
  children,
  highlight = false,
}: {
  label: string;
  value: ReactNode;
  children?: ReactNode;
  highlight?: boolean;
}) {
  return (
    <div className={`cashier-stat ${highlight ? 'cashier-stat--highlight' : ''}`}>
      <span className="cashier-stat__label">{label}</span>
      <span className="cashier-stat__value">{value}</span>
      {children && <span className="cashier-stat__meta">{children}</span>}
    </div>
  );
}
