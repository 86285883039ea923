import type { PointConfig, PointReward } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { EmptyState } from '@portal/ui/empty-state';
import { IconCheck, IconClock, IconInfo, IconRefresh, IconStar } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Pager } from '@portal/ui/pager';
import { Skeleton } from '@portal/ui/skeleton';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, describeError } from '@/lib/api-client';
import { formatDateTime, formatMoneyWithSymbol } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import '@/locales/points-mall';
import {
  pointBalanceQueryOptions,
  pointConfigQueryOptions,
  pointHistoryQueryOptions,
  pointRewardsQueryOptions,
  useConvertPoints,
} from '../api/points';
import { GoodsSection, RedemptionsSection } from './points-goods';
import './points-mall.css';

/** Who is looking: a visitor sees the rate, the table and the rules; a member also their points and history. */
export type PointsMallViewer = 'visitor' | 'trial' | 'member';

export type PointsMallPageProps = {
  viewer: PointsMallViewer;
  onLogin: () => void;
  onRegister: () => void;
};

type TabId = 'redeem' | 'history' | 'rules';

/** Points are whole numbers: thousands separators, no decimals (the money formatter always shows 2). */
export function formatPoints(points: string | bigint): string {
  const text = String(points).trim();
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  return `${negative ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** What `points` convert into at the configured rate (whole steps only), in minor units. */
export function worthOf(points: bigint, config: PointConfig): bigint {
  const step = BigInt(config.ratioPoints);
  return (points / step) * BigInt(config.ratioAmount.minor);
}

/** The client-side check of a typed number of points; the server checks again. Null when it may be sent. */
export function pointsIssue(text: string, config: PointConfig): 'invalid' | 'minimum' | 'step' | null {
  if (!/^\d{1,12}$/.test(text.trim())) return 'invalid';
  const points = BigInt(text.trim());
  if (points < BigInt(config.minPoints)) return 'minimum';
  if (points % BigInt(config.stepPoints) !== 0n) return 'step';
  return null;
}

function BalanceCard({
  viewer,
  config,
  onLogin,
  onRegister,
}: PointsMallPageProps & { config: PointConfig | undefined }) {
  const { t } = useTranslation();
  const balance = useQuery({ ...pointBalanceQueryOptions(), enabled: viewer === 'member' });
  if (viewer !== 'member') {
    return (
      <section className="points-balance points-balance--guest" aria-labelledby="points-balance-title">
        <span className="points-balance__medal" aria-hidden="true">
          <IconStar size={30} />
        </span>
        <h2 id="points-balance-title" className="points-balance__guest-title">
          {viewer === 'visitor' ? t('pointsMall.balance.loginTitle') : t('pointsMall.balance.label')}
        </h2>
        <p className="points-balance__guest-body">
          {viewer === 'visitor' ? t('pointsMall.balance.loginBody') : t('pointsMall.balance.trial')}
        </p>
        {viewer === 'visitor' ? (
          <Button onClick={onLogin}>{t('pointsMall.balance.login')}</Button>
        ) : (
          <Button onClick={onRegister}>{t('pointsMall.balance.register')}</Button>
        )}
      </section>
    );
  }
  return (
    <section className="points-balance" aria-labelledby="points-balance-title" aria-busy={balance.isLoading}>
      <div className="points-balance__top">
        <h2 id="points-balance-title" className="points-balance__label">
          {t('pointsMall.balance.label')}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          icon={<IconRefresh size={16} />}
          aria-label={t('pointsMall.balance.refresh')}
          title={t('pointsMall.balance.refresh')}
          onClick={() => void balance.refetch()}
          disabled={balance.isFetching}
        />
      </div>
      {balance.isLoading ? (
        <Skeleton height={48} width={180} radius={12} />
      ) : balance.isError ? (
        <p className="points-balance__error" role="alert">
          {describeError(balance.error)}
        </p>
      ) : (
        <>
          <p className="points-balance__value" data-testid="points-balance">
            {formatPoints(balance.data?.points ?? '0')}
          </p>
          {config && balance.data && (
            <p className="points-balance__worth">
              {t('pointsMall.balance.worth', {
                amount: formatMoneyWithSymbol(balance.data.worth.minor, config.currency),
              })}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function ConvertDialog({ points, config, onClose }: { points: bigint; config: PointConfig; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const convert = useConvertPoints();
  const [password, setPassword] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ code: string; text: string } | null>(null);
  // One key per submission: kept for a retry after a network failure, renewed once the server answered.
  const key = useRef<string>(newKey());
  const amount = formatMoneyWithSymbol(worthOf(points, config), config.currency);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setIssue(t('pointsMall.confirm.passwordRequired'));
      return;
    }
    setIssue(null);
    setFailure(null);
    convert.mutate(
      { points: points.toString(), paymentPassword: password, idempotencyKey: key.current },
      {
        onSuccess: (result) => {
          toast.success(
            t('pointsMall.confirm.done', {
              points: formatPoints(result.points),
              amount: formatMoneyWithSymbol(result.amount.minor, config.currency),
            }),
          );
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.httpStatus !== null && error.httpStatus < 500) key.current = newKey();
          setFailure({ code: error instanceof ApiError ? error.code : 'INTERNAL', text: describeError(error) });
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('pointsMall.confirm.title')}
      closeLabel={t('pointsMall.confirm.cancel')}
      closeOnBackdrop={false}
      footer={
        <div className="points-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('pointsMall.confirm.cancel')}
          </Button>
          <Button type="submit" form="points-convert-form" loading={convert.isPending}>
            {t('pointsMall.confirm.submit')}
          </Button>
        </div>
      }
    >
      <form id="points-convert-form" className="points-dialog" onSubmit={submit} noValidate>
        <div className="points-dialog__summary">
          <span className="points-dialog__points">{formatPoints(points)}</span>
          <span className="points-dialog__arrow" aria-hidden="true">
            →
          </span>
          <span className="points-dialog__amount">{amount}</span>
        </div>
        <p className="points-dialog__text">
          {t('pointsMall.confirm.summary', { points: formatPoints(points), amount })}
        </p>
        <Input
          label={t('pointsMall.confirm.password')}
          hint={t('pointsMall.confirm.passwordHint')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={issue}
          required
        />
        {failure && (
          <div className="points-dialog__failure" role="alert">
            <p>{failure.text}</p>
            {failure.code === 'CASHIER_PAYMENT_PASSWORD_NOT_SET' && (
              <Link to="/member?page=withdraw" onClick={onClose}>
                {t('pointsMall.confirm.noPassword')}
              </Link>
            )}
          </div>
        )}
      </form>
    </Modal>
  );
}

function RedeemPanel({ viewer, config, onLogin, onRegister }: PointsMallPageProps & { config: PointConfig }) {
  const { t } = useTranslation();
  const rewards = useQuery(pointRewardsQueryOptions());
  const balance = useQuery({ ...pointBalanceQueryOptions(), enabled: viewer === 'member' });
  const available = viewer === 'member' && balance.data ? BigInt(balance.data.points) : null;
  const [text, setText] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const [converting, setConverting] = useState<bigint | null>(null);

  const begin = (points: bigint) => {
    if (viewer === 'visitor') return onLogin();
    if (viewer === 'trial') return onRegister();
    setConverting(points);
  };

  const issueText = (found: ReturnType<typeof pointsIssue>) =>
    found === 'invalid'
      ? t('pointsMall.custom.invalid')
      : found === 'minimum'
        ? t('errors.PROMOTIONS_POINTS_BELOW_MINIMUM', { minPoints: formatPoints(config.minPoints) })
        : found === 'step'
          ? t('errors.PROMOTIONS_POINTS_STEP', { stepPoints: formatPoints(config.stepPoints) })
          : null;

  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    const found = pointsIssue(text, config);
    setIssue(issueText(found));
    if (!found) begin(BigInt(text.trim()));
  };
  const typed = pointsIssue(text, config) === null ? BigInt(text.trim()) : null;

  return (
    <div className="points-redeem">
      <GoodsSection
        goods={rewards.data?.goods ?? []}
        loading={rewards.isLoading}
        available={available}
        onGuest={viewer === 'visitor' ? onLogin : viewer === 'trial' ? onRegister : null}
      />
      <section aria-labelledby="points-table-title">
        <div className="points-section__head">
          <h2 id="points-table-title" className="points-section__title">
            {t('pointsMall.rewards.heading')}
          </h2>
          <p className="points-section__intro">{t('pointsMall.rewards.intro')}</p>
        </div>
        {rewards.isLoading ? (
          <div className="points-packages" aria-busy="true">
            {[1, 2, 3, 4].map((n) => (
              <Skeleton key={n} height={190} radius={16} />
            ))}
          </div>
        ) : rewards.isError ? (
          <EmptyState
            title={t('pointsMall.loadFailed')}
            description={describeError(rewards.error)}
            action={
              <Button variant="secondary" onClick={() => void rewards.refetch()}>
                {t('pointsMall.retry')}
              </Button>
            }
          />
        ) : (rewards.data?.items.length ?? 0) === 0 ? (
          <EmptyState icon={<IconStar size={28} />} title={t('pointsMall.rewards.empty')} />
        ) : (
          <ul className="points-packages">
            {rewards.data?.items.map((reward: PointReward, index) => {
              const points = BigInt(reward.points);
              const missing = available !== null && available < points ? points - available : null;
              return (
                <li key={reward.id} className={cx('points-package', `points-package--tier${Math.min(index, 3)}`)}>
                  <span className="points-package__badge" aria-hidden="true">
                    <IconStar size={18} />
                  </span>
                  <p className="points-package__points">
                    {t('pointsMall.rewards.points', { points: formatPoints(reward.points) })}
                  </p>
                  <p className="points-package__cash-label">{t('pointsMall.rewards.cash')}</p>
                  <p className="points-package__cash">{formatMoneyWithSymbol(reward.amount.minor, config.currency)}</p>
                  {missing !== null ? (
                    <p className="points-package__missing">
                      {t('pointsMall.rewards.notEnough', { missing: formatPoints(missing) })}
                    </p>
                  ) : null}
                  <Button
                    size="sm"
                    fullWidth
                    variant={missing === null ? 'primary' : 'secondary'}
                    disabled={missing !== null}
                    onClick={() => begin(points)}
                    aria-label={`${t('pointsMall.rewards.redeem')}: ${t('pointsMall.rewards.points', {
                      points: formatPoints(reward.points),
                    })}`}
                  >
                    {t('pointsMall.rewards.redeem')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="points-custom" aria-labelledby="points-custom-title">
        <h2 id="points-custom-title" className="points-section__title">
          {t('pointsMall.custom.heading')}
        </h2>
        <form className="points-custom__form" onSubmit={submitCustom} noValidate>
          <Input
            label={t('pointsMall.custom.label')}
            hint={t('pointsMall.custom.hint', {
              min: formatPoints(config.minPoints),
              step: formatPoints(config.stepPoints),
            })}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setIssue(null);
            }}
            error={issue}
          />
          <div className="points-custom__result">
            <p className="points-custom__gets" aria-live="polite">
              {typed !== null
                ? t('pointsMall.custom.youGet', {
                    amount: formatMoneyWithSymbol(worthOf(typed, config), config.currency),
                  })
                : '\u00a0'}
            </p>
            <Button type="submit">{t('pointsMall.custom.submit')}</Button>
          </div>
        </form>
      </section>
      {converting !== null && <ConvertDialog points={converting} config={config} onClose={() => setConverting(null)} />}
    </div>
  );
}

function HistoryPanel({ viewer, onLogin, onRegister, config }: PointsMallPageProps & { config: PointConfig }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const [pageNo, setPageNo] = useState(1);
  const history = useQuery({ ...pointHistoryQueryOptions(pageNo), enabled: viewer === 'member' });
  if (viewer !== 'member') {
    return (
      <EmptyState
        icon={<IconClock size={28} />}
        title={viewer === 'visitor' ? t('pointsMall.balance.loginTitle') : t('pointsMall.balance.trial')}
        action={
          <Button onClick={viewer === 'visitor' ? onLogin : onRegister}>
            {viewer === 'visitor' ? t('pointsMall.balance.login') : t('pointsMall.balance.register')}
          </Button>
        }
      />
    );
  }
  if (history.isLoading) return <Skeleton height={240} radius={16} />;
  if (history.isError) {
    return (
      <EmptyState
        title={t('pointsMall.loadFailed')}
        description={describeError(history.error)}
        action={
          <Button variant="secondary" onClick={() => void history.refetch()}>
            {t('pointsMall.retry')}
          </Button>
        }
      />
    );
  }
  const page = history.data;
  if (!page || page.items.length === 0) {
    return (
      <EmptyState
        icon={<IconClock size={28} />}
        title={t('pointsMall.history.empty')}
        description={t('pointsMall.history.emptyBody')}
      />
    );
  }
  return (
    <section aria-labelledby="points-history-title" className="points-history">
      <h2 id="points-history-title" className="points-section__title">
        {t('pointsMall.history.heading')}
      </h2>
      <div className="points-history__scroller">
        <table className="points-history__table">
          <thead>
            <tr>
              <th scope="col">{t('pointsMall.history.date')}</th>
              <th scope="col">{t('pointsMall.history.type')}</th>
              <th scope="col" className="is-number">
                {t('pointsMall.history.changed')}
              </th>
              <th scope="col" className="is-number">
                {t('pointsMall.history.balanceAfter')}
              </th>
              <th scope="col" className="is-number">
                {t('pointsMall.history.amount')}
              </th>
              <th scope="col">{t('pointsMall.history.status')}</th>
              <th scope="col">{t('pointsMall.history.remark')}</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((item) => {
              const negative = item.changedPoints.startsWith('-');
              return (
                <tr key={item.id}>
                  <td data-label={t('pointsMall.history.date')}>
                    <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, language)}</time>
                  </td>
                  <td data-label={t('pointsMall.history.type')}>{t(`pointsMall.history.types.${item.type}`)}</td>
                  <td
                    data-label={t('pointsMall.history.changed')}
                    className={cx('is-number', negative ? 'is-out' : 'is-in')}
                  >
                    {negative ? formatPoints(item.changedPoints) : `+${formatPoints(item.changedPoints)}`}
                  </td>
                  <td data-label={t('pointsMall.history.balanceAfter')} className="is-number">
                    {formatPoints(item.balanceAfter)}
                  </td>
                  <td data-label={t('pointsMall.history.amount')} className="is-number">
                    {item.redeemAmount ? formatMoneyWithSymbol(item.redeemAmount.minor, config.currency) : '—'}
                  </td>
                  <td data-label={t('pointsMall.history.status')}>
                    <span className={cx('points-status', `points-status--${item.status.toLowerCase()}`)}>
                      {item.status === 'APPROVED' && <IconCheck size={14} />}
                      {t(`pointsMall.history.statuses.${item.status}`)}
                    </span>
                  </td>
                  <td data-label={t('pointsMall.history.remark')}>{item.remark || '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager
        page={page.pageNo}
        totalPages={page.totalPages}
        onPageChange={setPageNo}
        labels={{
          nav: t('pointsMall.history.pager.nav'),
          previous: t('pointsMall.history.pager.previous'),
          next: t('pointsMall.history.pager.next'),
          page: (n) => t('pointsMall.history.pager.page', { page: n }),
        }}
      />
    </section>
  );
}

function RulesPanel({ config }: { config: PointConfig }) {
  const { t } = useTranslation();
  const rate = {
    points: formatPoints(config.ratioPoints),
    amount: formatMoneyWithSymbol(config.ratioAmount.minor, config.currency),
  };
  const rules = [
    t('pointsMall.rules.rate', rate),
    t('pointsMall.rules.minimum', { min: formatPoints(config.minPoints), step: formatPoints(config.stepPoints) }),
    t('pointsMall.rules.wallet'),
    t('pointsMall.rules.password'),
    t('pointsMall.rules.expiry'),
    t('pointsMall.rules.earning'),
    t('pointsMall.rules.goods'),
  ];
  return (
    <section aria-labelledby="points-rules-title" className="points-rules">
      <h2 id="points-rules-title" className="points-section__title">
        {t('pointsMall.rules.heading')}
      </h2>
      <ol className="points-rules__list">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </section>
  );
}

/**
 * /pointMall (spec sections 2 and 3): the member's current points and what they are worth, the exchange-rate table
 * with a conversion into the main wallet (payment password, one Idempotency-Key per submission), the redeem history
 * (points details) and the rules. Visitors and trial users see the rate, the table and the rules with a way in.
 */
export function PointsMallPage(props: PointsMallPageProps) {
  const { t } = useTranslation();
  const config = useQuery(pointConfigQueryOptions());
  const [tab, setTab] = useState<TabId>('redeem');
  const data = config.data;
  return (
    <div className="points-mall">
      <header className="points-hero">
        <div className="points-hero__intro">
          <p className="points-hero__eyebrow">
            <IconStar size={16} /> {t('pointsMall.eyebrow')}
          </p>
          <h1 className="points-hero__title">{t('pointsMall.title')}</h1>
          <p className="points-hero__subtitle">{t('pointsMall.subtitle')}</p>
          {data && (
            <ul className="points-hero__facts">
              <li>
                <IconInfo size={16} />
                {t('pointsMall.balance.rate', {
                  points: formatPoints(data.ratioPoints),
                  amount: formatMoneyWithSymbol(data.ratioAmount.minor, data.currency),
                })}
              </li>
              <li>
                <IconClock size={16} />
                {t('pointsMall.balance.neverExpire')}
              </li>
            </ul>
          )}
        </div>
        <BalanceCard {...props} config={data} />
      </header>
      {config.isLoading ? (
        <Skeleton height={320} radius={16} />
      ) : config.isError || !data ? (
        <EmptyState
          title={t('pointsMall.loadFailed')}
          description={describeError(config.error)}
          action={
            <Button variant="secondary" onClick={() => void config.refetch()}>
              {t('pointsMall.retry')}
            </Button>
          }
        />
      ) : (
        <Tabs
          label={t('pointsMall.tabs.label')}
          value={tab}
          onChange={(id) => setTab(id as TabId)}
          items={[
            { id: 'redeem', label: t('pointsMall.tabs.redeem') },
            { id: 'history', label: t('pointsMall.tabs.history') },
            { id: 'rules', label: t('pointsMall.tabs.rules') },
          ]}
          className="points-tabs"
        >
          {tab === 'redeem' ? (
            <RedeemPanel {...props} config={data} />
          ) : tab === 'history' ? (
            <div className="points-history-tab">
              {props.viewer === 'member' && <RedemptionsSection />}
              <HistoryPanel {...props} config={data} />
            </div>
          ) : (
            <RulesPanel config={data} />
          )}
        </Tabs>
      )}
    </div>
  );
}
