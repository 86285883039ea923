import type { RankEntry } from '@portal/contract';
import { Skeleton } from '@portal/ui/skeleton';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@/lib/format';
import { usePermission } from '@/lib/permission';
import { useRankList } from '../api/rank-list';
import { splitWinners } from '../utils/winners';
import { LazyImage } from './lazy-image';

function Amount({ entry, symbol, scale }: { entry: RankEntry; symbol: string; scale: number }) {
  return (
    <span className="winners__amount">
      {symbol}
      {formatMoney(entry.winAmount.minor, scale)}
    </span>
  );
}

function Row({ entry, symbol, scale }: { entry: RankEntry; symbol: string; scale: number }) {
  const { t } = useTranslation();
  return (
    <>
      <LazyImage src={entry.iconUrl} alt="" className="winners__icon" />
      <span className="winners__who">
        <span className="winners__name">{entry.customerName}</span>
        <span className="winners__game">{t('games.home.wonIn', { game: entry.gameName })}</span>
      </span>
      <Amount entry={entry} symbol={symbol} scale={scale} />
    </>
  );
}

/**
 * The winners board (spec sections 2, 3 and 9): the 3 biggest winners on a podium, the rest (from the 4th) in a
 * list that scrolls by itself; amounts with thousands separators and 2 decimals. Reloads with the language.
 */
export function WinnersBoard() {
  const { t } = useTranslation();
  const { info } = usePermission();
  const ranks = useRankList();
  const { symbol, scale } = info.currency;
  if (ranks.isPending) return <Skeleton height={300} radius={18} />;
  const { top, rest } = splitWinners(ranks.data ?? []);
  return (
    <div className="winners">
      <div className="winners__head">
        <h2 className="winners__title">{t('games.home.winners')}</h2>
        <Link to="/winners" className="winners__all">
          {t('games.home.viewAllWinners')}
        </Link>
      </div>
      {top.length === 0 ? (
        <p className="winners__empty">{t('games.home.noWinners')}</p>
      ) : (
        <>
          <ol className="winners__podium" aria-label={t('games.home.biggest')} data-testid="winners-top">
            {top.map((entry, index) => (
              <li
                key={`${entry.rank}-${entry.nodeId}-${entry.wonAt}`}
                className={`winners__place winners__place--${index + 1}`}
              >
                <span className="winners__medal">
                  <span aria-hidden="true">{index + 1}</span>
                  <span className="visually-hidden">{t('games.home.rank', { rank: index + 1 })}</span>
                </span>
                <Row entry={entry} symbol={symbol} scale={scale} />
              </li>
            ))}
          </ol>
          {rest.length > 0 && (
            <div className="winners__scroller">
              <ol
                className="winners__rest"
                start={4}
                aria-label={t('games.home.latest')}
                data-testid="winners-rest"
                style={{ '--winners-count': rest.length } as React.CSSProperties}
              >
                {rest.map((entry) => (
                  <li key={`${entry.rank}-${entry.nodeId}-${entry.wonAt}`} className="winners__row">
                    <Row entry={entry} symbol={symbol} scale={scale} />
                  </li>
                ))}
              </ol>
              {/* The copy makes the scroll loop seamlessly; assistive technology reads the list once. */}
              <ol className="winners__rest winners__rest--copy" aria-hidden="true">
                {rest.map((entry) => (
                  <li key={`copy-${entry.rank}-${entry.nodeId}-${entry.wonAt}`} className="winners__row">
                    <Row entry={entry} symbol={symbol} scale={scale} />
                  </li>
                ))}
              </ol>
            </div>
          )}
        </>
      )}
    </div>
  );
}
