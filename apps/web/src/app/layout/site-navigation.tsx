import { TopNavigation } from '@/features/navigation/components/top-navigation';
import { isFeatureEnabled, usePermission } from '@/lib/permission';
import { useNavCategories } from './use-nav-categories';
import '@/locales/layout/frame';

/**
 * The header's row: home, the game categories built from the game menus, then promotions (spec section 2). The
 * promotions page is built from the promotion announcements, so it follows their switch. Loaded after the first paint.
 */
export function SiteNavigation({ className }: { className?: string }) {
  const categories = useNavCategories();
  const promotions = isFeatureEnabled(usePermission(), 'ANNOUNCEMENT3');
  return (
    <TopNavigation categories={categories} promotionsHref={promotions ? '/promotions' : null} className={className} />
  );
}
