import {
  type OperatorPointGoods,
  type OperatorRedemption,
  type PointRedeemStatus,
  type PointSettingsInput,
  pointEarnCategories,
  pointRedeemStatuses,
  pointSettingsSchema,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Pager } from '@portal/ui/pager';
import { Select } from '@portal/ui/select';
import { Spinner } from '@portal/ui/spinner';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorActions } from '@/components/ui/editor-actions';
import { EmptyRow } from '@/components/ui/empty-row';
import { PageHeader, Pill, type PillTone } from '@/components/ui/panel';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useCan } from '@/lib/session';
import {
  useDecideRedemption,
  useDeleteGoods,
  useGoodsList,
  usePointSettings,
  useRedemptions,
  useSaveGoods,
  useSavePointSettings,
} from '../api/points';
import '../locales';
import '@/components/ui/table.css';
import './points-mall.css';

const k = 'pointsBo';
const statusTone: Record<PointRedeemStatus, PillTone> = {
  IN_PROCESS: 'warning',
  APPROVED: 'success',
  REJECTED: 'danger',
};

const groupDigits = (value: string) => value.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function queryState(query: { isPending: boolean; isError: boolean; error: unknown }) {
  if (query.isPending) {
    return (
      <div className="bo-page-loading">
        <Spinner size="lg" />
      </div>
    );
  }
  if (query.isError) return <p role="alert">{describeError(query.error)}</p>;
  return null;
}

// ------------------------------------------------------------------------------------------------- redemptions

