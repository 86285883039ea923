import type { Money } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Pager } from '@portal/ui/pager';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { MoneyText } from './cashier-ui';

/*
 * What the member's record lists (transaction history, bonus details) share: filters edited in a form and applied on
 * Search (back to the first page), a date range whose start may not come after its end, the signed amounts and the
 * server's pages.
 */

/** Days as the date inputs give them (yyyy-MM-dd); empty for no limit. */
export type DateRange = { startDate: string; endDate: string };

/** The filters of a record list: as the form holds them (`draft`), and as applied to the list (`filters`). */
export function useRecordFilters<Filters extends DateRange>(noFilters: Filters) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [pageNo, setPageNo] = useState(1);
  const [rangeIssue, setRangeIssue] = useState<string | null>(null);

  /** Shows the list for these filters (in the form too), from its first page. */
  const show = (next: Filters) => {
    setDraft(next);
    setFilters(next);
    setRangeIssue(null);
    setPageNo(1);
  };

  /** Search: the form's filters, unless the range is backwards (said under its first field). */
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.startDate && draft.endDate && draft.startDate > draft.endDate) {
      setRangeIssue(t('cashier.records.rangeInvalid'));
      return;
    }
    show(draft);
  };

  return { draft, setDraft, filters, pageNo, setPageNo, rangeIssue, apply, show, reset: () => show(noFilters) };
}

/** The range's days as the list's query takes them: only those given. */
export function rangeQuery(range: DateRange): { startDate?: string; endDate?: string } {
  return {
    ...(range.startDate ? { startDate: range.startDate } : {}),
    ...(range.endDate ? { endDate: range.endDate } : {}),
  };
}

/** From and To of a range; each limits the other's picker, and a refused range is said under From. */
export function DateRangeFields<Range extends DateRange>({
  draft,
  onChange,
  issue,
  fromLabel,
  toLabel,
}: {
  draft: Range;
  onChange: (next: Range) => void;
  issue: string | null;
  fromLabel: string;
  toLabel: string;
}) {
  return (
    <>
      <Input
        label={fromLabel}
        type="date"
        value={draft.startDate}
        max={draft.endDate || undefined}
        onChange={(event) => onChange({ ...draft, startDate: event.target.value })}
        error={issue}
      />
      <Input
        label={toLabel}
        type="date"
        value={draft.endDate}
        min={draft.startDate || undefined}
        onChange={(event) => onChange({ ...draft, endDate: event.target.value })}
      />
    </>
  );
}

/** Search, then any quick choices (`children`), then Reset, which clears the filters. */
export function FilterActions({ onReset, children }: { onReset: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="cashier-filters__actions">
      <Button type="submit">{t('cashier.records.search')}</Button>
      {children}
      <Button variant="ghost" onClick={onReset}>
        {t('cashier.records.reset')}
      </Button>
    </div>
  );
}

/** When a record was made. */
export function RecordTimeCell({ at }: { at: string }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return (
    <td data-label={t('cashier.records.time')}>
      <time dateTime={at}>{formatDateTime(at, language)}</time>
    </td>
  );
}

/** An amount from the member's side: credits green with a plus, debits red. */
export function SignedAmountCell({ amount }: { amount: Money }) {
  const { t } = useTranslation();
  const negative = amount.minor.startsWith('-');
  return (
    <td
      data-label={t('cashier.records.amount')}
      className={`cashier-table__number ${negative ? 'cashier-negative' : 'cashier-positive'}`}
    >
      {negative ? '' : '+'}
      <MoneyText value={amount} />
    </td>
  );
}

/** The server's pages of a record list, when there is more than one. */
export function RecordsPager({
  pageNo,
  totalPages,
  onPageChange,
}: {
  pageNo: number;
  totalPages: number | undefined;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (totalPages === undefined || totalPages <= 1) return null;
  return (
    <Pager
      page={pageNo}
      totalPages={totalPages}
      onPageChange={onPageChange}
      labels={{
        nav: t('cashier.records.pages'),
        previous: t('cashier.records.previous'),
        next: t('cashier.records.next'),
        page: (number) => t('cashier.records.page', { page: number }),
      }}
    />
  );
}
