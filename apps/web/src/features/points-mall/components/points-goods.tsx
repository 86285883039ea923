import type { PointGoods } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { EmptyState } from '@portal/ui/empty-state';
import { IconStar } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Pager } from '@portal/ui/pager';
import { Skeleton } from '@portal/ui/skeleton';
import { useToast } from '@portal/ui/toast';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { pointRedemptionsQueryOptions, useRedeemGoods } from '../api/points';

/** Points are whole numbers: thousands separators, no decimals. */
const formatPoints = (points: string | bigint) => String(points).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

type Fields = { address: string; mobile: string; password: string };
type FieldIssues = Partial<Record<keyof Fields, string>>;

/**
 * Redeeming goods (spec section 3): the receiving address, a mobile number and the payment password. The points are
 * held at once and the redemption waits In Process for the operator; one Idempotency-Key per submission, kept for a
 * retry after a network failure and renewed once the server answered.
 */
function RedeemGoodsDialog({ goods, onClose }: { goods: PointGoods; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const redeem = useRedeemGoods();
  const [fields, setFields] = useState<Fields>({ address: '', mobile: '', password: '' });
  const [issues, setIssues] = useState<FieldIssues>({});
  const [failure, setFailure] = useState<{ code: string; text: string } | null>(null);
  const key = useRef<string>(newKey());
  const g = 'pointsMall.goods';

  const set = (patch: Partial<Fields>) => setFields((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldIssues = {};
    if (fields.address.trim().length < 5) found.address = t(`${g}.addressRequired`);
    if (!/^\+?[0-9 -]{6,20}$/.test(fields.mobile.trim())) found.mobile = t(`${g}.mobileInvalid`);
    if (fields.password === '') found.password = t('pointsMall.confirm.passwordRequired');
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    redeem.mutate(
      {
        goodsId: goods.id,
        address: fields.address.trim(),
        mobile: fields.mobile.trim(),
        paymentPassword: fields.password,
        idempotencyKey: key.current,
      },
      {
        onSuccess: () => {
          toast.success(t(`${g}.done`, { name: goods.name, points: formatPoints(goods.points) }));
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
      title={t(`${g}.dialogTitle`, { name: goods.name })}
      closeLabel={t('pointsMall.confirm.cancel')}
      closeOnBackdrop={false}
      footer={
        <div className="points-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('pointsMall.confirm.cancel')}
          </Button>
          <Button type="submit" form="points-goods-form" loading={redeem.isPending}>
            {t(`${g}.submit`)}
          </Button>
        </div>
      }
    >
      <form id="points-goods-form" className="points-dialog" onSubmit={submit} noValidate>
        <div className="points-goods-summary">
          {goods.imageUrl ? (
            <img className="points-goods-summary__image" src={goods.imageUrl} alt="" />
          ) : (
            <span className="points-goods-summary__image points-goods-card__placeholder" aria-hidden="true">
              <IconStar size={22} />
            </span>
          )}
          <div>
            <p className="points-goods-summary__name">{goods.name}</p>
            <p className="points-goods-summary__points">{t(`${g}.price`, { points: formatPoints(goods.points) })}</p>
          </div>
        </div>
        <p className="points-dialog__text">{t(`${g}.summary`)}</p>
        <Input
          label={t(`${g}.address`)}
          autoComplete="street-address"
          maxLength={200}
          value={fields.address}
          onChange={(event) => set({ address: event.target.value })}
          error={issues.address ?? null}
          required
        />
        <Input
          label={t(`${g}.mobile`)}
          type="tel"
          autoComplete="tel"
          maxLength={20}
          value={fields.mobile}
          onChange={(event) => set({ mobile: event.target.value })}
          error={issues.mobile ?? null}
          required
        />
        <Input
          label={t('pointsMall.confirm.password')}
          hint={t('pointsMall.confirm.passwordHint')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={fields.password}
          onChange={(event) => set({ password: event.target.value })}
          error={issues.password ?? null}
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

/** The goods on offer ("goods details"): image, name, price in points and what is left; members redeem them here. */
export function GoodsSection({
  goods,
  loading,
  available,
  onGuest,
}: {
  goods: PointGoods[];
  loading: boolean;
  /** The member's available points; null for visitors and trial users (their button leads to login or register). */
  available: bigint | null;
  onGuest: (() => void) | null;
}) {
  const { t } = useTranslation();
  const [redeeming, setRedeeming] = useState<PointGoods | null>(null);
  const g = 'pointsMall.goods';
  if (!loading && goods.length === 0) return null;
  return (
    <section aria-labelledby="points-goods-title">
      <div className="points-section__head">
        <h2 id="points-goods-title" className="points-section__title">
          {t(`${g}.heading`)}
        </h2>
        <p className="points-section__intro">{t(`${g}.intro`)}</p>
      </div>
      {loading ? (
        <div className="points-goods" aria-busy="true">
          {[1, 2, 3].map((n) => (
            <Skeleton key={n} height={260} radius={16} />
          ))}
        </div>
      ) : (
        <ul className="points-goods">
          {goods.map((item) => {
            const price = BigInt(item.points);
            const soldOut = item.stock <= 0;
            const missing = available !== null && available < price ? price - available : null;
            return (
              <li key={item.id} className={cx('points-goods-card', soldOut && 'points-goods-card--sold-out')}>
                {item.imageUrl ? (
                  <img className="points-goods-card__image" src={item.imageUrl} alt="" loading="lazy" />
                ) : (
                  <span className="points-goods-card__image points-goods-card__placeholder" aria-hidden="true">
                    <IconStar size={32} />
                  </span>
                )}
                <div className="points-goods-card__body">
                  <p className="points-goods-card__name">{item.name}</p>
                  <p className="points-goods-card__points">{t(`${g}.price`, { points: formatPoints(item.points) })}</p>
                  <p className={cx('points-goods-card__stock', soldOut && 'is-out')}>
                    {soldOut ? t(`${g}.soldOut`) : t(`${g}.stock`, { count: item.stock })}
                  </p>
                  {missing !== null && !soldOut ? (
                    <p className="points-package__missing">
                      {t('pointsMall.rewards.notEnough', { missing: formatPoints(missing) })}
                    </p>
                  ) : null}
                  <Button
                    size="sm"
                    fullWidth
                    variant={missing === null && !soldOut ? 'primary' : 'secondary'}
                    disabled={soldOut || missing !== null}
                    onClick={() => (onGuest ? onGuest() : setRedeeming(item))}
                    aria-label={`${t(`${g}.redeem`)}: ${item.name}`}
                  >
                    {t(`${g}.redeem`)}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {redeeming && <RedeemGoodsDialog goods={redeeming} onClose={() => setRedeeming(null)} />}
    </section>
  );
}

/** The member's goods redemptions ("redeem history"): status In Process, Approved or Rejected, with the remark. */
export function RedemptionsSection() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery(pointRedemptionsQueryOptions(pageNo));
  const g = 'pointsMall.goods';
  if (list.isLoading) return <Skeleton height={120} radius={16} />;
  if (list.isError) return <EmptyState title={t('pointsMall.loadFailed')} description={describeError(list.error)} />;
  const page = list.data;
  if (!page || page.items.length === 0) return null;
  return (
    <section aria-labelledby="points-redemptions-title" className="points-redemptions">
      <h2 id="points-redemptions-title" className="points-section__title">
        {t(`${g}.historyHeading`)}
      </h2>
      <ul className="points-redemptions__list">
        {page.items.map((item) => (
          <li key={item.id} className="points-redemption">
            <div className="points-redemption__main">
              <p className="points-redemption__name">{item.goodsName}</p>
              <p className="points-redemption__meta">
                {formatDateTime(item.createdAt, language)} · {t(`${g}.price`, { points: formatPoints(item.points) })}
              </p>
              <p className="points-redemption__meta">{item.address}</p>
              {item.remark && <p className="points-redemption__remark">{item.remark}</p>}
            </div>
            <span className={cx('points-status', `points-status--${item.status.toLowerCase()}`)}>
              {t(`pointsMall.history.statuses.${item.status}`)}
            </span>
          </li>
        ))}
      </ul>
      {page.totalPages > 1 && (
        <Pager
          page={pageNo}
          totalPages={page.totalPages}
          onPageChange={setPageNo}
          labels={{
            nav: t('pointsMall.history.pager.nav'),
            previous: t('pointsMall.history.pager.previous'),
            next: t('pointsMall.history.pager.next'),
            page: (number) => t('pointsMall.history.pager.page', { page: number }),
          }}
        />
      )}
    </section>
  );
}
