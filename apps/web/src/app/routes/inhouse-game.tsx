import { inhouseGameCodeSchema } from '@portal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { takeGameToken } from '@/features/inhouse/api/inhouse';
import { InhouseGame } from '@/features/inhouse/components/inhouse-game';
import '@/locales/inhouse';

/**
 * /inhouse/:gameCode, the in-house games' page that the launcher opens in the game frame (no portal frame around it).
 * It plays with the launch's game token; without one it says to open the game from the portal.
 */
export function InhouseGameRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const gameCode = inhouseGameCodeSchema.safeParse(params.gameCode);
  const token = useMemo(
    () => (gameCode.success ? takeGameToken(gameCode.data) : null),
    [gameCode.success, gameCode.data],
  );
  if (!gameCode.success || !token) {
    return (
      <div className="inhouse-page">
        <p className="inhouse-error" role="alert">
          {t('inhouse.noSession')}
        </p>
      </div>
    );
  }
  return <InhouseGame gameCode={gameCode.data} token={token} />;
}
