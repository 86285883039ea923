import {
  type ListSort,
  type PlayerKind,
  type PlayerSort,
  type PlayerStatus,
  playerKinds,
  playerStatuses,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { Input } from '@portal/ui/input';
import { Pager } from '@portal/ui/pager';
import { Select } from '@portal/ui/select';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyRow } from '@/components/ui/empty-row';
import { PageHeader, Pill } from '@/components/ui/panel';
import { QueryState, usePagerLabels } from '@/components/ui/query-state';
import { SortableHeader } from '@/components/ui/sortable-header';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { type PlayerFilter, usePlayers } from '../api/players';
import '@/components/ui/table.css';
import './players.css';

export type PlayersPageProps = { detailPath: (id: number) => string };

/** Players and agents: search, filters by type and status, server-side paging; each row opens the account. */
export function PlayersPage({ detailPath }: PlayersPageProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const pagerLabels = usePagerLabels();
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<PlayerFilter>({
    q: '',
    kind: '',
    status: '',
    pageNo: 1,
    sort: 'createdAt',
    order: 'desc',
  });
  const players = usePlayers(filter);
  const sorting = { sort: filter.sort, order: filter.order };
  const sortBy = (next: ListSort<PlayerSort>) => setFilter((current) => ({ ...current, ...next, pageNo: 1 }));

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter((current) => ({ ...current, q: text.trim(), pageNo: 1 }));
  };

  return (
    <div className="bo-page">
      <PageHeader title={t('players.title')} description={t('players.intro')} />
      <form className="bo-players__toolbar" onSubmit={search}>
        <div className="bo-players__search">
          <Input
            label={t('players.search')}
            type="search"
            value={text}
            maxLength={100}
            placeholder={t('players.searchPlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Select
          label={t('players.kind')}
          value={filter.kind}
          onChange={(event) =>
            setFilter((current) => ({ ...current, kind: event.target.value as PlayerKind | '', pageNo: 1 }))
          }
          options={[
            { value: '', label: t('players.anyKind') },
            ...playerKinds.map((kind) => ({ value: kind, label: t(`players.kinds.${kind}`) })),
          ]}
        />
        <Select
          label={t('players.status')}
          value={filter.status}
          onChange={(event) =>
            setFilter((current) => ({ ...current, status: event.target.value as PlayerStatus | '', pageNo: 1 }))
          }
          options={[
            { value: '', label: t('players.anyStatus') },
            ...playerStatuses.map((status) => ({ value: status, label: t(`players.statuses.${status}`) })),
          ]}
        />
        <Button type="submit" className="bo-players__go">
          {t('players.search')}
        </Button>
      </form>
      <QueryState query={players}>
        {() =>
          players.data && (
            <>
              <p className="bo-players__total">{t('players.total', { count: players.data.total })}</p>
              <div className={cx('ui-table-wrap', players.isPlaceholderData && 'bo-players--stale')}>
                <table className="ui-table ui-table--cards bo-players__table">
                  <thead>
                    <tr>
                      <SortableHeader column="username" sorting={sorting} onSort={sortBy}>
                        {t('players.columns.account')}
                      </SortableHeader>
                      <th scope="col">{t('players.columns.type')}</th>
                      <th scope="col">{t('players.columns.contact')}</th>
                      <SortableHeader column="createdAt" firstOrder="desc" sorting={sorting} onSort={sortBy}>
                        {t('players.columns.registered')}
                      </SortableHeader>
                      <SortableHeader column="lastLoginAt" firstOrder="desc" sorting={sorting} onSort={sortBy}>
                        {t('players.columns.lastLogin')}
                      </SortableHeader>
                      <th scope="col">{t('players.columns.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {players.data.items.length === 0 && <EmptyRow columns={6}>{t('players.empty')}</EmptyRow>}
                    {players.data.items.map((player) => (
                      <tr key={player.id} data-testid={`player-${player.id}`}>
                        <td data-label={t('players.columns.account')}>
                          <Link
                            to={detailPath(player.id)}
                            className="bo-players__link"
                            aria-label={t('players.open', { username: player.username })}
                          >
                            {player.username}
                          </Link>
                          <span className="bo-players__id">#{player.id}</span>
                        </td>
                        <td data-label={t('players.columns.type')}>
                          <Pill
                            tone={player.kind === 'agent' ? 'primary' : player.kind === 'trial' ? 'neutral' : 'info'}
                          >
                            {t(`players.kinds.${player.kind}`)}
                          </Pill>
                        </td>
                        <td data-label={t('players.columns.contact')}>
                          <span className="bo-players__stack">
                            <span>{player.mobile ?? t('players.none')}</span>
                            <span className="bo-players__sub">{player.email ?? ''}</span>
                          </span>
                        </td>
                        <td data-label={t('players.columns.registered')}>
                          {formatDateTime(player.createdAt, language)}
                        </td>
                        <td data-label={t('players.columns.lastLogin')}>
                          <span className="bo-players__stack">
                            <span>
                              {player.lastLoginAt ? formatDateTime(player.lastLoginAt, language) : t('players.never')}
                            </span>
                            <span className="bo-players__sub">{player.lastLoginIp ?? ''}</span>
                          </span>
                        </td>
                        <td data-label={t('players.columns.status')}>
                          <Pill tone={player.status === 'active' ? 'success' : 'danger'}>
                            {t(`players.statuses.${player.status}`)}
                          </Pill>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {players.data.totalPages > 1 && (
                <Pager
                  page={players.data.pageNo}
                  totalPages={players.data.totalPages}
                  onPageChange={(pageNo) => setFilter((current) => ({ ...current, pageNo }))}
                  labels={pagerLabels}
                />
              )}
            </>
          )
        }
      </QueryState>
    </div>
  );
}
