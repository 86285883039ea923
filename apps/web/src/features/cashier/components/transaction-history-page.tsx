import { type RecordsQuery, recordStatuses, recordTypes } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Pager } from '@portal/ui/pager';
import { Select } from '@portal/ui/select';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { recordsQueryOptions } from '../api/cashier';
import { CashierCard, CashierHeader, IconLedger, MoneyText, QueryState, StatusPill } from './cashier-ui';
import './cashier.css';
import '@/locales/cashier';

export const recordsPageSize = 20;

type Filters = { startDate: string; endDate: string; type: string; status: string };
const noFilters: Filters = { startDate: '', endDate: '', type: '', status: '' };

/** yyyy-MM-dd of a local date. */
function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * transactionHistory, the account record (spec section 2): deposits, withdrawals, transfers and every other
 * movement of the main wallet, newest first, filtered by date range, type and status and paged by the server;
 * amounts signed from the member's side with 2 decimals and thousands separators.
 */
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [pageNo, setPageNo] = useState(1);
  const [rangeIssue, setRangeIssue] = useState<string | null>(null);
  const query: Partial<RecordsQuery> = {
    pageNo,
    pageSize: recordsPageSize,
    ...(filters.startDate ? { startDate: filters.startDate } : {}),
    ...(filters.endDate ? { endDate: filters.endDate } : {}),
    ...(filters.type ? { type: filters.type as RecordsQuery['type'] } : {}),
    ...(filters.status ? { status: filters.status as RecordsQuery['status'] } : {}),
  };
  const records = useQuery(recordsQueryOptions(query));
  const page = records.data;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.startDate && draft.endDate && draft.startDate > draft.endDate) {
      setRangeIssue(t('cashier.records.rangeInvalid'));
      return;
    }
    setRangeIssue(null);
    setFilters(draft);
    setPageNo(1);
  };

  const quickRange = (days: number) => {
    const end = new Date();
    const start = new Date(end.getTime() - (days - 1) * 86_400_000);
    const next = { ...draft, startDate: isoDay(start), endDate: isoDay(end) };
    setDraft(next);
    setFilters(next);
    setRangeIssue(null);
    setPageNo(1);
  };

  return (
    <div className="cashier-page">
      <CashierHeader
        icon={<IconLedger size={28} />}
        title={t('cashier.records.title')}
        description={t('cashier.records.description')}
      />
      <CashierCard title={t('cashier.records.filters')}>
        <form className="cashier-filters" onSubmit={apply} noValidate>
          <Input
            label={t('cashier.records.from')}
            type="date"
            value={draft.startDate}
            max={draft.endDate || undefined}
            onChange={(event) => setDraft({ ...draft, startDate: event.target.value })}
            error={rangeIssue}
          />
          <Input
            label={t('cashier.records.to')}
            type="date"
            value={draft.endDate}
            min={draft.startDate || undefined}
            onChange={(event) => setDraft({ ...draft, endDate: event.target.value })}
          />
          <Select
            label={t('cashier.records.type')}
            value={draft.type}
            onChange={(event) => setDraft({ ...draft, type: event.target.value })}
            options={[
              { value: '', label: t('cashier.records.all') },
              ...recordTypes.map((type) => ({ value: type, label: t(`cashier.types.${type}`) })),
            ]}
          />
          <Select
            label={t('cashier.records.status')}
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
            options={[
              { value: '', label: t('cashier.records.all') },
              ...recordStatuses.map((status) => ({ value: status, label: t(`cashier.status.${status}`) })),
            ]}
          />
          <div className="cashier-filters__actions">
            <Button type="submit">{t('cashier.records.search')}</Button>
            <Button variant="ghost" onClick={() => quickRange(1)}>
              {t('cashier.records.today')}
            </Button>
            <Button variant="ghost" onClick={() => quickRange(7)}>
              {t('cashier.records.last7')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(noFilters);
                setFilters(noFilters);
                setRangeIssue(null);
                setPageNo(1);
              }}
            >
              {t('cashier.records.reset')}
            </Button>
          </div>
        </form>
      </CashierCard>

      <CashierCard
        title={t('cashier.records.results')}
        action={
          page ? (
            <span className="cashier-muted cashier-small">{t('cashier.records.total', { count: page.total })}</span>
          ) : undefined
        }
      >
        <QueryState
          loading={records.isPending}
          error={records.error}
          onRetry={() => void records.refetch()}
          empty={(page?.items.length ?? 0) === 0}
          emptyTitle={t('cashier.records.empty')}
          emptyDescription={t('cashier.records.emptyHint')}
          skeletonRows={5}
        >
          <table className="cashier-table" aria-busy={records.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">{t('cashier.records.time')}</th>
                <th scope="col">{t('cashier.records.type')}</th>
                <th scope="col">{t('cashier.records.detail')}</th>
                <th scope="col" className="cashier-table__number">
                  {t('cashier.records.amount')}
                </th>
                <th scope="col" className="cashier-table__number">
                  {t('cashier.records.balanceAfter')}
                </th>
                <th scope="col">{t('cashier.records.status')}</th>
              </tr>
            </thead>
            <tbody>
              {page?.items.map((item) => {
                const negative = item.amount.minor.startsWith('-');
                return (
                  <tr key={item.id}>
                    <td data-label={t('cashier.records.time')}>
                      <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, language)}</time>
                    </td>
                    <td data-label={t('cashier.records.type')}>{t(`cashier.types.${item.type}`)}</td>
                    <td data-label={t('cashier.records.detail')} className="cashier-table__detail">
                      {t(`cashier.kinds.${item.detail}`, { defaultValue: item.detail })}
                    </td>
                    <td
                      data-label={t('cashier.records.amount')}
                      className={`cashier-table__number ${negative ? 'cashier-negative' : 'cashier-positive'}`}
                    >
                      {negative ? '' : '+'}
                      <MoneyText value={item.amount} />
                    </td>
                    <td data-label={t('cashier.records.balanceAfter')} className="cashier-table__number">
                      {item.balanceAfter ? <MoneyText value={item.balanceAfter} /> : '—'}
                    </td>
                    <td data-label={t('cashier.records.status')}>
                      <StatusPill status={item.status} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {page && page.totalPages > 1 && (
            <Pager
              page={pageNo}
              totalPages={page.totalPages}
              onPageChange={setPageNo}
              labels={{
                nav: t('cashier.records.pages'),
                previous: t('cashier.records.previous'),
                next: t('cashier.records.next'),
                page: (number) => t('cashier.records.page', { page: number }),
              }}
            />
          )}
        </QueryState>
      </CashierCard>
    </div>
  );
}
