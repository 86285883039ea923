import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getGameMenusQueryOptions } from '@/features/games/api/game-menus';
import { type NavCategory, navCategoriesFromLanes } from '@/features/navigation/utils/build-navigation';
import { useCurrentLanguage } from '@/lib/i18n';

/**
 * The navigation's game categories, from the same game menus the game screens use (one cache entry, kept for the
 * session, keyed by language so a language change loads the vendors again: spec section 4). Empty while loading
 * or when the site has no games; the bar then shows Home alone.
 */
export function useNavCategories(enabled = true): NavCategory[] {
  const language = useCurrentLanguage();
  const { data } = useQuery({ ...getGameMenusQueryOptions(language), enabled });
  return useMemo(() => navCategoriesFromLanes(data?.lanes ?? []), [data]);
}
