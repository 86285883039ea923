import { cx } from '@portal/ui/cx';
import { type IconProps, IconRefresh, IconSvg } from '@portal/ui/icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { useBalance } from '../api/balance';
import { useBalanceVisibility } from '../hooks/use-balance-visibility';
import './header-balance.css';

/** The refresh button asks the server at most once in this time, however often it is pressed. */
export const refreshThrottleMs = 1000;

export const balanceMask = '****';

function IconEye(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </IconSvg>
  );
}

function IconEyeOff(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
    </IconSvg>
  );
}

/**
 * The logged-in player's main balance in the header (spec section 2 "Header and navigation"): currency symbol
 * and amount with thousands separators and 2 decimals, a refresh button that spins while the balance loads,
 * and a show/hide toggle that masks the amount and is remembered on the device.
 */
export function HeaderBalance() {
  const { t } = useTranslation();
  const balance = useBalance();
  const { hidden, toggle } = useBalanceVisibility();
  const lastRefresh = useRef(Number.NEGATIVE_INFINITY);
  const data = balance.data;

  const refresh = () => {
    const now = Date.now();
    if (balance.isFetching || now - lastRefresh.current < refreshThrottleMs) return;
    lastRefresh.current = now;
    void balance.refetch();
  };

  const amount = data ? formatMoney(data.main.minor, data.scale) : null;
  const shown = hidden ? balanceMask : (amount ?? '—');
  return (
    <div className="header-balance">
      <p className={cx('header-balance__value', !data && 'is-loading')} aria-live="polite" aria-atomic="true">
        <span className="visually-hidden">{hidden ? t('wallet.balanceHidden') : `${t('wallet.balance')}: `}</span>
        {data && <span className="header-balance__symbol">{data.symbol}</span>}
        <span className="header-balance__amount" data-testid="header-balance" aria-hidden={hidden || undefined}>
          {balance.isError && !data ? t('wallet.unavailable') : shown}
        </span>
      </p>
      <button
        type="button"
        className={cx('header-balance__button', balance.isFetching && 'is-spinning')}
        onClick={refresh}
        aria-label={t('wallet.refresh')}
        title={t('wallet.refresh')}
        aria-busy={balance.isFetching || undefined}
      >
        <IconRefresh size={16} />
      </button>
      <button
        type="button"
        className="header-balance__button header-balance__toggle"
        onClick={toggle}
        aria-label={hidden ? t('wallet.show') : t('wallet.hide')}
        title={hidden ? t('wallet.show') : t('wallet.hide')}
        aria-pressed={hidden}
      >
        {hidden ? <IconEyeOff size={16} /> : <IconEye size={16} />}
      </button>
    </div>
  );
}
