import type { RankEntry } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { EmptyState } from '@portal/ui/empty-state';
import { Skeleton } from '@portal/ui/skeleton';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { usePermission } from '@/lib/permission';
import { useRankList } from '../api/rank-list';
import { splitWinners, winnersPageLimit } from '../utils/winners';
import { IconTrophy } from './game-icons';
import { LazyImage } from './lazy-image';
import '@/locales/games';
import './games.css';
import './winners-page.css';

const entryKey = (entry: RankEntry) => `${entry.rank}-${entry.nodeId}-${entry.wonAt}`;

/**
 * /winners: the full winners board (`GCSGAME_getRankList`, as many entries as the call gives). The 3 biggest wins
 * stand on a highlighted podium; the rest follow in a table. Amounts have thousands separators and 2 decimals.
 */
export function WinnersPage() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const { info } = usePermission();
  const { symbol, scale, code } = info.currency;
  const ranks = useRankList(winnersPageLimit);
  const money = (entry: RankEntry) => `${symbol}${formatMoney(entry.winAmount.minor, scale)}`;

  const body = () => {
    if (ranks.isPending) {
      return (
        <div className="winners-page__loading" aria-busy="true">
          <Skeleton height={180} radius={18} />
          <Skeleton height={320} radius={18} />
        </div>
      );
    }
    if (ranks.isError) {
      return (
        <EmptyState
          title={t('games.winnersPage.loadFailed')}
          description={describeError(ranks.error)}
          action={
            <Button variant="secondary" onClick={() => void ranks.refetch()}>
              {t('games.winnersPage.retry')}
            </Button>
          }
        />
      );
    }
    const { top, rest } = splitWinners(ranks.data);
    if (top.length === 0) {
      return (
        <EmptyState
          icon={<IconTrophy size={28} />}
          title={t('games.winnersPage.empty')}
          description={t('games.winnersPage.emptyBody')}
        />
      );
    }
    return (
      <>
        <section aria-labelledby="winners-podium">
          <h2 id="winners-podium" className="winners-page__heading">
            {t('games.winnersPage.podium')}
          </h2>
          <ol className="winners-page__podium" data-testid="winners-podium">
            {top.map((entry, index) => (
              <li key={entryKey(entry)} className={`winners-page__top winners-page__top--${index + 1}`}>
                <span className="winners-page__medal">
                  <span aria-hidden="true">{index + 1}</span>
                  <span className="visually-hidden">{t('games.winnersPage.place', { rank: index + 1 })}</span>
                </span>
                <LazyImage src={entry.iconUrl} alt="" className="winners-page__icon" />
                <span className="winners-page__name">{entry.customerName}</span>
                <span className="winners-page__game">{t('games.home.wonIn', { game: entry.gameName })}</span>
                <span className="winners-page__amount winners-page__amount--top">{money(entry)}</span>
              </li>
            ))}
          </ol>
        </section>
        {rest.length > 0 && (
          <section aria-labelledby="winners-all" className="winners-page__list">
            <h2 id="winners-all" className="winners-page__heading">
              {t('games.winnersPage.all')}
            </h2>
            <div className="winners-page__table-wrap">
              <table className="winners-page__table" data-testid="winners-table">
                <thead>
                  <tr>
                    <th scope="col">{t('games.winnersPage.rank')}</th>
                    <th scope="col">{t('games.winnersPage.player')}</th>
                    <th scope="col">{t('games.winnersPage.game')}</th>
                    <th scope="col" className="winners-page__num">
                      {t('games.winnersPage.amount')}
                    </th>
                    <th scope="col" className="winners-page__time">
                      {t('games.winnersPage.time')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rest.map((entry, index) => (
                    <tr key={entryKey(entry)}>
                      <td className="winners-page__rank">{index + 4}</td>
                      <td>{entry.customerName}</td>
                      <td className="winners-page__game-cell">
                        <LazyImage src={entry.iconUrl} alt="" className="winners-page__icon winners-page__icon--sm" />
                        <span>{entry.gameName}</span>
                      </td>
                      <td className="winners-page__num winners-page__amount">{money(entry)}</td>
                      <td className="winners-page__time">
                        <time dateTime={entry.wonAt}>{formatDateTime(entry.wonAt, language)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        )}
      </>
    );
  };

  return (
    <div className="winners-page">
      <header className="winners-page__head">
        <span className="winners-page__badge" aria-hidden="true">
          <IconTrophy size={28} />
        </span>
        <div>
          <h1 className="winners-page__title">{t('games.winnersPage.title')}</h1>
          <p className="winners-page__intro">{t('games.winnersPage.intro', { currency: code })}</p>
        </div>
      </header>
      {body()}
    </div>
  );
}
