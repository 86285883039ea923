import {
  type CatalogueGameAdmin,
  type CatalogueGameSort,
  type CatalogueSyncResult,
  type CatalogueVendorAdmin,
  type GameCategory,
  gameCategories,
  type ListSort,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { IconRefresh } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Pager } from '@portal/ui/pager';
import { Select } from '@portal/ui/select';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '@/components/ui/empty-row';
import { PageHeader, Panel, Pill } from '@/components/ui/panel';
import { QueryState, usePagerLabels } from '@/components/ui/query-state';
import { SortableHeader } from '@/components/ui/sortable-header';
import { Switch } from '@/components/ui/switch';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import {
  emptyGameFilter,
  type GameFilter,
  useGames,
  useSyncCatalogue,
  useUpdateGame,
  useUpdateVendor,
  useVendors,
} from '../api/games';
import '@/components/ui/table.css';
import './games.css';

const sortPattern = /^\d{1,6}$/;
const maxSortOrder = 100_000;

/** A sort order typed in a cell: saved with its button or Enter, checked first (0 to 100,000). */
function SortOrderCell({
  value,
  label,
  busy,
  onSave,
}: {
  value: number;
  label: string;
  busy: boolean;
  onSave: (sortOrder: number) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  // A new value from the server (after a save or a refetch) replaces what was typed.
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const valid = sortPattern.test(text.trim()) && Number(text) <= maxSortOrder;
  const changed = text.trim() !== String(value);
  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (valid && changed) onSave(Number(text));
  };
  return (
    <form className="bo-games__sort" onSubmit={save}>
      <input
        className="ui-cell-input bo-games__sort-input"
        inputMode="numeric"
        aria-label={label}
        aria-invalid={!valid || undefined}
        value={text}
        maxLength={6}
        onChange={(event) => setText(event.target.value)}
      />
      {changed && (
        <Button type="submit" size="sm" variant="secondary" disabled={!valid} loading={busy}>
          {t('ui.save')}
        </Button>
      )}
    </form>
  );
}

