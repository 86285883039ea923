import type { VendorCard } from '@portal/contract';
import { Modal } from '@portal/ui/modal';
import { useTranslation } from 'react-i18next';
import { GameBrowser } from './game-browser';

/** Spec section 2: a VASSALAGE vendor card opens this popup list of the vendor's games. */
export function VendorGamesModal({ card, onClose }: { card: VendorCard | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={card !== null}
      onClose={onClose}
      size="xl"
      className="vendor-games-modal"
      title={card ? t('games.vendor.title', { vendor: card.displayName }) : ''}
      closeLabel={t('games.vendor.close')}
    >
      {card && <GameBrowser gameType={card.gameType} vassalage={card.vassalage} />}
    </Modal>
  );
}
