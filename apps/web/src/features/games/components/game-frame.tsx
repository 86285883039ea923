import type { LaunchModeKind } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { IconChevronLeft, IconRefresh } from '@portal/ui/icons';
import { useToast } from '@portal/ui/toast';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconExpand, IconWindow } from './game-icons';

export type GameFrameProps = {
  url: string;
  name: string;
  mode: LaunchModeKind;
};

/**
 * The in-portal game page's player (spec section 2 "/seamless"): the vendor's game in a frame under the portal
 * header, so the balance stays in view, with back, reload, full screen and "open in new window". The frame may not
 * navigate the portal away except on the player's own click (the vendor's home button).
 */
export function GameFrame({ url, name, mode }: GameFrameProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const stage = useRef<HTMLDivElement>(null);
  const [generation, setGeneration] = useState(0);
  const [loaded, setLoaded] = useState(false);

  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate('/', { replace: true });
  };

  const openWindow = () => {
    const popup = window.open(url, '_blank');
    if (!popup) {
      toast.show({ tone: 'error', message: t('games.launch.popupBlocked') });
      return;
    }
    popup.opener = null;
  };

  const fullscreen = () => {
    void stage.current?.requestFullscreen?.().catch(() => undefined);
  };

  return (
    <section className="game-frame" aria-label={name}>
      <div className="game-frame__bar">
        <Button variant="ghost" size="sm" icon={<IconChevronLeft size={16} />} onClick={back}>
          {t('games.page.back')}
        </Button>
        <h1 className="game-frame__title">{name}</h1>
        <span className={cx('game-frame__mode', mode === 'trial' && 'game-frame__mode--trial')}>
          {mode === 'trial' ? t('games.page.trialMode') : t('games.page.realMode')}
        </span>
        <div className="game-frame__tools">
          <button
            type="button"
            className="game-frame__tool"
            aria-label={t('games.page.reload')}
            title={t('games.page.reload')}
            onClick={() => {
              setLoaded(false);
              setGeneration((value) => value + 1);
            }}
          >
            <IconRefresh size={18} />
          </button>
          <button
            type="button"
            className="game-frame__tool"
            aria-label={t('games.page.fullscreen')}
            title={t('games.page.fullscreen')}
            onClick={fullscreen}
          >
            <IconExpand size={18} />
          </button>
          <button
            type="button"
            className="game-frame__tool"
            aria-label={t('games.page.newWindow')}
            title={t('games.page.newWindow')}
            onClick={openWindow}
          >
            <IconWindow size={18} />
          </button>
        </div>
      </div>
      <div ref={stage} className="game-frame__stage">
        {!loaded && (
          <p className="game-frame__loading" role="status">
            {t('games.page.loading')}
          </p>
        )}
        <iframe
          key={generation}
          className="game-frame__iframe"
          src={url}
          title={t('games.page.frameTitle', { name })}
          allow="autoplay; fullscreen; clipboard-write"
          allowFullScreen
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-pointer-lock allow-top-navigation-by-user-activation"
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={() => setLoaded(true)}
        />
      </div>
    </section>
  );
}
