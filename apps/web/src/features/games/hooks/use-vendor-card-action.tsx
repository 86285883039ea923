import type { VendorCard } from '@portal/contract';
import { createElement, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { VendorGamesModal } from '../components/vendor-games-modal';
import { categoryPath, lotteryPageOf } from '../utils/categories';
import { useLaunchGame } from './use-launch-game';

/**
 * What clicking a vendor card does (spec section 2): a VASSALAGE vendor opens its popup game list; a lottery
 * vendor (TCG_LOTTO_VN, TCG_SEA, LOTT, ELOTT) goes to its lottery page; a lobby vendor launches its lobby; a
 * vendor without a lobby goes to its category page filtered to it. Render `modal` beside the cards.
 */
export function useVendorCardAction() {
  const navigate = useNavigate();
  const { launch, isPending } = useLaunchGame();
  const [popup, setPopup] = useState<VendorCard | null>(null);

  const open = useCallback(
    (card: VendorCard) => {
      if (card.isGame === 'VASSALAGE') {
        setPopup(card);
        return;
      }
      const lotteryPage = lotteryPageOf(card.vassalage);
      if (lotteryPage) {
        navigate(`${lotteryPage}?vassalage=${encodeURIComponent(card.vassalage)}`);
        return;
      }
      if (!card.nodeId) {
        navigate(categoryPath(card.gameType, card.vassalage));
        return;
      }
      void launch({
        nodeId: card.nodeId,
        vassalage: card.vassalage,
        name: card.displayName,
        mode: 'real',
        launchMode: card.isGame === 'LOBBY' ? 'LOBBY' : 'GAME',
        maintenance: card.maintenance,
      });
    },
    [navigate, launch],
  );

  const pending = useCallback(
    (card: VendorCard) => isPending({ nodeId: card.nodeId, vassalage: card.vassalage, mode: 'real' }),
    [isPending],
  );

  const modal = createElement(VendorGamesModal, { card: popup, onClose: () => setPopup(null) });
  return { open, pending, modal };
}
