import type { DepositChannelConfig, UpdateDepositChannelInput } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, Pill } from '@/components/ui/panel';
import { QueryState } from '@/components/ui/query-state';
import { Switch } from '@/components/ui/switch';
import { formatDecimal } from '@/lib/amount';
import { describeError } from '@/lib/api-client';
import { formatDateAndTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useDepositChannels, useUpdateDepositChannel } from '../api/deposit-channels';
import '@/components/ui/table.css';
import './deposit-channels.css';

const amountPattern = /^\d{1,12}(\.\d{1,2})?$/;

type Form = {
  enabled: boolean;
  nameEn: string;
  nameBn: string;
  minAmount: string;
  maxAmount: string;
  presets: string;
  sortOrder: string;
  payeeBank: string;
  payeeName: string;
  payeeNumber: string;
};

function formOf(channel: DepositChannelConfig): Form {
  return {
    enabled: channel.enabled,
    nameEn: channel.nameEn,
    nameBn: channel.nameBn,
    minAmount: channel.min.amount,
    maxAmount: channel.max.amount,
    presets: channel.presets.map((preset) => preset.amount).join(', '),
    sortOrder: String(channel.sortOrder),
    payeeBank: channel.payee?.bankName ?? '',
    payeeName: channel.payee?.holderName ?? '',
    payeeNumber: channel.payee?.accountNumber ?? '',
  };
}

