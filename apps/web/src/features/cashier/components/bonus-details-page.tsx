import { type BonusRecordsQuery, bonusRecordKinds } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Pager } from '@portal/ui/pager';
import { Select } from '@portal/ui/select';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { bonusDetailsQueryOptions } from '../api/cashier';
import { CashierCard, CashierHeader, IconLedger, MoneyText, QueryState } from './cashier-ui';
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
  const language = useCurrentLanguage();
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [pageNo, setPageNo] = useState(1);
  const [rangeIssue, setRangeIssue] = useState<string | null>(null);
  const query: Partial<BonusRecordsQuery> = {
    pageNo,
    pageSize: bonusPageSize,
    ...(filters.startDate ? { startDate: filters.startDate } : {}),
    ...(filters.endDate ? { endDate: filters.endDate } : {}),
    ...(filters.kind ? { kind: filters.kind as BonusRecordsQuery['kind'] } : {}),
  };
  const records = useQuery(bonusDetailsQueryOptions(query));
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
            label={t('cashier.bonus.kind')}
            value={draft.kind}
            onChange={(event) => setDraft({ ...draft, kind: event.target.value })}
            options={[
              { value: '', label: t('cashier.bonus.all') },
              ...bonusRecordKinds.map((kind) => ({ value: kind, label: t(`cashier.bonus.kinds.${kind}`) })),
            ]}
          />
          <div className="cashier-filters__actions">
            <Button type="submit">{t('cashier.records.search')}</Button>
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
              {page?.items.map((item) => {
                const negative = item.amount.minor.startsWith('-');
                return (
                  <tr key={item.id}>
                    <td data-label={t('cashier.records.time')}>
                      <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, language)}</time>
                    </td>
                    <td data-label={t('cashier.bonus.kind')}>{t(`cashier.bonus.kinds.${item.kind}`)}</td>
                    <td data-label={t('cashier.bonus.wallet')} className="cashier-table__detail">
                      {t(`cashier.bonus.wallets.${item.wallet}`)}
                    </td>
                    <td
                      data-label={t('cashier.records.amount')}
                      className={`cashier-table__number ${negative ? 'cashier-negative' : 'cashier-positive'}`}
                    >
                      {negative ? '' : '+'}
                      <MoneyText value={item.amount} />
                    </td>
                    <td data-label={t('cashier.records.balanceAfter')} className="cashier-table__number">
                      <MoneyText value={item.balanceAfter} />
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
