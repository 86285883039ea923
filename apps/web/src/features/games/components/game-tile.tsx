import type { Game } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { Spinner } from '@portal/ui/spinner';
import { useTranslation } from 'react-i18next';
import type { LaunchRequest } from '../hooks/use-launch-game';
import { tileThemeOf } from '../utils/tile-theme';
import { IconHeart, IconPlay } from './game-icons';
import { LazyImage } from './lazy-image';
import './games.css';

export type GameTileProps = {
  game: Game;
  favorite: boolean;
  onToggleFavorite: (game: Game) => unknown;
  onLaunch: (request: LaunchRequest) => unknown;
  /** Which of the tile's launches is on its way (spinner, no second click). */
  pendingMode?: 'real' | 'trial' | null;
  className?: string;
};

function launchRequest(game: Game, mode: 'real' | 'trial'): LaunchRequest {
  return {
    nodeId: game.nodeId,
    gameCode: game.gameCode,
    vassalage: game.vassalage,
    name: game.displayName,
    mode,
    maintenance: game.maintenance,
  };
}

/**
 * The game tile of spec section 2: favourite toggle, vendor label, HOT badge, name and image, then the Play
 * control (a slot plays from its image; other games have a Start button) and Free Trial when the game offers it.
 * One of 6 colour themes, fixed per game.
 */
export function GameTile({ game, favorite, onToggleFavorite, onLaunch, pendingMode, className }: GameTileProps) {
  const { t } = useTranslation();
  const name = game.displayName || game.gameName;
  const slot = game.gameType === 'RNG';
  const busy = pendingMode != null;
  const play = () => void onLaunch(launchRequest(game, 'real'));
  const trial = () => void onLaunch(launchRequest(game, 'trial'));

  const media = (
    <>
      <LazyImage src={game.iconUrl} alt={name} className="game-tile__image" />
      <span className="game-tile__badges">
        {game.isHot === 1 && <span className="game-tile__badge game-tile__badge--hot">{t('games.tile.hot')}</span>}
        {game.isNew === 1 && <span className="game-tile__badge game-tile__badge--new">{t('games.tile.isNew')}</span>}
      </span>
      <span className="game-tile__vendor">{game.vendorName || game.vassalage}</span>
      {game.maintenance && <span className="game-tile__maintenance">{t('games.tile.maintenance')}</span>}
    </>
  );

  return (
    <article
      className={cx('game-tile', `game-tile--theme-${tileThemeOf(game.gameId)}`, className)}
      data-testid="game-tile"
      aria-label={name}
    >
      <div className="game-tile__media">
        {slot ? (
          // Spec section 2: a slot's Play control is its image, with the play mark over it.
          <button
            type="button"
            className="game-tile__media-button"
            onClick={play}
            disabled={busy}
            aria-label={t('games.tile.playName', { name })}
          >
            {media}
            <span className="game-tile__play-mark" aria-hidden="true">
              {pendingMode === 'real' ? <Spinner size="sm" /> : <IconPlay size={26} />}
            </span>
          </button>
        ) : (
          <div className="game-tile__media-frame">{media}</div>
        )}
        <button
          type="button"
          className={cx('game-tile__favorite', favorite && 'is-active')}
          aria-pressed={favorite}
          aria-label={t(favorite ? 'games.tile.removeFavorite' : 'games.tile.addFavorite', { name })}
          onClick={() => onToggleFavorite(game)}
        >
          <IconHeart size={18} filled={favorite} />
        </button>
      </div>
      <div className="game-tile__body">
        <h3 className="game-tile__name" title={name}>
          {name}
        </h3>
        <div className="game-tile__actions">
          {!slot && (
            <Button
              size="sm"
              className="game-tile__start"
              onClick={play}
              disabled={busy}
              aria-label={t('games.tile.playName', { name })}
              loading={pendingMode === 'real'}
              icon={<IconPlay size={14} />}
            >
              {t('games.tile.play')}
            </Button>
          )}
          {game.trialSupport && (
            <Button
              size="sm"
              variant="secondary"
              className="game-tile__trial"
              onClick={trial}
              disabled={busy}
              aria-label={t('games.tile.trialName', { name })}
              loading={pendingMode === 'trial'}
            >
              {t('games.tile.trial')}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * The box of a game's tile without its content: the same height as that game's `GameTile` (the same media square,
 * name line and action buttons, which decide how tall a row of tiles is), about a quarter of its elements. The place
 * of a tile that is not built yet, so nothing moves when it is.
 */
export function GameTileShell({ game }: { game: Game }) {
  const slot = game.gameType === 'RNG';
  return (
    <div className="game-tile game-tile--shell" aria-hidden="true">
      <div className="game-tile__media" />
      <div className="game-tile__body">
        <div className="game-tile__name">{'\u00a0'}</div>
        <div className="game-tile__actions">
          {!slot && <span className="ui-button ui-button--sm" />}
          {game.trialSupport && <span className="ui-button ui-button--sm" />}
        </div>
      </div>
    </div>
  );
}
