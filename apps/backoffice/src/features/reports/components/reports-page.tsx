import type {
  CashierReportSort,
  DailyReportSort,
  ListSort,
  Money,
  PlayFigures,
  VendorReportSort,
} from '@portal/contract';
import { Button, LinkButton } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { Input } from '@portal/ui/input';
import { Tabs } from '@portal/ui/tabs';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '@/components/ui/empty-row';
import { PageHeader, Panel } from '@/components/ui/panel';
import { QueryState } from '@/components/ui/query-state';
import { SortableHeader } from '@/components/ui/sortable-header';
import { formatDecimal } from '@/lib/amount';
import {
  cashierFirstSort,
  dailyFirstSort,
  type ReportKind,
  type ReportRange,
  reportCsvUrl,
  useCashierReport,
  useDailyReport,
  useVendorReport,
  vendorFirstSort,
} from '../api/reports';
import '@/components/ui/table.css';
import './reports.css';

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

type Column =
  | 'date'
  | 'bets'
  | 'wins'
  | 'ggr'
  | 'rounds'
  | 'players'
  | 'vendor'
  | 'direction'
  | 'channel'
  | 'count'
  | 'sum';
type Label = (key: Column) => string;

/** An amount as operators read it: thousands separators and 2 decimals; negative amounts stand out. */
function Amount({ money }: { money: Money }) {
  return (
    <span className={cx('ui-table__num', money.minor.startsWith('-') && 'bo-reports__negative')}>
      {formatDecimal(money.amount)}
    </span>
  );
}

function PlayCells({ row, label }: { row: PlayFigures; label: Label }) {
  return (
    <>
      <td className="bo-reports__num" data-label={label('bets')}>
        <Amount money={row.bets} />
      </td>
      <td className="bo-reports__num" data-label={label('wins')}>
        <Amount money={row.wins} />
      </td>
      <td className="bo-reports__num" data-label={label('ggr')}>
        <Amount money={row.ggr} />
      </td>
      <td className="bo-reports__num" data-label={label('rounds')}>
        {row.rounds.toLocaleString('en-US')}
      </td>
      <td className="bo-reports__num" data-label={label('players')}>
        {row.players.toLocaleString('en-US')}
      </td>
    </>
  );
}

type PlayColumn = 'bets' | 'wins' | 'ggr' | 'rounds' | 'players';

