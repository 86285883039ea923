import type { AuditEntry, AuditSort, ListSort } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { IconAlert, IconRefresh } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Pager } from '@portal/ui/pager';
import { Select } from '@portal/ui/select';
import { Spinner } from '@portal/ui/spinner';
import { type FormEvent, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconShield, IconShieldAlert } from '@/components/ui/console-icons';
import { EmptyRow } from '@/components/ui/empty-row';
import { Panel } from '@/components/ui/panel';
import { SortableHeader } from '@/components/ui/sortable-header';
import { describeError } from '@/lib/api-client';
import { formatDateTime, fromDateTimeLocal } from '@/lib/format';
import { hasTranslation, translate, useCurrentLanguage } from '@/lib/i18n';
import { type AuditFilters, emptyAuditFilters, newestAuditFirst, useAuditChain, useAuditPage } from '../api/audit';
import '@/components/ui/table.css';
import './audit-log.css';

const actionFilters = [
  'session.',
  'operator.',
  'config.',
  'cashier.',
  'session.login',
  'operator.created',
  'operator.role_changed',
  'operator.disabled',
  'operator.totp_reset',
  'config.maintenance',
  'config.region_block',
  'config.payload_encryption',
  'config.general',
  'config.feature',
  'config.register_fields',
  'config.customer_service',
  'config.resources',
  'cashier.deposit.approved',
  'cashier.deposit.rejected',
  'cashier.withdrawal.approved',
  'cashier.withdrawal.rejected',
  'cashier.channel.updated',
];

/** An action's label (`config.feature` → "Feature switch"), or the raw action when it has none. */
function actionLabel(action: string): string {
  const key = `audit.actions.${action.replace(/\.$/, '').replaceAll('.', '__')}`;
  return hasTranslation(key) ? translate(key) : action;
}

/** The status of the hash chain, recomputed by the server from the first entry. */
export function ChainStatus() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const chain = useAuditChain();
  const status = chain.data;
  const tone = !status ? 'neutral' : status.ok ? 'ok' : 'broken';
  return (
    <section className={cx('bo-chain', `bo-chain--${tone}`)} aria-live="polite">
      <span className="bo-chain__icon">
        {tone === 'broken' ? <IconShieldAlert size={22} /> : <IconShield size={22} />}
      </span>
      <div className="bo-chain__text">
        <h2 className="bo-chain__title">{t('audit.chain.title')}</h2>
        {chain.isPending ? (
          <Spinner size="sm" label={t('app.loading')} />
        ) : chain.isError ? (
          <p>{describeError(chain.error)}</p>
        ) : status?.ok ? (
          <p>{status.checked === 0 ? t('audit.chain.empty') : t('audit.chain.ok', { count: status.checked })}</p>
        ) : (
          status && <p>{t('audit.chain.broken', { id: status.brokenAtId })}</p>
        )}
        {status && (
          <p className="bo-chain__meta">
            {t('audit.chain.checkedAt', { time: formatDateTime(status.checkedAt, language, true) })}
            {status.headHash && (
              <>
                {' · '}
                {t('audit.chain.head')} <code title={status.headHash}>{status.headHash.slice(0, 16)}…</code>
              </>
            )}
          </p>
        )}
      </div>
      <Button
        variant="secondary"
        size="sm"
        icon={<IconRefresh size={16} />}
        loading={chain.isFetching}
        onClick={() => void chain.refetch()}
      >
        {t('audit.chain.verify')}
      </Button>
    </section>
  );
}

