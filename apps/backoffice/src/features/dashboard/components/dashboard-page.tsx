import type { Dashboard, DashboardDay } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, Panel, Pill } from '@/components/ui/panel';
import { QueryState } from '@/components/ui/query-state';
import { formatDecimal } from '@/lib/amount';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useDashboard, useVerifyLedger } from '../api/dashboard';
import '@/components/ui/table.css';
import './dashboard.css';

export type DashboardLinks = { deposits: string; withdrawals: string; adjustments: string };

export type DashboardPageProps = {
  /** Where each review queue opens; a queue the role may not open has no link. */
  links: Partial<DashboardLinks>;
  /** The operator may run the ledger reconciliation (audit.read). */
  canVerifyLedger: boolean;
};

const sumOf = (days: DashboardDay[], pick: (day: DashboardDay) => string) =>
  days.reduce((total, day) => total + BigInt(pick(day)), 0n);

/** Minor units back to a decimal string at the scale the day's amounts use. */
function minorToText(minor: bigint, sample: { amount: string; minor: string }): string {
  const scale = sample.amount.includes('.') ? (sample.amount.split('.')[1]?.length ?? 0) : 0;
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${digits.slice(digits.length - scale)}` : ''}`;
}

function Kpi({ label, value, sub, tone }: { label: string; value: ReactNode; sub?: ReactNode; tone?: string }) {
  return (
    <div className={cx('bo-dash__kpi', tone && `bo-dash__kpi--${tone}`)}>
      <p className="bo-dash__kpi-label">{label}</p>
      <p className="bo-dash__kpi-value">{value}</p>
      {sub && <p className="bo-dash__kpi-sub">{sub}</p>}
    </div>
  );
}

