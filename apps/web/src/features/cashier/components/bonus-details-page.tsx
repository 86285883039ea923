import { type BonusRecordsQuery, bonusRecordKinds } from '@portal/contract';
import { Select } from '@portal/ui/select';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bonusDetailsQueryOptions } from '../api/cashier';
import { CashierCard, CashierHeader, IconLedger, MoneyText, QueryState } from './cashier-ui';
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

export const bonusPageSize = 20;

type Filters = { startDate: string; endDate: string; kind: string };
const noFilters: Filters = { startDate: '', endDate: '', kind: '' };

/**
 * bonusDetails (spec section 2): the promotion bonuses, commissions and balance adjustments of the member's wallets
 * as the ledger has them (nothing else is shown, and an empty ledger shows an empty page), newest first, filtered by
 * date range and type and paged by the server, with what the filter credited and took back.
 */
export function BonusDetailsPage() {
  const { t } = useTranslation();
  const { draft, setDraft, filters, pageNo, setPageNo, rangeIssue, apply, reset } = useRecordFilters(noFilters);
  const query: Partial<BonusRecordsQuery> = {
    pageNo,
    pageSize: bonusPageSize,
    ...rangeQuery(filters),
    ...(filters.kind ? { kind: filters.kind as BonusRecordsQuery['kind'] } : {}),
  };
  const records = useQuery(bonusDetailsQueryOptions(query));
  const page = records.data;

  return (
    <div className="cashier-page">
      <CashierHeader
        icon={<IconLedger size={28} />}
        title={t('cashier.bonus.title')}
        description={t('cashier.bonus.description')}
        aside={
          page ? (
            <div className="cashier-figure">
              <span className="cashier-figure__label">{t('cashier.bonus.credited')}</span>
              <MoneyText className="cashier-figure__value" value={page.credited} />
            </div>
          ) : undefined
        }
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
            label={t('cashier.bonus.kind')}
            value={draft.kind}
            onChange={(event) => setDraft({ ...draft, kind: event.target.value })}
            options={[
              { value: '', label: t('cashier.bonus.all') },
              ...bonusRecordKinds.map((kind) => ({ value: kind, label: t(`cashier.bonus.kinds.${kind}`) })),
            ]}
          />
          <FilterActions onReset={reset} />
        </form>
      </CashierCard>

      <CashierCard
        title={t('cashier.records.results')}
        action={
          page && page.total > 0 ? (
            <span className="cashier-muted cashier-small">
              {t('cashier.records.total', { count: page.total })} · {t('cashier.bonus.credited')}{' '}
              <MoneyText value={page.credited} /> · {t('cashier.bonus.debited')} <MoneyText value={page.debited} />
            </span>
          ) : undefined
        }
      >
        <QueryState
          loading={records.isPending}
          error={records.error}
          onRetry={() => void records.refetch()}
          empty={(page?.items.length ?? 0) === 0}
          emptyTitle={t('cashier.bonus.empty')}
          emptyDescription={t('cashier.bonus.emptyHint')}
          skeletonRows={5}
        >
          <table className="cashier-table" aria-busy={records.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">{t('cashier.records.time')}</th>
                <th scope="col">{t('cashier.bonus.kind')}</th>
                <th scope="col">{t('cashier.bonus.wallet')}</th>
                <th scope="col" className="cashier-table__number">
                  {t('cashier.records.amount')}
                </th>
                <th scope="col" className="cashier-table__number">
                  {t('cashier.records.balanceAfter')}
                </th>
              </tr>
            </thead>
            <tbody>
              {page?.items.map((item) => (
                <tr key={item.id}>
                  <RecordTimeCell at={item.createdAt} />
                  <td data-label={t('cashier.bonus.kind')}>{t(`cashier.bonus.kinds.${item.kind}`)}</td>
                  <td data-label={t('cashier.bonus.wallet')} className="cashier-table__detail">
                    {t(`cashier.bonus.wallets.${item.wallet}`)}
                  </td>
                  <SignedAmountCell amount={item.amount} />
                  <td data-label={t('cashier.records.balanceAfter')} className="cashier-table__number">
                    <MoneyText value={item.balanceAfter} />
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
