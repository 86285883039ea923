import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { usePermission } from '@/lib/permission';
import { useJackpot } from '../hooks/use-jackpot';
import { IconTrophy } from './game-icons';

/**
 * The home jackpot counter (spec section 9): a showpiece figure that starts at random between 100,000,000 and
 * 1,000,000,000 and grows by 100 to 500 every 3, 4 or 5 seconds. It is not a payable amount and moves no money.
 */
export function JackpotCounter({ random }: { random?: () => number }) {
  const { t } = useTranslation();
  const { info } = usePermission();
  const cents = useJackpot(random);
  return (
    <div className="jackpot">
      <p className="jackpot__label">
        <IconTrophy size={20} />
        {t('games.home.jackpot')}
      </p>
      <p className="jackpot__value" data-testid="jackpot-value">
        <span className="jackpot__symbol">{info.currency.symbol}</span>
        {formatMoney(cents, 2)}
      </p>
    </div>
  );
}
