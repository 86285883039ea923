import { type RecordsQuery, recordStatuses, recordTypes } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Select } from '@portal/ui/select';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recordsQueryOptions } from '../api/cashier';
import { CashierCard, CashierHeader, IconLedger, MoneyText, QueryState, StatusPill } from './cashier-ui';
import {
  DateRangeFields,
  FilterActions,
  RecordsPager,
  RecordTimeCell,
  rangeQuery,
  SignedAmountCell,
  useRecordFilters,
} from './record-list';
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
  const { draft, setDraft, filters, pageNo, setPageNo, rangeIssue, apply, show, reset } = useRecordFilters(noFilters);
  const query: Partial<RecordsQuery> = {
    pageNo,
    pageSize: recordsPageSize,
    ...rangeQuery(filters),
    ...(filters.type ? { type: filters.type as RecordsQuery['type'] } : {}),
    ...(filters.status ? { status: filters.status as RecordsQuery['status'] } : {}),
  };
  const records = useQuery(recordsQueryOptions(query));
  const page = records.data;

  const quickRange = (days: number) => {
    const end = new Date();
    const start = new Date(end.getTime() - (days - 1) * 86_400_000);
    show({ ...draft, startDate: isoDay(start), endDate: isoDay(end) });
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
          <DateRangeFields
            draft={draft}
            onChange={setDraft}
            issue={rangeIssue}
            fromLabel={t('cashier.records.from')}
            toLabel={t('cashier.records.to')}
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
          <FilterActions onReset={reset}>
            <Button variant="ghost" onClick={() => quickRange(1)}>
              {t('cashier.records.today')}
            </Button>
            <Button variant="ghost" onClick={() => quickRange(7)}>
              {t('cashier.records.last7')}
            </Button>
          </FilterActions>
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
              {page?.items.map((item) => (
                <tr key={item.id}>
                  <RecordTimeCell at={item.createdAt} />
                  <td data-label={t('cashier.records.type')}>{t(`cashier.types.${item.type}`)}</td>
                  <td data-label={t('cashier.records.detail')} className="cashier-table__detail">
                    {t(`cashier.kinds.${item.detail}`, { defaultValue: item.detail })}
                  </td>
                  <SignedAmountCell amount={item.amount} />
                  <td data-label={t('cashier.records.balanceAfter')} className="cashier-table__number">
                    {item.balanceAfter ? <MoneyText value={item.balanceAfter} /> : '—'}
                  </td>
                  <td data-label={t('cashier.records.status')}>
                    <StatusPill status={item.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <RecordsPager pageNo={pageNo} totalPages={page?.totalPages} onPageChange={setPageNo} />
        </QueryState>
      </CashierCard>
    </div>
  );
}