function Json({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <span className="ui-table__muted">{t('audit.nothing')}</span>;
  return <pre className="bo-audit__json">{JSON.stringify(value, null, 2)}</pre>;
}

/** The audit log: filters, a table newest first (or sorted by a column header) with before/after details, and paging. */
export function AuditLog() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const [draft, setDraft] = useState({ operator: '', action: '', target: '', from: '', to: '' });
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [sorting, setSorting] = useState<ListSort<AuditSort>>(newestAuditFirst);
  const audit = useAuditPage(filters, page, 20, sorting);
  const sortBy = (next: ListSort<AuditSort>) => {
    setSorting(next);
    setPage(1);
  };

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    setFilters({
      operator: draft.operator.trim(),
      action: draft.action,
      target: draft.target.trim(),
      from: fromDateTimeLocal(draft.from) ?? '',
      to: fromDateTimeLocal(draft.to) ?? '',
    });
    setPage(1);
  };

  const clear = () => {
    setDraft({ operator: '', action: '', target: '', from: '', to: '' });
    setFilters(emptyAuditFilters);
    setPage(1);
  };

  return (
    <>
      <ChainStatus />
      <Panel title={t('audit.filters')}>
        <form className="bo-audit__filters" onSubmit={apply}>
          <Input
            label={t('audit.operator')}
            value={draft.operator}
            onChange={(event) => setDraft({ ...draft, operator: event.target.value })}
            autoCapitalize="none"
            spellCheck={false}
          />
          <Select
            label={t('audit.action')}
            value={draft.action}
            onChange={(event) => setDraft({ ...draft, action: event.target.value })}
            options={[
              { value: '', label: t('audit.anyAction') },
              ...actionFilters.map((action) => ({
                value: action,
                label: action.endsWith('.')
                  ? `${actionLabel(action)} (${t('audit.anyAction').toLowerCase()})`
                  : actionLabel(action),
              })),
            ]}
          />
          <Input
            label={t('audit.target')}
            value={draft.target}
            onChange={(event) => setDraft({ ...draft, target: event.target.value })}
            spellCheck={false}
          />
          <Input
            label={t('audit.from')}
            type="datetime-local"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
          <Input
            label={t('audit.to')}
            type="datetime-local"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
          <div className="bo-audit__filter-actions">
            <Button type="submit">{t('audit.apply')}</Button>
            <Button variant="ghost" onClick={clear}>
              {t('audit.clear')}
            </Button>
          </div>
        </form>
      </Panel>

      {audit.isPending ? (
        <div className="bo-page-loading">
          <Spinner size="lg" label={t('app.loading')} />
        </div>
      ) : audit.isError ? (
        <div className="bo-message-card bo-message-card--inline" role="alert">
          <IconAlert size={30} className="bo-message-card__icon" />
          <p>{describeError(audit.error)}</p>
          <Button variant="secondary" icon={<IconRefresh size={16} />} onClick={() => void audit.refetch()}>
            {t('app.retry')}
          </Button>
        </div>
      ) : (
        <div className="bo-audit">
          <p className="bo-audit__total">{t('audit.total', { count: audit.data.total })}</p>
          <div className={cx('ui-table-wrap', audit.isPlaceholderData && 'bo-audit--stale')}>
            <table className="ui-table ui-table--cards bo-audit__table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <SortableHeader column="at" firstOrder="desc" sorting={sorting} onSort={sortBy}>
                    {t('audit.time')}
                  </SortableHeader>
                  <SortableHeader column="operator" sorting={sorting} onSort={sortBy}>
                    {t('audit.operator')}
                  </SortableHeader>
                  <SortableHeader column="action" sorting={sorting} onSort={sortBy}>
                    {t('audit.action')}
                  </SortableHeader>
                  <SortableHeader column="target" sorting={sorting} onSort={sortBy}>
                    {t('audit.targetColumn')}
                  </SortableHeader>
                  <th scope="col">{t('audit.ip')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('audit.details')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {audit.data.items.length === 0 && (
                  <EmptyRow columns={7} className="bo-audit__empty">
                    {t('audit.empty')}
                  </EmptyRow>
                )}
                {audit.data.items.map((entry: AuditEntry) => (
                  <Fragment key={entry.id}>
                    <tr className={cx(open === entry.id && 'bo-audit__row--open')}>
                      <td className="ui-table__num ui-table__muted" data-label="#">
                        {entry.id}
                      </td>
                      <td className="ui-table__num" data-label={t('audit.time')}>
                        {formatDateTime(entry.at, language, true)}
                      </td>
                      <td data-label={t('audit.operator')}>
                        {entry.operatorUsername ?? <em className="ui-table__muted">{t('audit.system')}</em>}
                      </td>
                      <td data-label={t('audit.action')}>
                        <span className="bo-audit__action">{actionLabel(entry.action)}</span>
                        <code className="bo-audit__code">{entry.action}</code>
                      </td>
                      <td className="ui-table__mono bo-audit__target" data-label={t('audit.targetColumn')}>
                        {entry.target ?? t('audit.nothing')}
                      </td>
                      <td className="ui-table__mono ui-table__muted" data-label={t('audit.ip')}>
                        {entry.ip ?? t('audit.nothing')}
                      </td>
                      <td className="bo-audit__toggle">
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-expanded={open === entry.id}
                          onClick={() => setOpen(open === entry.id ? null : entry.id)}
                        >
                          {open === entry.id ? t('audit.hideDetails') : t('audit.details')}
                        </Button>
                      </td>
                    </tr>
                    {open === entry.id && (
                      <tr className="bo-audit__details">
                        <td colSpan={7}>
                          <div className="bo-audit__diff">
                            <div>
                              <h3>{t('audit.before')}</h3>
                              <Json value={entry.before} />
                            </div>
                            <div>
                              <h3>{t('audit.after')}</h3>
                              <Json value={entry.after} />
                            </div>
                          </div>
                          <p className="bo-audit__hash">
                            sha256 <code>{entry.hash}</code>
                          </p>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={audit.data.page}
            totalPages={audit.data.totalPages}
            onPageChange={setPage}
            labels={{
              nav: t('ui.pager.label'),
              previous: t('ui.pager.previous'),
              next: t('ui.pager.next'),
              page: (page) => t('ui.pager.page', { page }),
            }}
          />
        </div>
      )}
    </>
  );
}
