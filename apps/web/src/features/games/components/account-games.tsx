import { Button } from '@portal/ui/button';
import { EmptyState } from '@portal/ui/empty-state';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { type AccountGameList, useAccountGames } from '../api/account-games';
import { CategoryHeader } from './category-header';
import { GameGrid, GameGridSkeleton } from './game-grid';
import { DefaultGameIcon } from './game-icons';
import '@/locales/games';
import './games.css';

/** /favorite and /recent (spec section 2 "Account game lists"), for a signed-in player. */
export function AccountGames({ list }: { list: AccountGameList }) {
  const { t } = useTranslation();
  const query = useAccountGames(list);
  const favorite = list === 'favorite';
  const title = favorite ? t('games.account.favoritesTitle') : t('games.account.recentTitle');
  const games = query.data?.content ?? [];
  return (
    <div className="games-page">
      <title>{title}</title>
      <CategoryHeader
        title={title}
        intro={favorite ? t('games.account.favoritesIntro') : t('games.account.recentIntro')}
      />
      {query.isPending ? (
        <GameGridSkeleton />
      ) : query.isError ? (
        <EmptyState
          icon={<DefaultGameIcon size={40} />}
          title={t('games.list.errorTitle')}
          description={describeError(query.error)}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('games.list.retry')}
            </Button>
          }
        />
      ) : games.length === 0 ? (
        <EmptyState
          icon={<DefaultGameIcon size={40} />}
          title={t('games.list.emptyTitle')}
          description={favorite ? t('games.list.emptyFavorites') : t('games.list.emptyRecent')}
        />
      ) : (
        <GameGrid games={games} />
      )}
    </div>
  );
}
