import { isFeatureEnabled, usePermission } from '@/lib/permission';
import { type AppLinks, appLinksOf } from '../utils/app-links';

/** The site's app-download links (iOS, Android, lite app) from the configuration, following APPDOWNLOAD3. */
export function useAppLinks(): AppLinks {
  const permission = usePermission();
  return appLinksOf(permission.info.resources, { enabled: isFeatureEnabled(permission, 'APPDOWNLOAD3') });
}