function DecideDialog({
  item,
  action,
  onClose,
}: {
  item: OperatorRedemption;
  action: 'approve' | 'reject';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const decide = useDecideRedemption();
  const [remark, setRemark] = useState('');
  const r = `${k}.redemptions`;
  const params = { id: item.id, points: groupDigits(item.points), member: item.username, goods: item.goodsName };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    decide.mutate(
      { id: item.id, action, remark: remark.trim() },
      {
        onSuccess: () => {
          toast.success(t(action === 'approve' ? `${r}.approved` : `${r}.rejected`));
          onClose();
        },
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      closeOnBackdrop={false}
      title={t(action === 'approve' ? `${r}.approveTitle` : `${r}.rejectTitle`, params)}
      closeLabel={t(`${r}.cancel`)}
    >
      <form className="bo-points-form" onSubmit={submit}>
        <p className="bo-points-form__summary">
          {t(action === 'approve' ? `${r}.approveSummary` : `${r}.rejectSummary`, params)}
        </p>
        <dl className="bo-points-delivery">
          <dt>{t(`${r}.columns.delivery`)}</dt>
          <dd>
            {item.address}
            <br />
            {item.mobile}
          </dd>
        </dl>
        <Input
          label={action === 'approve' ? t(`${r}.remark`) : t(`${r}.reason`)}
          hint={t(`${r}.remarkHint`)}
          value={remark}
          maxLength={140}
          required={action === 'reject'}
          onChange={(event) => setRemark(event.target.value)}
        />
        <EditorActions
          className="bo-points-form__actions"
          cancelLabel={t(`${r}.cancel`)}
          onCancel={onClose}
          submitLabel={t(action === 'approve' ? `${r}.confirmApprove` : `${r}.confirmReject`)}
          submitVariant={action === 'approve' ? 'primary' : 'danger'}
          submitting={decide.isPending}
          submitDisabled={action === 'reject' && remark.trim() === ''}
        />
      </form>
    </Modal>
  );
}

function RedemptionsPanel() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const [status, setStatus] = useState<PointRedeemStatus | ''>('IN_PROCESS');
  const [page, setPage] = useState(1);
  const list = useRedemptions(status, page);
  const [deciding, setDeciding] = useState<{ item: OperatorRedemption; action: 'approve' | 'reject' } | null>(null);
  const r = `${k}.redemptions`;
  const loading = queryState(list);

  return (
    <section aria-label={t(`${k}.tabs.redemptions`)}>
      <Tabs
        label={t(`${k}.tabs.redemptions`)}
        value={status || 'ALL'}
        onChange={(id) => {
          setStatus(id === 'ALL' ? '' : (id as PointRedeemStatus));
          setPage(1);
        }}
        items={[
          ...pointRedeemStatuses.map((id) => ({ id, label: t(`${k}.statuses.${id}`) })),
          { id: 'ALL', label: t(`${k}.all`) },
        ]}
        variant="pill"
      />
      {loading ??
        (list.data && (
          <>
            <div className="ui-table-wrap">
              <table className="ui-table">
                <thead>
                  <tr>
                    <th scope="col">{t(`${r}.columns.requested`)}</th>
                    <th scope="col">{t(`${r}.columns.member`)}</th>
                    <th scope="col">{t(`${r}.columns.goods`)}</th>
                    <th scope="col" className="ui-table__num">
                      {t(`${r}.columns.points`)}
                    </th>
                    <th scope="col">{t(`${r}.columns.delivery`)}</th>
                    <th scope="col">{t(`${r}.columns.status`)}</th>
                    <th scope="col">{t(`${r}.columns.actions`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.length === 0 && (
                    <EmptyRow columns={7} className="ui-table__muted">
                      {t(`${r}.empty`)}
                    </EmptyRow>
                  )}
                  {list.data.items.map((item) => (
                    <tr key={item.id}>
                      <td className="ui-table__num">
                        {formatDateTime(item.createdAt, language)}
                        <div className="ui-table__muted">#{item.id}</div>
                      </td>
                      <td>{item.username}</td>
                      <td>{item.goodsName}</td>
                      <td className="ui-table__num">{groupDigits(item.points)}</td>
                      <td className="bo-points-address">
                        {item.address}
                        <div className="ui-table__muted">{item.mobile}</div>
                      </td>
                      <td>
                        <Pill tone={statusTone[item.status]}>{t(`${k}.statuses.${item.status}`)}</Pill>
                        {item.operator && (
                          <div className="ui-table__muted">{t(`${r}.decidedBy`, { name: item.operator })}</div>
                        )}
                        {item.remark && <div className="ui-table__muted bo-points-remark">{item.remark}</div>}
                      </td>
                      <td>
                        {item.status === 'IN_PROCESS' && (
                          <div className="bo-points-actions">
                            <Button size="sm" onClick={() => setDeciding({ item, action: 'approve' })}>
                              {t(`${r}.approve`)}
                            </Button>
                            <Button size="sm" variant="ghost" onClick={() => setDeciding({ item, action: 'reject' })}>
                              {t(`${r}.reject`)}
                            </Button>
                          </div>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              totalPages={list.data.totalPages}
              onPageChange={setPage}
              labels={{
                nav: t('ui.pager.label'),
                previous: t('ui.pager.previous'),
                next: t('ui.pager.next'),
                page: (number) => t('ui.pager.page', { page: number }),
              }}
            />
          </>
        ))}
      {deciding && <DecideDialog {...deciding} onClose={() => setDeciding(null)} />}
    </section>
  );
}

// ------------------------------------------------------------------------------------------------------- goods

type GoodsForm = {
  nameEn: string;
  nameBn: string;
  imageUrl: string;
  points: string;
  stock: string;
  sortOrder: string;
  enabled: boolean;
};

function GoodsDialog({ goods, onClose }: { goods: OperatorPointGoods | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveGoods();
  const g = `${k}.goods`;
  const [form, setForm] = useState<GoodsForm>({
    nameEn: goods?.names.en ?? '',
    nameBn: goods?.names.bn ?? '',
    imageUrl: goods?.imageUrl ?? '',
    points: goods?.points ?? '',
    stock: String(goods?.stock ?? 0),
    sortOrder: String(goods?.sortOrder ?? 0),
    enabled: goods?.enabled ?? true,
  });
  const set = (patch: Partial<GoodsForm>) => setForm((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: goods?.id ?? null,
        input: {
          names: { en: form.nameEn.trim(), ...(form.nameBn.trim() ? { bn: form.nameBn.trim() } : {}) },
          imageUrl: form.imageUrl.trim() || null,
          points: form.points.trim(),
          stock: Number(form.stock),
          sortOrder: Number(form.sortOrder),
          enabled: form.enabled,
        },
      },
      {
        onSuccess: () => {
          toast.success(t(`${g}.saved`));
          onClose();
        },
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      closeOnBackdrop={false}
      title={goods ? t(`${g}.editTitle`, { name: goods.names.en }) : t(`${g}.newTitle`)}
      closeLabel={t(`${g}.cancel`)}
    >
      <form className="bo-points-form" onSubmit={submit}>
        <div className="bo-points-form__grid">
          <Input
            label={t(`${g}.nameEn`)}
            required
            maxLength={80}
            value={form.nameEn}
            onChange={(e) => set({ nameEn: e.target.value })}
          />
          <Input
            label={t(`${g}.nameBn`)}
            hint={t(`${g}.nameBnHint`)}
            maxLength={80}
            value={form.nameBn}
            onChange={(e) => set({ nameBn: e.target.value })}
          />
        </div>
        <Input
          label={t(`${g}.imageUrl`)}
          hint={t(`${g}.imageHint`)}
          maxLength={500}
          value={form.imageUrl}
          onChange={(e) => set({ imageUrl: e.target.value })}
        />
        <div className="bo-points-form__grid bo-points-form__grid--3">
          <Input
            label={t(`${g}.pointsLabel`)}
            required
            inputMode="numeric"
            pattern="[1-9][0-9]*"
            value={form.points}
            onChange={(e) => set({ points: e.target.value })}
          />
          <Input
            label={t(`${g}.stockLabel`)}
            required
            type="number"
            min={0}
            max={1_000_000}
            value={form.stock}
            onChange={(e) => set({ stock: e.target.value })}
          />
          <Input
            label={t(`${g}.sortLabel`)}
            type="number"
            min={0}
            max={9999}
            value={form.sortOrder}
            onChange={(e) => set({ sortOrder: e.target.value })}
          />
        </div>
        <Checkbox
          label={t(`${g}.enabledLabel`)}
          checked={form.enabled}
          onChange={(e) => set({ enabled: e.target.checked })}
        />
        <EditorActions
          className="bo-points-form__actions"
          cancelLabel={t(`${g}.cancel`)}
          onCancel={onClose}
          submitLabel={t(`${g}.save`)}
          submitting={save.isPending}
        />
      </form>
    </Modal>
  );
}

function GoodsPanel() {
  const { t } = useTranslation();
  const toast = useToast();
  const list = useGoodsList();
  const remove = useDeleteGoods();
  const [editing, setEditing] = useState<OperatorPointGoods | 'new' | null>(null);
  const [removing, setRemoving] = useState<OperatorPointGoods | null>(null);
  const g = `${k}.goods`;
  const loading = queryState(list);

  return (
    <section aria-label={t(`${k}.tabs.goods`)}>
      <div className="bo-points-toolbar">
        <Button onClick={() => setEditing('new')}>{t(`${g}.add`)}</Button>
      </div>
      {loading ??
        (list.data && (
          <div className="ui-table-wrap">
            <table className="ui-table">
              <thead>
                <tr>
                  <th scope="col" className="ui-table__num">
                    {t(`${g}.columns.order`)}
                  </th>
                  <th scope="col">{t(`${g}.columns.goods`)}</th>
                  <th scope="col" className="ui-table__num">
                    {t(`${g}.columns.points`)}
                  </th>
                  <th scope="col" className="ui-table__num">
                    {t(`${g}.columns.stock`)}
                  </th>
                  <th scope="col" className="ui-table__num">
                    {t(`${g}.columns.inProcess`)}
                  </th>
                  <th scope="col">{t(`${g}.columns.state`)}</th>
                  <th scope="col">{t(`${g}.columns.actions`)}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.length === 0 && (
                  <EmptyRow columns={7} className="ui-table__muted">
                    {t(`${g}.empty`)}
                  </EmptyRow>
                )}
                {list.data.items.map((item) => (
                  <tr key={item.id}>
                    <td className="ui-table__num">{item.sortOrder}</td>
                    <td>
                      <div className="bo-points-goods">
                        {item.imageUrl ? (
                          <img className="bo-points-goods__image" src={item.imageUrl} alt="" loading="lazy" />
                        ) : (
                          <span className="bo-points-goods__image bo-points-goods__image--empty">
                            {t(`${g}.noImage`)}
                          </span>
                        )}
                        <span>
                          {item.names.en}
                          {item.names.bn && (
                            <span className="ui-table__muted bo-points-goods__bn">{item.names.bn}</span>
                          )}
                        </span>
                      </div>
                    </td>
                    <td className="ui-table__num">{groupDigits(item.points)}</td>
                    <td className="ui-table__num">{item.stock}</td>
                    <td className="ui-table__num">{item.inProcess}</td>
                    <td>
                      <Pill tone={item.enabled ? 'success' : 'neutral'}>
                        {item.enabled ? t(`${g}.enabled`) : t(`${g}.disabled`)}
                      </Pill>
                    </td>
                    <td>
                      <div className="bo-points-actions">
                        <Button size="sm" variant="secondary" onClick={() => setEditing(item)}>
                          {t(`${g}.edit`)}
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setRemoving(item)}>
                          {t(`${g}.delete`)}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {editing && <GoodsDialog goods={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={t(`${g}.delete`)}
        tone="danger"
        confirmLabel={t(`${g}.delete`)}
        cancelLabel={t(`${g}.cancel`)}
        closeLabel={t(`${g}.cancel`)}
        confirmLoading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(t(`${g}.deleted`));
              setRemoving(null);
            },
            onError: (error) => toast.error(describeError(error)),
          });
        }}
      >
        {removing ? t(`${g}.deleteConfirm`, { name: removing.names.en }) : null}
      </ConfirmDialog>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------- settings

function SettingsPanel() {
  const { t } = useTranslation();
  const toast = useToast();
  const settings = usePointSettings();
  const save = useSavePointSettings();
  const s = `${k}.settings`;
  const [form, setForm] = useState<(PointSettingsInput & { packagesText: string }) | null>(null);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (settings.data && !form) setForm({ ...settings.data, packagesText: settings.data.packages.join(', ') });
  }, [settings.data, form]);
  const loading = queryState(settings);
  if (loading) return loading;
  if (!form) return null;
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });
  const error = (path: string) => (invalid.has(path) ? t(`${s}.invalid`) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { packagesText, ...rest } = form;
    const input = {
      ...rest,
      packages: packagesText
        .split(/[\s,]+/)
        .map((value) => value.trim())
        .filter(Boolean),
    };
    const parsed = pointSettingsSchema.safeParse(input);
    if (!parsed.success) {
      setInvalid(new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? ''))));
      toast.error(t(`${s}.invalid`));
      return;
    }
    setInvalid(new Set());
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t(`${s}.saved`)),
      onError: (failure) => toast.error(describeError(failure)),
    });
  };

  const rules = form.earnRules;
  const setRule = (index: number, patch: Partial<(typeof rules)[number]>) =>
    set({ earnRules: rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)) });
  const unused = pointEarnCategories.filter((category) => !rules.some((rule) => rule.category === category));

  return (
    <form className="bo-points-settings" onSubmit={submit}>
      <fieldset className="bo-points-fieldset">
        <legend>{t(`${s}.rateTitle`)}</legend>
        <div className="bo-points-form__grid bo-points-form__grid--3">
          <Input
            label={t(`${s}.ratioPoints`)}
            inputMode="numeric"
            value={form.ratioPoints}
            error={error('ratioPoints')}
            onChange={(e) => set({ ratioPoints: e.target.value.trim() })}
          />
          <Input
            label={t(`${s}.ratioAmount`)}
            hint={t(`${s}.ratioHint`)}
            inputMode="numeric"
            value={form.ratioAmountMinor}
            error={error('ratioAmountMinor')}
            onChange={(e) => set({ ratioAmountMinor: e.target.value.trim() })}
          />
          <Input
            label={t(`${s}.minPoints`)}
            inputMode="numeric"
            value={form.minPoints}
            error={error('minPoints')}
            onChange={(e) => set({ minPoints: e.target.value.trim() })}
          />
        </div>
        <Input
          label={t(`${s}.packages`)}
          hint={t(`${s}.packagesHint`)}
          value={form.packagesText}
          error={error('packages')}
          onChange={(e) => set({ packagesText: e.target.value })}
        />
      </fieldset>
      <fieldset className="bo-points-fieldset">
        <legend>{t(`${s}.earnTitle`)}</legend>
        <p className="bo-points-fieldset__hint">{t(`${s}.earnHint`)}</p>
        {rules.map((rule, index) => (
          <div className="bo-points-rule" key={rule.category}>
            <Select
              label={t(`${s}.category`)}
              value={rule.category}
              options={[rule.category, ...unused].map((category) => ({ value: category, label: category }))}
              onChange={(e) => setRule(index, { category: e.target.value as typeof rule.category })}
            />
            <Input
              label={t(`${s}.turnover`)}
              inputMode="numeric"
              value={rule.turnoverMinor}
              error={error('earnRules')}
              onChange={(e) => setRule(index, { turnoverMinor: e.target.value.trim() })}
            />
            <Input
              label={t(`${s}.earnPoints`)}
              inputMode="numeric"
              value={rule.points}
              onChange={(e) => setRule(index, { points: e.target.value.trim() })}
            />
            <Button variant="ghost" size="sm" onClick={() => set({ earnRules: rules.filter((_, at) => at !== index) })}>
              {t(`${s}.removeRule`)}
            </Button>
          </div>
        ))}
        {unused.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              set({ earnRules: [...rules, { category: unused[0] ?? 'ALL', turnoverMinor: '100', points: '1' }] })
            }
          >
            {t(`${s}.addRule`)}
          </Button>
        )}
      </fieldset>
      <div className="bo-points-form__actions">
        <Button type="submit" loading={save.isPending}>
          {t(`${s}.save`)}
        </Button>
      </div>
    </form>
  );
}

