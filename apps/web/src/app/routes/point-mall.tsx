import { useTranslation } from 'react-i18next';
import { PointsMallPage, type PointsMallViewer } from '@/features/points-mall/components/points-mall-page';
import { openModal } from '@/lib/modals';
import { usePermission } from '@/lib/permission';
import { useSession } from '@/lib/session';
import '@/locales/points-mall';

/**
 * /pointMall (spec section 2 "/promotions, /pointMall"): the points mall. Everyone sees the rate, the exchange-rate
 * table and the rules; members also their points, conversions and history. Visitors are offered the login popup
 * and trial users registration (spec section 6: trial users need a real account).
 */
export function PointMallRoute() {
  const { t } = useTranslation();
  const { info } = usePermission();
  const session = useSession();
  const viewer: PointsMallViewer =
    session.status === 'visitor' ? 'visitor' : session.status === 'trial' ? 'trial' : 'member';
  return (
    <>
      <title>{`${t('pointsMall.title')} · ${info.siteName}`}</title>
      <PointsMallPage
        viewer={viewer}
        onLogin={() => openModal('loginPopupModal')}
        onRegister={() => openModal('registerModal')}
      />
    </>
  );
}