/** Deposits and withdrawals per day as paired bars, scaled to the largest amount of the week. */
function CashChart({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const width = 560;
  const height = 180;
  const base = 150;
  const slot = width / dashboard.days.length;
  const max = dashboard.days.reduce((top, day) => {
    const deposit = BigInt(day.deposits.sum.minor);
    const withdrawal = BigInt(day.withdrawals.sum.minor);
    return [deposit, withdrawal, top].reduce((a, b) => (a > b ? a : b));
  }, 1n);
  const barHeight = (minor: string) => Number((BigInt(minor) * 1000n) / max) * (120 / 1000);
  const quiet = dashboard.days.every((day) => day.deposits.count === 0 && day.withdrawals.count === 0);
  return (
    <figure className="bo-dash__chart">
      {quiet && <p className="bo-dash__chart-empty">{t('dashboard.chartEmpty')}</p>}
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t('dashboard.chartLabel')}>
        <line x1="0" x2={width} y1={base} y2={base} className="bo-dash__axis" />
        {dashboard.days.map((day, index) => {
          const x = index * slot + slot / 2;
          const deposit = barHeight(day.deposits.sum.minor);
          const withdrawal = barHeight(day.withdrawals.sum.minor);
          return (
            <g key={day.date}>
              <title>
                {t('dashboard.chartDay', {
                  date: day.date,
                  deposits: formatDecimal(day.deposits.sum.amount),
                  withdrawals: formatDecimal(day.withdrawals.sum.amount),
                })}
              </title>
              <rect x={x - 22} y={base - deposit} width="20" height={deposit} rx="3" className="bo-dash__bar-in" />
              <rect
                x={x + 2}
                y={base - withdrawal}
                width="20"
                height={withdrawal}
                rx="3"
                className="bo-dash__bar-out"
              />
              <text x={x} y={base + 20} textAnchor="middle" className="bo-dash__tick">
                {day.date.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="bo-dash__legend">
        <span className="bo-dash__swatch bo-dash__swatch--in" aria-hidden="true" />
        {t('dashboard.deposits')}
        <span className="bo-dash__swatch bo-dash__swatch--out" aria-hidden="true" />
        {t('dashboard.withdrawals')}
      </figcaption>
    </figure>
  );
}

function LedgerPanel() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const verify = useVerifyLedger();
  const report = verify.data;
  return (
    <Panel
      title={t('dashboard.ledgerTitle')}
      description={t('dashboard.ledgerIntro')}
      aside={
        report ? (
          <Pill tone={report.ok ? 'success' : 'danger'}>
            {report.ok ? t('dashboard.ledgerPillOk') : t('dashboard.ledgerBroken', { count: report.breaches.length })}
          </Pill>
        ) : undefined
      }
    >
      <div className="bo-dash__ledger">
        <p role="status" className="bo-dash__ledger-text">
          {verify.isError
            ? describeError(verify.error)
            : report
              ? report.ok
                ? t('dashboard.ledgerOk', { transfers: report.transfers, accounts: report.accounts })
                : report.breaches.map((breach) => `${breach.check}: ${breach.detail}`).join('; ')
              : t('dashboard.ledgerNotRun')}
          {report && <span className="bo-dash__muted"> · {formatDateTime(report.checkedAt, language, true)}</span>}
        </p>
        <Button variant="secondary" size="sm" loading={verify.isPending} onClick={() => verify.mutate()}>
          {t('dashboard.ledgerCheck')}
        </Button>
      </div>
    </Panel>
  );
}

/**
 * The operator's first page: today's and the week's cash figures from the ledger, registrations and active
 * players, bets, wins and GGR from the game rounds, the review queues with links, and the ledger reconciliation on
 * demand.
 */
export function DashboardPage({ links, canVerifyLedger }: DashboardPageProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const dashboard = useDashboard();

  return (
    <div className="bo-page">
      <PageHeader title={t('dashboard.title')} description={t('dashboard.intro')} />
      <QueryState query={dashboard}>
        {() => {
          const data = dashboard.data;
          const today = data?.days.at(-1);
          if (!data || !today) return null;
          const money = (amount: string) => `${formatDecimal(amount)} ${data.currency}`;
          const week = (pick: (day: DashboardDay) => string) =>
            money(minorToText(sumOf(data.days, pick), today.deposits.sum));
          const queues = [
            { id: 'deposits', label: t('dashboard.pendingDeposits'), count: data.pending.deposits },
            { id: 'withdrawals', label: t('dashboard.pendingWithdrawals'), count: data.pending.withdrawals },
            { id: 'adjustments', label: t('dashboard.pendingAdjustments'), count: data.pending.adjustments },
          ] as const;
          return (
            <div className="bo-dash">
              <p className="bo-dash__updated">
                {t('dashboard.updated', { time: formatDateTime(data.generatedAt, language) })}
              </p>
              <section className="bo-dash__kpis" aria-label={t('dashboard.today')}>
                <Kpi
                  label={t('dashboard.deposits')}
                  tone="in"
                  value={money(today.deposits.sum.amount)}
                  sub={`${t('dashboard.count', { count: today.deposits.count })} · ${t('dashboard.weekTotal', { amount: week((day) => day.deposits.sum.minor) })}`}
                />
                <Kpi
                  label={t('dashboard.withdrawals')}
                  tone="out"
                  value={money(today.withdrawals.sum.amount)}
                  sub={`${t('dashboard.count', { count: today.withdrawals.count })} · ${t('dashboard.weekTotal', { amount: week((day) => day.withdrawals.sum.minor) })}`}
                />
                <Kpi
                  label={t('dashboard.net')}
                  value={money(today.net.amount)}
                  sub={t('dashboard.weekTotal', { amount: week((day) => day.net.minor) })}
                />
                <Kpi
                  label={t('dashboard.registrations')}
                  value={today.registrations}
                  sub={t('dashboard.weekCount', { count: data.days.reduce((n, day) => n + day.registrations, 0) })}
                />
                <Kpi label={t('dashboard.activePlayers')} value={today.activePlayers} />
                <Kpi
                  label={t('dashboard.bets')}
                  value={money(today.bets.amount)}
                  sub={t('dashboard.weekTotal', { amount: week((day) => day.bets.minor) })}
                />
                <Kpi
                  label={t('dashboard.wins')}
                  value={money(today.wins.amount)}
                  sub={t('dashboard.weekTotal', { amount: week((day) => day.wins.minor) })}
                />
                <Kpi
                  label={t('dashboard.ggr')}
                  tone={today.ggr.minor.startsWith('-') ? 'out' : 'in'}
                  value={money(today.ggr.amount)}
                  sub={`${t('dashboard.ggrHint')} · ${t('dashboard.weekTotal', { amount: week((day) => day.ggr.minor) })}`}
                />
              </section>

              <div className="bo-dash__grid">
                <Panel title={t('dashboard.chartTitle')}>
                  <CashChart dashboard={data} />
                </Panel>
                <Panel title={t('dashboard.pendingTitle')}>
                  <ul className="bo-dash__queues">
                    {queues.map((queue) => {
                      const to = links[queue.id];
                      return (
                        <li key={queue.id} className="bo-dash__queue" data-testid={`queue-${queue.id}`}>
                          <span className="bo-dash__queue-label">{queue.label}</span>
                          <span className={cx('bo-dash__queue-count', queue.count > 0 && 'bo-dash__queue-count--due')}>
                            {queue.count}
                          </span>
                          {to && (
                            <Link
                              className="bo-dash__queue-link"
                              to={to}
                              aria-label={`${t('dashboard.open')}: ${queue.label}`}
                            >
                              {t('dashboard.open')}
                            </Link>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </Panel>
              </div>

              {canVerifyLedger && <LedgerPanel />}

              <Panel title={t('dashboard.tableTitle')}>
                <div className="ui-table-wrap">
                  <table className="ui-table ui-table--cards bo-dash__table">
                    <thead>
                      <tr>
                        <th scope="col">{t('dashboard.date')}</th>
                        <th scope="col" className="bo-dash__num">
                          {t('dashboard.deposits')}
                        </th>
                        <th scope="col" className="bo-dash__num">
                          {t('dashboard.withdrawals')}
                        </th>
                        <th scope="col" className="bo-dash__num">
                          {t('dashboard.net')}
                        </th>
                        <th scope="col" className="bo-dash__num">
                          {t('dashboard.registrations')}
                        </th>
                        <th scope="col" className="bo-dash__num">
                          {t('dashboard.activePlayers')}
                        </th>
                        <th scope="col" className="bo-dash__num">
                          {t('dashboard.bets')}
                        </th>
                        <th scope="col" className="bo-dash__num">
                          {t('dashboard.wins')}
                        </th>
                        <th scope="col" className="bo-dash__num">
                          {t('dashboard.ggr')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {[...data.days].reverse().map((day) => (
                        <tr key={day.date}>
                          <td data-label={t('dashboard.date')}>{day.date}</td>
                          <td className="bo-dash__num" data-label={t('dashboard.deposits')}>
                            {formatDecimal(day.deposits.sum.amount)}{' '}
                            <span className="bo-dash__muted">({day.deposits.count})</span>
                          </td>
                          <td className="bo-dash__num" data-label={t('dashboard.withdrawals')}>
                            {formatDecimal(day.withdrawals.sum.amount)}{' '}
                            <span className="bo-dash__muted">({day.withdrawals.count})</span>
                          </td>
                          <td className="bo-dash__num" data-label={t('dashboard.net')}>
                            {formatDecimal(day.net.amount)}
                          </td>
                          <td className="bo-dash__num" data-label={t('dashboard.registrations')}>
                            {day.registrations}
                          </td>
                          <td className="bo-dash__num" data-label={t('dashboard.activePlayers')}>
                            {day.activePlayers}
                          </td>
                          <td className="bo-dash__num" data-label={t('dashboard.bets')}>
                            {formatDecimal(day.bets.amount)}
                          </td>
                          <td className="bo-dash__num" data-label={t('dashboard.wins')}>
                            {formatDecimal(day.wins.amount)}
                          </td>
                          <td className="bo-dash__num" data-label={t('dashboard.ggr')}>
                            {formatDecimal(day.ggr.amount)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </Panel>
            </div>
          );
        }}
      </QueryState>
    </div>
  );
}
