import { useTranslation } from 'react-i18next';
import { WinnersPage } from '@/features/games/components/winners-page';
import { usePermission } from '@/lib/permission';
import '@/locales/games';

/** /winners (spec section 2 "winners list"): the full winners board. */
export function WinnersRoute() {
  const { t } = useTranslation();
  const { info } = usePermission();
  return (
    <>
      <title>{`${t('games.winnersPage.title')} · ${info.siteName}`}</title>
      <WinnersPage />
    </>
  );
}