const presetList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function EditDialog({ channel, onClose }: { channel: DepositChannelConfig; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateDepositChannel();
  const [form, setForm] = useState<Form>(() => formOf(channel));
  const [touched, setTouched] = useState(false);
  const set = (field: keyof Form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const presets = presetList(form.presets);
  const errors = {
    minAmount: amountPattern.test(form.minAmount.trim()) ? null : t('channels.invalidAmount'),
    maxAmount: amountPattern.test(form.maxAmount.trim()) ? null : t('channels.invalidAmount'),
    presets:
      presets.length <= 12 && presets.every((preset) => amountPattern.test(preset))
        ? null
        : t('channels.invalidPresets'),
    sortOrder:
      /^\d{1,4}$/.test(form.sortOrder.trim()) && Number(form.sortOrder) <= 1000 ? null : t('channels.invalidAmount'),
  };
  const valid = Object.values(errors).every((error) => error === null) && form.nameEn.trim() && form.nameBn.trim();
  const manual = channel.type === 'manual';
  const name = channel.nameEn || channel.code;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (!valid) return;
    const input: UpdateDepositChannelInput = {
      enabled: form.enabled,
      nameEn: form.nameEn.trim(),
      nameBn: form.nameBn.trim(),
      minAmount: form.minAmount.trim(),
      maxAmount: form.maxAmount.trim(),
      presets,
      sortOrder: Number(form.sortOrder),
      ...(manual
        ? {
            payee:
              form.payeeBank.trim() || form.payeeName.trim() || form.payeeNumber.trim()
                ? {
                    bankName: form.payeeBank.trim(),
                    holderName: form.payeeName.trim(),
                    accountNumber: form.payeeNumber.trim(),
                  }
                : null,
          }
        : {}),
    };
    update.mutate(
      { code: channel.code, input },
      {
        onSuccess: (saved) => {
          toast.success(t('channels.saved', { name: saved.nameEn || saved.code }));
          onClose();
        },
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };
  const show = (error: string | null) => (touched ? error : null);

  return (
    <Modal
      open
      onClose={onClose}
      title={t('channels.editTitle', { name })}
      closeLabel={t('ui.close')}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={update.isPending}>
            {t('ui.cancel')}
          </Button>
          <Button onClick={() => submit()} loading={update.isPending}>
            {t('ui.save')}
          </Button>
        </>
      }
    >
      <form className="bo-channels__form" onSubmit={submit} noValidate>
        <Switch
          checked={form.enabled}
          onChange={(enabled) => setForm((current) => ({ ...current, enabled }))}
          label={t('channels.enabledLabel')}
        />
        <div className="bo-channels__pair">
          <Input label={t('channels.nameEn')} maxLength={60} value={form.nameEn} onChange={set('nameEn')} required />
          <Input label={t('channels.nameBn')} maxLength={60} value={form.nameBn} onChange={set('nameBn')} required />
        </div>
        <div className="bo-channels__pair">
          <Input
            label={t('channels.min')}
            inputMode="decimal"
            value={form.minAmount}
            onChange={set('minAmount')}
            error={show(errors.minAmount)}
          />
          <Input
            label={t('channels.max')}
            inputMode="decimal"
            value={form.maxAmount}
            onChange={set('maxAmount')}
            error={show(errors.maxAmount)}
          />
        </div>
        <Input
          label={t('channels.presets')}
          value={form.presets}
          onChange={set('presets')}
          hint={t('channels.presetsHint')}
          error={show(errors.presets)}
        />
        <Input
          label={t('channels.sortOrder')}
          inputMode="numeric"
          value={form.sortOrder}
          onChange={set('sortOrder')}
          error={show(errors.sortOrder)}
        />
        {manual && (
          <fieldset className="bo-channels__payee">
            <legend>{t('channels.payee')}</legend>
            <p className="bo-channels__sub">{t('channels.payeeHint')}</p>
            <Input label={t('channels.payeeBank')} maxLength={60} value={form.payeeBank} onChange={set('payeeBank')} />
            <div className="bo-channels__pair">
              <Input
                label={t('channels.payeeName')}
                maxLength={60}
                value={form.payeeName}
                onChange={set('payeeName')}
              />
              <Input
                label={t('channels.payeeNumber')}
                maxLength={40}
                value={form.payeeNumber}
                onChange={set('payeeNumber')}
              />
            </div>
          </fieldset>
        )}
      </form>
    </Modal>
  );
}

export type DepositChannelsPageProps = { canEdit: boolean };

/**
 * Deposit channels: every channel with its type and method, limits, quick amounts and order; operators with
 * the permission switch them on and off in place and edit the rest in a dialog. Changes are audited.
 */
export function DepositChannelsPage({ canEdit }: DepositChannelsPageProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const toast = useToast();
  const channels = useDepositChannels();
  const update = useUpdateDepositChannel();
  const [editing, setEditing] = useState<DepositChannelConfig | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);

  const toggle = (channel: DepositChannelConfig, enabled: boolean) => {
    setSwitching(channel.code);
    update.mutate(
      { code: channel.code, input: { enabled } },
      {
        onSuccess: (saved) =>
          toast.success(
            t(enabled ? 'channels.switchedOn' : 'channels.switchedOff', { name: saved.nameEn || saved.code }),
          ),
        onError: (error) => toast.error(describeError(error)),
        onSettled: () => setSwitching(null),
      },
    );
  };

  return (
    <div className="bo-page">
      <PageHeader title={t('channels.title')} description={t('channels.intro')} />
      {!canEdit && <p className="bo-channels__readonly">{t('channels.readOnly')}</p>}
      <QueryState query={channels}>
        {() =>
          channels.data && (
            <>
              <p className="bo-channels__total">{t('channels.total', { count: channels.data.items.length })}</p>
              <div className="ui-table-wrap">
                <table className="ui-table ui-table--cards bo-channels__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('channels.columns.channel')}</th>
                      <th scope="col">{t('channels.columns.type')}</th>
                      <th scope="col" className="bo-channels__num">
                        {t('channels.columns.limits')}
                      </th>
                      <th scope="col">{t('channels.columns.presets')}</th>
                      <th scope="col" className="bo-channels__num">
                        {t('channels.columns.order')}
                      </th>
                      <th scope="col">{t('channels.columns.updated')}</th>
                      <th scope="col">{t('channels.columns.enabled')}</th>
                      {canEdit && <th scope="col">{t('channels.columns.actions')}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {[...channels.data.items]
                      .sort((a, b) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code))
                      .map((channel) => {
                        const name = channel.nameEn || channel.code;
                        return (
                          <tr key={channel.code} data-testid={`channel-${channel.code}`}>
                            <td data-label={t('channels.columns.channel')}>
                              <span className="bo-channels__stack">
                                <span className="bo-channels__name">
                                  {language === 'bn' ? channel.nameBn : channel.nameEn}
                                </span>
                                <span className="bo-channels__code">{channel.code}</span>
                              </span>
                            </td>
                            <td data-label={t('channels.columns.type')}>
                              <span className="bo-channels__stack">
                                <Pill tone={channel.type === 'gateway' ? 'info' : 'primary'}>
                                  {t(`channels.types.${channel.type}`)}
                                </Pill>
                                <span className="bo-channels__sub">
                                  {t(`channels.methods.${channel.method}`)}
                                  {channel.gateway ? ` · ${channel.gateway}` : ''}
                                </span>
                              </span>
                            </td>
                            <td data-label={t('channels.columns.limits')} className="bo-channels__num">
                              {formatDecimal(channel.min.amount)} – {formatDecimal(channel.max.amount)}
                            </td>
                            <td data-label={t('channels.columns.presets')}>
                              <span className="bo-channels__presets">
                                {channel.presets.map((preset) => (
                                  <span key={preset.minor} className="bo-channels__preset">
                                    {formatDecimal(preset.amount)}
                                  </span>
                                ))}
                              </span>
                            </td>
                            <td data-label={t('channels.columns.order')} className="bo-channels__num">
                              {channel.sortOrder}
                            </td>
                            <td data-label={t('channels.columns.updated')}>
                              <span className="bo-channels__stack">
                                <span className="bo-channels__when">
                                  {formatDateAndTime(channel.updatedAt, language).date}
                                </span>
                                <span className="bo-channels__when bo-channels__sub">
                                  {formatDateAndTime(channel.updatedAt, language).time}
                                </span>
                                {channel.updatedBy && (
                                  <span className="bo-channels__sub">
                                    {t('channels.by', { name: channel.updatedBy })}
                                  </span>
                                )}
                              </span>
                            </td>
                            <td data-label={t('channels.columns.enabled')}>
                              <Switch
                                checked={channel.enabled}
                                onChange={(enabled) => toggle(channel, enabled)}
                                label={t('channels.enableLabel', { name })}
                                hideLabel
                                disabled={!canEdit || switching !== null}
                                busy={switching === channel.code}
                              />
                            </td>
                            {canEdit && (
                              <td data-label={t('channels.columns.actions')}>
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  onClick={() => setEditing(channel)}
                                  aria-label={t('channels.editLabel', { name })}
                                >
                                  {t('channels.edit')}
                                </Button>
                              </td>
                            )}
                          </tr>
                        );
                      })}
                  </tbody>
                </table>
              </div>
            </>
          )
        }
      </QueryState>
      {editing && <EditDialog channel={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