function VendorsPanel() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const toast = useToast();
  const vendors = useVendors();
  const update = useUpdateVendor();
  const busyCode = update.isPending ? update.variables?.code : undefined;

  const change = (vendor: CatalogueVendorAdmin, input: Parameters<typeof update.mutate>[0]['input'], done: string) =>
    update.mutate(
      { code: vendor.code, input },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(describeError(error)),
      },
    );

  return (
    <Panel title={t('games.vendorsTitle')} description={t('games.vendorsIntro')}>
      <QueryState query={vendors}>
        {() =>
          vendors.data && (
            <div className="ui-table-wrap">
              <table className="ui-table ui-table--cards" aria-label={t('games.vendorsTitle')}>
                <thead>
                  <tr>
                    <th scope="col">{t('games.columns.vendor')}</th>
                    <th scope="col">{t('games.columns.aggregator')}</th>
                    <th scope="col">{t('games.columns.games')}</th>
                    <th scope="col">{t('games.columns.enabled')}</th>
                    <th scope="col">{t('games.columns.maintenance')}</th>
                    <th scope="col">{t('games.columns.sortOrder')}</th>
                    <th scope="col">{t('games.columns.syncedAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {vendors.data.items.length === 0 && <EmptyRow columns={7}>{t('games.noVendors')}</EmptyRow>}
                  {vendors.data.items.map((vendor) => (
                    <tr key={vendor.code} data-testid={`vendor-${vendor.code}`}>
                      <td data-label={t('games.columns.vendor')}>
                        <span className="bo-games__stack">
                          <strong>{vendor.name}</strong>
                          <span className="bo-games__sub">{vendor.code}</span>
                        </span>
                      </td>
                      <td data-label={t('games.columns.aggregator')}>
                        <span className="bo-games__stack">
                          <span>{vendor.aggregator}</span>
                          <span className="bo-games__sub">{t(`games.walletModes.${vendor.walletMode}`)}</span>
                        </span>
                      </td>
                      <td data-label={t('games.columns.games')} className="ui-table__num">
                        {t('games.listedOf', { listed: vendor.listedGames, total: vendor.games })}
                      </td>
                      <td data-label={t('games.columns.enabled')}>
                        <Switch
                          checked={vendor.enabled}
                          hideLabel
                          label={t('games.enabledOf', { name: vendor.name })}
                          busy={busyCode === vendor.code}
                          onChange={(enabled) =>
                            change(
                              vendor,
                              { enabled },
                              t(enabled ? 'games.vendorEnabled' : 'games.vendorDisabled', { name: vendor.name }),
                            )
                          }
                        />
                      </td>
                      <td data-label={t('games.columns.maintenance')}>
                        <Switch
                          checked={vendor.maintenance}
                          hideLabel
                          label={t('games.maintenanceOf', { name: vendor.name })}
                          busy={busyCode === vendor.code}
                          onChange={(maintenance) =>
                            change(
                              vendor,
                              { maintenance },
                              t(maintenance ? 'games.maintenanceOn' : 'games.maintenanceOff', { name: vendor.name }),
                            )
                          }
                        />
                      </td>
                      <td data-label={t('games.columns.sortOrder')}>
                        <SortOrderCell
                          value={vendor.sortOrder}
                          label={t('games.sortOrderOf', { name: vendor.name })}
                          busy={busyCode === vendor.code}
                          onSave={(sortOrder) =>
                            change(vendor, { sortOrder }, t('games.sortSaved', { name: vendor.name }))
                          }
                        />
                      </td>
                      <td data-label={t('games.columns.syncedAt')}>
                        {vendor.syncedAt ? formatDateTime(vendor.syncedAt, language) : t('games.never')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </Panel>
  );
}

type HotChoice = 'auto' | 'on' | 'off';
const hotChoiceOf = (game: CatalogueGameAdmin): HotChoice =>
  game.hotPinned === null ? 'auto' : game.hotPinned ? 'on' : 'off';

function GameRow({ game }: { game: CatalogueGameAdmin }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateGame();
  const busy = update.isPending;
  const change = (input: Parameters<typeof update.mutate>[0]['input'], done: string) =>
    update.mutate(
      { id: game.id, input },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(describeError(error)),
      },
    );
  return (
    <tr data-testid={`game-${game.id}`}>
      <td data-label={t('games.columns.game')}>
        <span className="bo-games__stack">
          <strong>{game.name}</strong>
          <span className="bo-games__sub ui-table__mono">{game.gameCode}</span>
        </span>
      </td>
      <td data-label={t('games.columns.vendor')}>{game.vendorName}</td>
      <td data-label={t('games.columns.category')}>{game.category}</td>
      <td data-label={t('games.columns.state')}>
        <span className="bo-games__pills">
          {!game.listed && <Pill tone="neutral">{t('games.unlisted')}</Pill>}
          {!game.vendorEnabled && <Pill tone="danger">{t('games.vendorOff')}</Pill>}
          {game.vendorMaintenance && <Pill tone="warning">{t('games.vendorMaintenance')}</Pill>}
          {game.isHot && <Pill tone="primary">{t('games.hot')}</Pill>}
          {game.isLobby && <Pill tone="info">{t('games.lobby')}</Pill>}
        </span>
      </td>
      <td data-label={t('games.columns.enabled')}>
        <Switch
          checked={game.enabled}
          hideLabel
          label={t('games.enabledOf', { name: game.name })}
          busy={busy}
          onChange={(enabled) =>
            change({ enabled }, t(enabled ? 'games.gameEnabled' : 'games.gameDisabled', { name: game.name }))
          }
        />
      </td>
      <td data-label={t('games.columns.maintenance')}>
        <Switch
          checked={game.maintenance}
          hideLabel
          label={t('games.maintenanceOf', { name: game.name })}
          busy={busy}
          onChange={(maintenance) =>
            change(
              { maintenance },
              t(maintenance ? 'games.maintenanceOn' : 'games.maintenanceOff', { name: game.name }),
            )
          }
        />
      </td>
      <td data-label={t('games.columns.hot')}>
        <select
          className="ui-cell-input bo-games__hot-select"
          aria-label={t('games.hotOf', { name: game.name })}
          value={hotChoiceOf(game)}
          disabled={busy}
          onChange={(event) => {
            const choice = event.target.value as HotChoice;
            change(
              { hot: choice === 'auto' ? null : choice === 'on' },
              t(`games.hotSaved.${choice}`, { name: game.name }),
            );
          }}
        >
          <option value="auto">{t('games.hotChoices.auto')}</option>
          <option value="on">{t('games.hotChoices.on')}</option>
          <option value="off">{t('games.hotChoices.off')}</option>
        </select>
      </td>
      <td data-label={t('games.columns.sortOrder')}>
        <SortOrderCell
          value={game.sortOrder}
          label={t('games.sortOrderOf', { name: game.name })}
          busy={busy}
          onSave={(sortOrder) => change({ sortOrder }, t('games.sortSaved', { name: game.name }))}
        />
      </td>
    </tr>
  );
}

function GamesPanel({ vendors }: { vendors: CatalogueVendorAdmin[] }) {
  const { t } = useTranslation();
  const pagerLabels = usePagerLabels();
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<GameFilter>(emptyGameFilter);
  const games = useGames(filter);
  const set = <K extends keyof GameFilter>(key: K, value: GameFilter[K]) =>
    setFilter((current) => ({ ...current, [key]: value, pageNo: 1 }));
  // The catalogue call names the direction `dir`; the shared header speaks `order`.
  const sorting: ListSort<CatalogueGameSort> = { sort: filter.sort, order: filter.dir };
  const sortBy = (next: ListSort<CatalogueGameSort>) =>
    setFilter((current) => ({ ...current, sort: next.sort, dir: next.order, pageNo: 1 }));
  const flagOptions = [
    { value: '', label: t('games.any') },
    { value: 'true', label: t('games.yes') },
    { value: 'false', label: t('games.no') },
  ];
  const search = (event: FormEvent) => {
    event.preventDefault();
    set('q', text.trim());
  };

  return (
    <Panel title={t('games.gamesTitle')} description={t('games.gamesIntro')}>
      <form className="bo-games__toolbar" onSubmit={search}>
        <div className="bo-games__search">
          <Input
            label={t('games.search')}
            type="search"
            value={text}
            maxLength={100}
            placeholder={t('games.searchPlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Select
          label={t('games.columns.vendor')}
          value={filter.vendor}
          onChange={(event) => set('vendor', event.target.value)}
          options={[
            { value: '', label: t('games.anyVendor') },
            ...vendors.map((vendor) => ({ value: vendor.code, label: vendor.name })),
          ]}
        />
        <Select
          label={t('games.columns.category')}
          value={filter.category}
          onChange={(event) => set('category', event.target.value as GameCategory | '')}
          options={[
            { value: '', label: t('games.anyCategory') },
            ...gameCategories.map((category) => ({ value: category, label: category })),
          ]}
        />
        <Select
          label={t('games.columns.enabled')}
          value={filter.enabled}
          onChange={(event) => set('enabled', event.target.value as GameFilter['enabled'])}
          options={flagOptions}
        />
        <Select
          label={t('games.columns.maintenance')}
          value={filter.maintenance}
          onChange={(event) => set('maintenance', event.target.value as GameFilter['maintenance'])}
          options={flagOptions}
        />
        <Select
          label={t('games.columns.hot')}
          value={filter.hot}
          onChange={(event) => set('hot', event.target.value as GameFilter['hot'])}
          options={flagOptions}
        />
        <Button type="submit" className="bo-games__go">
          {t('games.search')}
        </Button>
      </form>
      <QueryState query={games}>
        {() =>
          games.data && (
            <>
              <p className="bo-games__total">{t('games.total', { count: games.data.total })}</p>
              <div className={cx('ui-table-wrap', games.isPlaceholderData && 'bo-games--stale')}>
                <table className="ui-table ui-table--cards bo-games__table" aria-label={t('games.gamesTitle')}>
                  <thead>
                    <tr>
                      <SortableHeader column="name" sorting={sorting} onSort={sortBy}>
                        {t('games.columns.game')}
                      </SortableHeader>
                      <SortableHeader column="vendor" sorting={sorting} onSort={sortBy}>
                        {t('games.columns.vendor')}
                      </SortableHeader>
                      <SortableHeader column="category" sorting={sorting} onSort={sortBy}>
                        {t('games.columns.category')}
                      </SortableHeader>
                      <th scope="col">{t('games.columns.state')}</th>
                      <th scope="col">{t('games.columns.enabled')}</th>
                      <th scope="col">{t('games.columns.maintenance')}</th>
                      <th scope="col">{t('games.columns.hot')}</th>
                      <SortableHeader column="sortOrder" sorting={sorting} onSort={sortBy}>
                        {t('games.columns.sortOrder')}
                      </SortableHeader>
                    </tr>
                  </thead>
                  <tbody>
                    {games.data.items.length === 0 && <EmptyRow columns={8}>{t('games.noGames')}</EmptyRow>}
                    {games.data.items.map((game) => (
                      <GameRow key={game.id} game={game} />
                    ))}
                  </tbody>
                </table>
              </div>
              {games.data.totalPages > 1 && (
                <Pager
                  page={games.data.pageNo}
                  totalPages={games.data.totalPages}
                  onPageChange={(pageNo) => setFilter((current) => ({ ...current, pageNo }))}
                  labels={pagerLabels}
                />
              )}
            </>
          )
        }
      </QueryState>
    </Panel>
  );
}

/**
 * Games management: the vendors with their switches, every game with server-side filters, sorting and paging, and
 * the switches players see at once (enabled, maintenance, hot pin, sort order); the catalogue sync on demand.
 */
export function GamesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const sync = useSyncCatalogue();
  const vendors = useVendors();
  const syncSummary = (result: CatalogueSyncResult): string => {
    if (result.runs.length === 0) return t('games.syncNothing');
    const failed = result.runs.filter((run) => !run.ok);
    const received = result.runs.reduce((sum, run) => sum + run.received, 0);
    const added = result.runs.reduce((sum, run) => sum + run.added, 0);
    const done = t('games.syncDone', { count: result.runs.length, received, added });
    if (failed.length === 0) return done;
    const vendors = failed.map((run) => `${run.vendor} (${run.error ?? '?'})`).join(', ');
    return `${done} ${t('games.syncFailed', { vendors })}`;
  };
  return (
    <div className="bo-page">
      <PageHeader
        title={t('games.title')}
        description={t('games.intro')}
        actions={
          <Button
            icon={<IconRefresh size={16} />}
            loading={sync.isPending}
            onClick={() =>
              sync.mutate(undefined, {
                onSuccess: (result) => {
                  const message = syncSummary(result);
                  if (result.runs.some((run) => !run.ok)) toast.error(message);
                  else toast.success(message);
                },
                onError: (error) => toast.error(describeError(error)),
              })
            }
          >
            {t('games.sync')}
          </Button>
        }
      />
      <div className="bo-games">
        <VendorsPanel />
        <GamesPanel vendors={vendors.data?.items ?? []} />
      </div>
    </div>
  );
}
