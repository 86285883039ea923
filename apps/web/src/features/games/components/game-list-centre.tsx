import type { GameCategory, VendorSummary } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { IconRefresh } from '@portal/ui/icons';
import { useToast } from '@portal/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { describeError } from '@/lib/api-client';
import { useGameMenus, useRefreshGameMenus } from '../api/game-menus';
import { CategoryHeader } from './category-header';
import { GameBrowser } from './game-browser';
import '@/locales/games';
import './games.css';

/**
 * A game list centre (/live, /fish, /rng, /pvp, /bgs; spec section 2): the category's providers as a filter kept in
 * the address (`?vassalage=PG`, so the navigation's vendor links land filtered), then the games.
 */
export function GameListCentre({ category }: { category: GameCategory }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const vassalage = params.get('vassalage');
  const menus = useGameMenus();
  const refreshMenus = useRefreshGameMenus();
  const [refreshing, setRefreshing] = useState(false);

  const lane = menus.data?.lanes.find((entry) => entry.title === category);
  const vendors: VendorSummary[] =
    lane?.gameClassify ??
    lane?.cards.map((card) => ({ vassalage: card.vassalage, displayName: card.displayName })) ??
    [];
  // A vendor named in the address that the lane does not list (an old link) still filters, with its code as name.
  if (vassalage && !vendors.some((vendor) => vendor.vassalage === vassalage)) {
    vendors.push({ vassalage, displayName: vassalage });
  }

  const pickVendor = (code: string | null) => {
    const next = new URLSearchParams(params);
    if (code) next.set('vassalage', code);
    else next.delete('vassalage');
    setParams(next, { replace: true });
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      await refreshMenus();
    } catch (error) {
      toast.show({ tone: 'error', message: describeError(error) });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="games-page">
      <title>{t(`games.categories.${category}`)}</title>
      <CategoryHeader category={category} />
      <nav className="vendor-filter" aria-label={t('games.list.vendors')}>
        <ul className="vendor-filter__list">
          <li>
            <button
              type="button"
              className={cx('vendor-filter__item', !vassalage && 'is-active')}
              aria-pressed={!vassalage}
              onClick={() => pickVendor(null)}
            >
              {t('games.list.allVendors')}
            </button>
          </li>
          {vendors.map((vendor) => (
            <li key={vendor.vassalage}>
              <button
                type="button"
                className={cx('vendor-filter__item', vassalage === vendor.vassalage && 'is-active')}
                aria-pressed={vassalage === vendor.vassalage}
                onClick={() => pickVendor(vendor.vassalage)}
              >
                {vendor.displayName}
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={cx('vendor-filter__refresh', refreshing && 'is-spinning')}
          aria-label={t('games.list.refresh')}
          title={t('games.list.refresh')}
          onClick={() => void refresh()}
          disabled={refreshing}
        >
          <IconRefresh size={16} />
        </button>
      </nav>
      <GameBrowser key={`${category}:${vassalage ?? ''}`} gameType={category} vassalage={vassalage} />
    </div>
  );
}
