import {
  backofficePaths,
  type CustomerServiceInput,
  type CustomerServiceSetting,
  customerServiceTypes,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconChevronDown } from '@portal/ui/icons';
import { useToast } from '@portal/ui/toast';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '@/components/ui/console-icons';
import { Panel } from '@/components/ui/panel';
import { Switch } from '@/components/ui/switch';
import { describeError } from '@/lib/api-client';
import { translate } from '@/lib/i18n';
import { useSaveConfig } from '@/lib/site-config';
import '@/components/ui/table.css';
import './customer-service-editor.css';

type Entry = CustomerServiceSetting & { key: number };

const allowedSchemes = ['http:', 'https:', 'mailto:', 'tel:', 'tg:', 'whatsapp:', 'line:', 'zalo:'];

function isSafeLink(value: string): boolean {
  try {
    return allowedSchemes.includes(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
}

let nextKey = 1;
const withKeys = (entries: readonly CustomerServiceSetting[]): Entry[] =>
  [...entries].sort((a, b) => a.sort - b.sort).map((entry) => ({ ...entry, key: nextKey++ }));

/**
 * The customer-service entries players see (live chat and contact links), as an editable list. The order on
 * screen is the order players see; saving renumbers `sort` from it.
 */
export function CustomerServiceEditor({
  entries: saved,
  canEdit,
}: {
  entries: readonly CustomerServiceSetting[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveConfig<CustomerServiceInput>(backofficePaths.configCustomerService);
  const initial = useMemo(() => withKeys(saved), [saved]);
  const [entries, setEntries] = useState<Entry[]>(initial);
  const [showErrors, setShowErrors] = useState(false);

  useEffect(() => {
    setEntries(initial);
    setShowErrors(false);
  }, [initial]);

  const normalised = entries.map(({ key: _key, ...entry }, index) => ({
    ...entry,
    title: entry.title.trim(),
    url: entry.url.trim(),
    sort: index + 1,
  }));
  const dirty =
    JSON.stringify(normalised) !==
    JSON.stringify(initial.map(({ key: _key, ...entry }, index) => ({ ...entry, sort: index + 1 })));
  const problems = normalised.map((entry) => ({
    title: entry.title === '' ? t('customerService.titleRequired') : null,
    url: isSafeLink(entry.url) ? null : t('customerService.urlInvalid'),
  }));
  const valid = problems.every((problem) => !problem.title && !problem.url);

  const update = (key: number, change: Partial<CustomerServiceSetting>) =>
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  const move = (index: number, by: -1 | 1) =>
    setEntries((current) => {
      const next = [...current];
      const [entry] = next.splice(index, 1);
      if (entry) next.splice(index + by, 0, entry);
      return next;
    });

  const submit = () => {
    setShowErrors(true);
    if (!valid) return;
    save.mutate(
      { entries: normalised },
      {
        onSuccess: () => toast.success(t('ui.saved')),
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };

  return (
    <Panel
      footer={
        canEdit && (
          <>
            <Button
              variant="secondary"
              icon={<IconPlus size={16} />}
              className="bo-cs__add"
              onClick={() =>
                setEntries((current) => [
                  ...current,
                  { key: nextKey++, csType: 'LIVECHAT', title: '', url: '', sort: current.length + 1, enabled: true },
                ])
              }
            >
              {t('customerService.add')}
            </Button>
            {dirty && <span className="bo-unsaved">{t('ui.unsaved')}</span>}
            <Button variant="ghost" disabled={!dirty} onClick={() => setEntries(initial)}>
              {t('ui.reset')}
            </Button>
            <Button disabled={!dirty} loading={save.isPending} onClick={submit}>
              {t('ui.saveChanges')}
            </Button>
          </>
        )
      }
    >
      {entries.length === 0 ? (
        <p className="bo-cs__empty">{t('customerService.empty')}</p>
      ) : (
        <ol className="bo-cs">
          {entries.map((entry, index) => {
            const problem = showErrors ? problems[index] : undefined;
            const name = translate(`customerService.types.${entry.csType}`);
            return (
              <li key={entry.key} className="bo-cs__entry">
                <div className="bo-cs__order">
                  <span className="bo-cs__position">{index + 1}</span>
                  {canEdit && (
                    <span className="bo-cs__moves">
                      <button
                        type="button"
                        className="bo-cs__move bo-cs__move--up"
                        disabled={index === 0}
                        aria-label={`${t('customerService.moveUp')}: ${entry.title || name}`}
                        onClick={() => move(index, -1)}
                      >
                        <IconChevronDown size={16} />
                      </button>
                      <button
                        type="button"
                        className="bo-cs__move"
                        disabled={index === entries.length - 1}
                        aria-label={`${t('customerService.moveDown')}: ${entry.title || name}`}
                        onClick={() => move(index, 1)}
                      >
                        <IconChevronDown size={16} />
                      </button>
                    </span>
                  )}
                </div>
                <label className="bo-cs__cell bo-cs__cell--type">
                  <span className="bo-cs__label">{t('customerService.type')}</span>
                  <select
                    className="ui-cell-input"
                    value={entry.csType}
                    disabled={!canEdit}
                    onChange={(event) =>
                      update(entry.key, { csType: event.target.value as CustomerServiceSetting['csType'] })
                    }
                  >
                    {customerServiceTypes.map((type) => (
                      <option key={type} value={type}>
                        {translate(`customerService.types.${type}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="bo-cs__cell bo-cs__cell--title">
                  <span className="bo-cs__label">{t('customerService.label')}</span>
                  <input
                    className="ui-cell-input"
                    value={entry.title}
                    maxLength={60}
                    disabled={!canEdit}
                    aria-invalid={problem?.title ? true : undefined}
                    onChange={(event) => update(entry.key, { title: event.target.value })}
                  />
                  {problem?.title && <span className="bo-cs__error">{problem.title}</span>}
                </label>
                <label className="bo-cs__cell bo-cs__cell--url">
                  <span className="bo-cs__label">{t('customerService.url')}</span>
                  <input
                    className="ui-cell-input bo-cs__url"
                    value={entry.url}
                    placeholder={t('customerService.urlPlaceholder')}
                    maxLength={500}
                    spellCheck={false}
                    disabled={!canEdit}
                    aria-invalid={problem?.url ? true : undefined}
                    onChange={(event) => update(entry.key, { url: event.target.value })}
                  />
                  {problem?.url && <span className="bo-cs__error">{problem.url}</span>}
                </label>
                <div className="bo-cs__cell bo-cs__cell--switch">
                  <Switch
                    checked={entry.enabled}
                    onChange={(enabled) => update(entry.key, { enabled })}
                    label={t('customerService.enabled')}
                    disabled={!canEdit}
                  />
                </div>
                {canEdit && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="bo-cs__remove"
                    icon={<IconTrash size={16} />}
                    aria-label={`${t('ui.remove')}: ${entry.title || name}`}
                    onClick={() => setEntries((current) => current.filter((item) => item.key !== entry.key))}
                  />
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
