import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { EmptyState } from '@portal/ui/empty-state';
import { Skeleton } from '@portal/ui/skeleton';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { usePermission } from '@/lib/permission';
import { useGameRecall } from '../api/game-recall';
import { DefaultGameIcon } from './game-icons';
import '@/locales/games';
import './games.css';

/** Member centre "personalHistoryCopy" (betting record): the member's last 10 rounds (game recall). */
export function BettingRecord() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const { info } = usePermission();
  const recall = useGameRecall();
  const scale = info.currency.scale;
  const rounds = recall.data?.rounds ?? [];

  return (
    <section className="betting-record" aria-labelledby="betting-record-title">
      <header className="betting-record__head">
        <h2 id="betting-record-title" className="betting-record__title">
          {t('games.record.title')}
        </h2>
        <p className="betting-record__intro">{t('games.record.intro')}</p>
      </header>
      {recall.isPending ? (
        <Skeleton height={240} radius={16} />
      ) : recall.isError ? (
        <EmptyState
          icon={<DefaultGameIcon size={40} />}
          title={t('games.list.errorTitle')}
          description={describeError(recall.error)}
          action={
            <Button variant="secondary" onClick={() => void recall.refetch()}>
              {t('games.list.retry')}
            </Button>
          }
        />
      ) : rounds.length === 0 ? (
        <EmptyState
          icon={<DefaultGameIcon size={40} />}
          title={t('games.record.emptyTitle')}
          description={t('games.record.emptyBody')}
        />
      ) : (
        <div className="betting-record__scroll">
          <table className="betting-record__table">
            <thead>
              <tr>
                <th scope="col">{t('games.record.time')}</th>
                <th scope="col">{t('games.record.game')}</th>
                <th scope="col">{t('games.record.provider')}</th>
                <th scope="col" className="is-number">
                  {t('games.record.stake')}
                </th>
                <th scope="col" className="is-number">
                  {t('games.record.win')}
                </th>
                <th scope="col" className="is-number">
                  {t('games.record.profit')}
                </th>
                <th scope="col">{t('games.record.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((round) => {
                const profit = BigInt(round.profit.minor);
                return (
                  <tr key={`${round.vassalage}:${round.roundId}`}>
                    <td>{formatDateTime(round.startedAt, language)}</td>
                    <td>
                      <span className="betting-record__game">{round.gameName}</span>
                      <span className="betting-record__round" title={round.roundId}>
                        {t('games.record.round', { id: round.roundId })}
                      </span>
                    </td>
                    <td>{round.vassalage}</td>
                    <td className="is-number">{formatMoney(round.stake.minor, scale)}</td>
                    <td className="is-number">{formatMoney(round.win.minor, scale)}</td>
                    <td className={cx('is-number', profit > 0n && 'is-gain', profit < 0n && 'is-loss')}>
                      {profit > 0n ? '+' : ''}
                      {formatMoney(round.profit.minor, scale)}
                    </td>
                    <td>
                      <span className={cx('betting-record__status', `is-${round.status}`)}>
                        {t(`games.record.statuses.${round.status}`)}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