/** The figures' headers, each sorting the report on the server (largest first on a first click). */
function PlayHeads<Column extends string>({
  sorting,
  onSort,
}: {
  sorting: ListSort<Column | PlayColumn>;
  onSort: (next: ListSort<Column | PlayColumn>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {(['bets', 'wins', 'ggr', 'rounds', 'players'] as const).map((key) => (
        <SortableHeader
          key={key}
          column={key}
          align="end"
          firstOrder="desc"
          sorting={sorting}
          onSort={onSort}
          className="bo-reports__num"
        >
          {t(`reports.columns.${key}`)}
        </SortableHeader>
      ))}
    </>
  );
}

function DailyTable({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const [sorting, setSorting] = useState<ListSort<DailyReportSort>>(dailyFirstSort);
  const report = useDailyReport(range, sorting);
  const label: Label = (key) => t(`reports.columns.${key}`);
  return (
    <QueryState query={report}>
      {() =>
        report.data && (
          <div className={cx('ui-table-wrap', report.isPlaceholderData && 'bo-reports--stale')}>
            <table
              className="ui-table ui-table--cards"
              aria-label={t('reports.dailyCaption', { currency: report.data.currency })}
            >
              <thead>
                <tr>
                  <SortableHeader column="date" firstOrder="desc" sorting={sorting} onSort={setSorting}>
                    {t('reports.columns.date')}
                  </SortableHeader>
                  <PlayHeads sorting={sorting} onSort={setSorting} />
                </tr>
              </thead>
              <tbody>
                {report.data.days.map((day) => (
                  <tr key={day.date}>
                    <td data-label={label('date')}>{day.date}</td>
                    <PlayCells row={day} label={label} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="bo-reports__total" data-testid="report-total">
                  <th scope="row">{t('reports.total')}</th>
                  <PlayCells row={report.data.total} label={label} />
                </tr>
              </tfoot>
            </table>
          </div>
        )
      }
    </QueryState>
  );
}

function VendorTable({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const [sorting, setSorting] = useState<ListSort<VendorReportSort>>(vendorFirstSort);
  const report = useVendorReport(range, sorting);
  const label: Label = (key) => t(`reports.columns.${key}`);
  return (
    <QueryState query={report}>
      {() =>
        report.data && (
          <div className={cx('ui-table-wrap', report.isPlaceholderData && 'bo-reports--stale')}>
            <table
              className="ui-table ui-table--cards"
              aria-label={t('reports.vendorsCaption', { currency: report.data.currency })}
            >
              <thead>
                <tr>
                  <SortableHeader column="vendor" sorting={sorting} onSort={setSorting}>
                    {t('reports.columns.vendor')}
                  </SortableHeader>
                  <PlayHeads sorting={sorting} onSort={setSorting} />
                </tr>
              </thead>
              <tbody>
                {report.data.vendors.length === 0 && <EmptyRow columns={6}>{t('reports.noPlay')}</EmptyRow>}
                {report.data.vendors.map((row) => (
                  <tr key={row.vendorCode} data-testid={`vendor-${row.vendorCode}`}>
                    <td data-label={label('vendor')}>
                      <span className="bo-reports__stack">
                        <strong>{row.vendorName}</strong>
                        <span className="bo-reports__sub">{row.vendorCode}</span>
                      </span>
                    </td>
                    <PlayCells row={row} label={label} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="bo-reports__total" data-testid="report-total">
                  <th scope="row">{t('reports.total')}</th>
                  <PlayCells row={report.data.total} label={label} />
                </tr>
              </tfoot>
            </table>
          </div>
        )
      }
    </QueryState>
  );
}

function CashierTable({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const [sorting, setSorting] = useState<ListSort<CashierReportSort>>(cashierFirstSort);
  const report = useCashierReport(range, sorting);
  const label: Label = (key) => t(`reports.columns.${key}`);
  return (
    <QueryState query={report}>
      {() =>
        report.data && (
          <>
            <div className="bo-reports__totals" data-testid="cashier-totals">
              <p>
                <span>{t('reports.deposits')}</span>
                <strong>
                  {formatDecimal(report.data.totals.deposits.sum.amount)} {report.data.currency}
                </strong>
                <span className="bo-reports__sub">
                  {t('reports.count', { count: report.data.totals.deposits.count })}
                </span>
              </p>
              <p>
                <span>{t('reports.withdrawals')}</span>
                <strong>
                  {formatDecimal(report.data.totals.withdrawals.sum.amount)} {report.data.currency}
                </strong>
                <span className="bo-reports__sub">
                  {t('reports.count', { count: report.data.totals.withdrawals.count })}
                </span>
              </p>
              <p>
                <span>{t('reports.net')}</span>
                <strong>
                  {formatDecimal(report.data.totals.net.amount)} {report.data.currency}
                </strong>
              </p>
            </div>
            <div className={cx('ui-table-wrap', report.isPlaceholderData && 'bo-reports--stale')}>
              <table
                className="ui-table ui-table--cards"
                aria-label={t('reports.cashierCaption', { currency: report.data.currency })}
              >
                <thead>
                  <tr>
                    <SortableHeader column="date" firstOrder="desc" sorting={sorting} onSort={setSorting}>
                      {t('reports.columns.date')}
                    </SortableHeader>
                    <SortableHeader column="direction" sorting={sorting} onSort={setSorting}>
                      {t('reports.columns.direction')}
                    </SortableHeader>
                    <SortableHeader column="channel" sorting={sorting} onSort={setSorting}>
                      {t('reports.columns.channel')}
                    </SortableHeader>
                    {(['count', 'sum'] as const).map((key) => (
                      <SortableHeader
                        key={key}
                        column={key}
                        align="end"
                        firstOrder="desc"
                        sorting={sorting}
                        onSort={setSorting}
                        className="bo-reports__num"
                      >
                        {t(`reports.columns.${key}`)}
                      </SortableHeader>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.data.rows.length === 0 && <EmptyRow columns={5}>{t('reports.noCashier')}</EmptyRow>}
                  {report.data.rows.map((row) => (
                    <tr key={`${row.date}-${row.direction}-${row.channel}`}>
                      <td data-label={label('date')}>{row.date}</td>
                      <td data-label={label('direction')}>{t(`reports.directions.${row.direction}`)}</td>
                      <td data-label={label('channel')} className="ui-table__mono">
                        {row.channel || '—'}
                      </td>
                      <td className="bo-reports__num" data-label={label('count')}>
                        {row.count.toLocaleString('en-US')}
                      </td>
                      <td className="bo-reports__num" data-label={label('sum')}>
                        <Amount money={row.sum} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )
      }
    </QueryState>
  );
}

/**
 * Reports: play by day and by vendor (bets, wins, GGR, rounds, players) and the cashier by day and channel, over a
 * range of cashier days, each exportable as CSV. Without a range the server reports the last seven days.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ReportKind>('daily');
  const [form, setForm] = useState<ReportRange>({ from: '', to: '' });
  const [range, setRange] = useState<ReportRange>({ from: '', to: '' });
  const [touched, setTouched] = useState(false);
  const fromError = form.from && !datePattern.test(form.from) ? t('reports.invalidDate') : null;
  const toError =
    form.to && !datePattern.test(form.to)
      ? t('reports.invalidDate')
      : form.from && form.to && form.from > form.to
        ? t('reports.rangeBackwards')
        : null;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (fromError || toError) return;
    setRange({ ...form });
  };

  return (
    <div className="bo-page">
      <PageHeader
        title={t('reports.title')}
        description={t('reports.intro')}
        actions={
          <LinkButton variant="secondary" href={reportCsvUrl(kind, range)} download>
            {t('reports.exportCsv')}
          </LinkButton>
        }
      />
      <form className="bo-reports__range" onSubmit={apply} noValidate>
        <Input
          label={t('reports.from')}
          type="date"
          value={form.from}
          error={touched ? fromError : null}
          onChange={(event) => setForm((current) => ({ ...current, from: event.target.value }))}
        />
        <Input
          label={t('reports.to')}
          type="date"
          value={form.to}
          error={touched ? toError : null}
          onChange={(event) => setForm((current) => ({ ...current, to: event.target.value }))}
        />
        <Button type="submit">{t('reports.apply')}</Button>
        <p className="bo-reports__hint">{t('reports.rangeHint')}</p>
      </form>
      <Tabs
        label={t('reports.tabsLabel')}
        value={kind}
        onChange={(id) => setKind(id as ReportKind)}
        items={[
          { id: 'daily', label: t('reports.tabs.daily') },
          { id: 'vendors', label: t('reports.tabs.vendors') },
          { id: 'cashier', label: t('reports.tabs.cashier') },
        ]}
      >
        <Panel>
          {kind === 'daily' && <DailyTable range={range} />}
          {kind === 'vendors' && <VendorTable range={range} />}
          {kind === 'cashier' && <CashierTable range={range} />}
        </Panel>
      </Tabs>
    </div>
  );
}
