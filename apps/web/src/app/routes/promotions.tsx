import { useTranslation } from 'react-i18next';
import { PromotionsPage } from '@/features/content/components/promotions-page';
import { usePermission } from '@/lib/permission';
import '@/locales/content';

/** /promotions (spec section 2): the promotion banners and the running promotions. */
export function PromotionsRoute() {
  const { t } = useTranslation();
  const { info } = usePermission();
  return (
    <>
      <title>{`${t('contentUi.promotions.title')} · ${info.siteName}`}</title>
      <PromotionsPage />
    </>
  );
}
