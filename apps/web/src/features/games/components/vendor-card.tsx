import type { VendorCard as VendorCardData } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { Spinner } from '@portal/ui/spinner';
import { useTranslation } from 'react-i18next';
import { tileThemeOf } from '../utils/tile-theme';
import { IconPlay } from './game-icons';
import { LazyImage } from './lazy-image';
import './games.css';

export type VendorCardProps = {
  card: VendorCardData;
  onOpen: (card: VendorCardData) => void;
  pending?: boolean;
  /** `lobby`: the large card of a game centre page; `compact`: a home section slide. */
  size?: 'lobby' | 'compact';
  highlighted?: boolean;
};

/** A vendor card of a lane (spec section 3 "Vendor lane"): image, vendor name, game count, maintenance state. */
export function VendorCard({ card, onOpen, pending = false, size = 'compact', highlighted = false }: VendorCardProps) {
  const { t } = useTranslation();
  const label = t('games.tile.openVendor', { name: card.displayName });
  return (
    <article
      className={cx(
        'vendor-card',
        `vendor-card--${size}`,
        `game-tile--theme-${tileThemeOf(card.vassalage)}`,
        highlighted && 'is-highlighted',
      )}
      data-testid="vendor-card"
    >
      <button
        type="button"
        className="vendor-card__button"
        onClick={() => onOpen(card)}
        aria-label={label}
        disabled={pending}
      >
        <LazyImage src={card.iconUrl} alt="" className="vendor-card__image" />
        <span className="vendor-card__shade" aria-hidden="true" />
        <span className="vendor-card__text">
          <span className="vendor-card__name">{card.displayName}</span>
          {card.isGame === 'VASSALAGE' && card.gameCount > 0 && (
            <span className="vendor-card__count">{t('games.tile.vendorGames', { count: card.gameCount })}</span>
          )}
        </span>
        {card.maintenance ? (
          <span className="vendor-card__maintenance">{t('games.tile.maintenance')}</span>
        ) : (
          <span
            className={cx('vendor-card__enter', size === 'lobby' && 'vendor-card__enter--shown')}
            aria-hidden="true"
          >
            {pending ? <Spinner size="sm" /> : <IconPlay size={14} />}
            {t('games.tile.enter')}
          </span>
        )}
      </button>
    </article>
  );
}
