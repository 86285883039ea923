import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useRounds } from '../api/inhouse';
import { checkRevealedRounds } from './fairness-panel';

type Check = Awaited<ReturnType<typeof checkRevealedRounds>>;

function resultText(result: Record<string, unknown> | null): string {
  if (!result) return '—';
  if (typeof result.rollHundredths === 'number') return (result.rollHundredths / 100).toFixed(2);
  if (typeof result.multiplierHundredths === 'number') return `${(result.multiplierHundredths / 100).toFixed(2)}×`;
  return '—';
}

/** The member's last bets, with the check of the revealed ones recomputed in this browser. */
export function BetHistory({ token, scale }: { token: string; scale: number }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const id = useId();
  const rounds = useRounds(token);
  const [check, setCheck] = useState<Check | null>(null);
  const list = rounds.data ?? [];

  return (
    <section className="inhouse-panel" aria-labelledby={`${id}-title`}>
      <div className="inhouse-panel__bar">
        <h2 id={`${id}-title`} className="inhouse-panel__title">
          {t('inhouse.history.title')}
        </h2>
        <button
          type="button"
          className="inhouse-secondary"
          disabled={rounds.isPending}
          onClick={async () => setCheck(await checkRevealedRounds(list))}
        >
          {t('inhouse.fair.verify')}
        </button>
      </div>
      {check && (
        <p role="status" className={check.kind === 'mismatch' ? 'inhouse-error' : 'inhouse-good'}>
          {check.kind === 'ok' && t('inhouse.fair.verified', { count: check.count })}
          {check.kind === 'none' && t('inhouse.fair.nothingToVerify')}
          {check.kind === 'mismatch' && t('inhouse.fair.mismatch', { round: check.roundId })}
        </p>
      )}
      {list.length === 0 ? (
        <p className="inhouse-hint">{t('inhouse.history.empty')}</p>
      ) : (
        <div className="inhouse-scroll">
          <table className="inhouse-history">
            <thead>
              <tr>
                <th scope="col">{t('inhouse.history.time')}</th>
                <th scope="col">{t('inhouse.history.game')}</th>
                <th scope="col">{t('inhouse.history.stakeCol')}</th>
                <th scope="col">{t('inhouse.history.result')}</th>
                <th scope="col">{t('inhouse.history.payout')}</th>
                <th scope="col">{t('inhouse.history.nonce')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((round) => (
                <tr key={round.roundId} className={round.status === 'refused' ? 'is-refused' : undefined}>
                  <td>{formatDateTime(round.createdAt, language)}</td>
                  <td>{t(`inhouse.title.${round.gameCode}`)}</td>
                  <td className="inhouse-num">{formatMoney(round.stakeMinor, scale)}</td>
                  <td className="inhouse-num">
                    {round.status === 'settled'
                      ? resultText(round.result)
                      : t(`inhouse.history.status.${round.status}`)}
                  </td>
                  <td className="inhouse-num">{formatMoney(round.payoutMinor, scale)}</td>
                  <td className="inhouse-num">{round.nonce}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
