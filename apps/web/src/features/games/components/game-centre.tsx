import type { GameCategory } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { EmptyState } from '@portal/ui/empty-state';
import { Skeleton } from '@portal/ui/skeleton';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { describeError } from '@/lib/api-client';
import { useGameMenus } from '../api/game-menus';
import { useVendorCardAction } from '../hooks/use-vendor-card-action';
import { CategoryHeader } from './category-header';
import { DefaultGameIcon } from './game-icons';
import { VendorCard } from './vendor-card';
import '@/locales/games';
import './games.css';

/**
 * A game centre (/sports, /esports, /lott, /elott, /cockfight; spec section 2): the category's vendors as large
 * cards that open the vendor's lobby (or its game list popup, or its lottery page). `?vassalage=` puts that vendor
 * first and marks it.
 */
export function GameCentre({ category }: { category: GameCategory }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const vassalage = params.get('vassalage');
  const menus = useGameMenus();
  const action = useVendorCardAction();
  const lane = menus.data?.lanes.find((entry) => entry.title === category);
  const cards = [...(lane?.cards ?? [])].sort(
    (a, b) => Number(b.vassalage === vassalage) - Number(a.vassalage === vassalage) || a.sort - b.sort,
  );

  return (
    <div className="games-page">
      <title>{t(`games.categories.${category}`)}</title>
      <CategoryHeader category={category} />
      {menus.isPending ? (
        <ul className="vendor-grid" aria-hidden="true">
          {[0, 1, 2, 3].map((index) => (
            <li key={index}>
              <Skeleton className="vendor-card vendor-card--lobby" radius={18} />
            </li>
          ))}
        </ul>
      ) : menus.isError ? (
        <EmptyState
          icon={<DefaultGameIcon size={40} />}
          title={t('games.list.errorTitle')}
          description={describeError(menus.error)}
          action={
            <Button variant="secondary" onClick={() => void menus.refetch()}>
              {t('games.list.retry')}
            </Button>
          }
        />
      ) : cards.length === 0 ? (
        <EmptyState
          icon={<DefaultGameIcon size={40} />}
          title={t('games.centre.emptyTitle')}
          description={t('games.centre.emptyBody')}
        />
      ) : (
        <ul className="vendor-grid">
          {cards.map((card) => (
            <li key={card.vassalage}>
              <VendorCard
                card={card}
                size="lobby"
                onOpen={action.open}
                pending={action.pending(card)}
                highlighted={card.vassalage === vassalage}
              />
            </li>
          ))}
        </ul>
      )}
      {action.modal}
    </div>
  );
}