type View = 'redemptions' | 'goods' | 'settings';

/**
 * The points mall in the console: the redemption queue (finance: approve spends the held points, reject returns them
 * and the goods to stock), the goods catalogue (content) and the point settings (finance). Each tab shows only to the
 * roles that hold its permission; the server checks it again on every call.
 */
export function PointsMallPage() {
  const { t } = useTranslation();
  const can = {
    redemptions: useCan('points.redemptions'),
    goods: useCan('points.goods'),
    settings: useCan('points.settings'),
  };
  const views = (['redemptions', 'goods', 'settings'] as const).filter((view) => can[view]);
  const [view, setView] = useState<View>(views[0] ?? 'redemptions');

  return (
    <div className="bo-page">
      <PageHeader title={t(`${k}.title`)} description={t(`${k}.description`)} />
      {views.length > 1 && (
        <Tabs
          label={t(`${k}.views`)}
          value={view}
          onChange={(id) => setView(id as View)}
          items={views.map((id) => ({ id, label: t(`${k}.tabs.${id}`) }))}
        />
      )}
      <div className="bo-points-body">
        {view === 'redemptions' && can.redemptions && <RedemptionsPanel />}
        {view === 'goods' && can.goods && <GoodsPanel />}
        {view === 'settings' && can.settings && <SettingsPanel />}
      </div>
    </div>
  );
}
