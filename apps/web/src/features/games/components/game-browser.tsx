import { type GameCategory, type GameListFilter, gameListFilters } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { EmptyState } from '@portal/ui/empty-state';
import { IconClose } from '@portal/ui/icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { openModal } from '@/lib/modals';
import { useSession } from '@/lib/session';
import { useGameList } from '../api/game-list';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { GameGrid, GameGridSkeleton } from './game-grid';
import { DefaultGameIcon, IconSearch } from './game-icons';

/** The search box asks the server once typing pauses this long. */
export const searchDebounceMs = 300;

export type GameBrowserProps = {
  gameType?: GameCategory;
  vassalage?: string | null;
  /** Filters that need a session (FAV, RECENT) open the login popup for visitors instead. */
  className?: string;
};

const needsSession: readonly GameListFilter[] = ['FAV', 'RECENT'];

/**
 * A category's (or one vendor's) games: the NEW/FAV/ALL/HOT/RECENT filters, search by name, and pages of 20
 * with "load more" (spec sections 2, 3 and 9), with loading, empty and error states.
 */
export function GameBrowser({ gameType, vassalage, className }: GameBrowserProps) {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.status === 'member' || session.status === 'agent' || session.status === 'trial';
  const [filter, setFilter] = useState<GameListFilter>('ALL');
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), searchDebounceMs);
  const searchId = useId();
  const list = useGameList({ gameType, vassalage, filter, keyword });

  const games = list.data?.pages.flatMap((page) => page.content) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  const choose = (next: GameListFilter) => {
    if (needsSession.includes(next) && !signedIn) {
      openModal('loginPopupModal');
      return;
    }
    setFilter(next);
  };

  return (
    <div className={cx('game-browser', className)}>
      <div className="game-browser__toolbar">
        <fieldset className="game-filters">
          <legend className="visually-hidden">{t('games.filters.label')}</legend>
          {gameListFilters.map((id) => (
            <button
              key={id}
              type="button"
              className={cx('game-filters__item', filter === id && 'is-active')}
              aria-pressed={filter === id}
              onClick={() => choose(id)}
            >
              {t(`games.filters.${id}`)}
            </button>
          ))}
        </fieldset>
        <div className="game-search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('games.list.search')}
          </label>
          <IconSearch size={18} className="game-search__icon" />
          <input
            id={searchId}
            type="search"
            className="game-search__input"
            placeholder={t('games.list.searchPlaceholder')}
            value={search}
            maxLength={60}
            autoComplete="off"
            onChange={(event) => setSearch(event.target.value)}
          />
          {search !== '' && (
            <button
              type="button"
              className="game-search__clear"
              aria-label={t('games.list.clearSearch')}
              onClick={() => setSearch('')}
            >
              <IconClose size={16} />
            </button>
          )}
        </div>
      </div>

      {list.isPending ? (
        <GameGridSkeleton />
      ) : list.isError && games.length === 0 ? (
        <EmptyState
          icon={<DefaultGameIcon size={40} />}
          title={t('games.list.errorTitle')}
          description={describeError(list.error)}
          action={
            <Button variant="secondary" onClick={() => void list.refetch()}>
              {t('games.list.retry')}
            </Button>
          }
        />
      ) : games.length === 0 ? (
        <EmptyState
          icon={<DefaultGameIcon size={40} />}
          title={t('games.list.emptyTitle')}
          description={
            filter === 'FAV'
              ? t('games.list.emptyFavorites')
              : filter === 'RECENT'
                ? t('games.list.emptyRecent')
                : t('games.list.emptyBody')
          }
        />
      ) : (
        <>
          <div
            className={cx('game-browser__results', list.isPlaceholderData && 'is-stale')}
            aria-busy={list.isPlaceholderData}
          >
            <GameGrid games={games} />
          </div>
          <div className="game-browser__more">
            <p className="game-browser__count" aria-live="polite">
              {t('games.list.shown', { shown: games.length, total })}
            </p>
            {list.hasNextPage && (
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {t('games.list.loadMore')}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
