import { backofficePaths, type CustomerServiceSetting, customerServiceTypes } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '@/components/ui/console-icons';
import { EntryCell, newEntryKey, OrderedEntryList } from '@/components/ui/ordered-entry-list';
import { Panel } from '@/components/ui/panel';
import { Switch } from '@/components/ui/switch';
import { translate } from '@/lib/i18n';
import { useOrderedEntriesEditor } from '@/lib/site-config';
import '@/components/ui/table.css';
import './customer-service-editor.css';

const allowedSchemes = ['http:', 'https:', 'mailto:', 'tel:', 'tg:', 'whatsapp:', 'line:', 'zalo:'];

function isSafeLink(value: string): boolean {
  try {
    return allowedSchemes.includes(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
}

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
  const { entries, setEntries, normalised, dirty, showErrors, saving, reset, update, submit } =
    useOrderedEntriesEditor<CustomerServiceSetting>({
      saved,
      path: backofficePaths.configCustomerService,
      normalise: (entry) => ({ ...entry, title: entry.title.trim(), url: entry.url.trim() }),
    });
  const problems = normalised.map((entry) => ({
    title: entry.title === '' ? t('customerService.titleRequired') : null,
    url: isSafeLink(entry.url) ? null : t('customerService.urlInvalid'),
  }));
  const valid = problems.every((problem) => !problem.title && !problem.url);

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
                  {
                    key: newEntryKey(),
                    csType: 'LIVECHAT',
                    title: '',
                    url: '',
                    sort: current.length + 1,
                    enabled: true,
                  },
                ])
              }
            >
              {t('customerService.add')}
            </Button>
            {dirty && <span className="bo-unsaved">{t('ui.unsaved')}</span>}
            <Button variant="ghost" disabled={!dirty} onClick={reset}>
              {t('ui.reset')}
            </Button>
            <Button disabled={!dirty} loading={saving} onClick={() => submit(valid)}>
              {t('ui.saveChanges')}
            </Button>
          </>
        )
      }
    >
      <OrderedEntryList
        entries={entries}
        onChange={setEntries}
        canEdit={canEdit}
        nameOf={(entry) => entry.title || translate(`customerService.types.${entry.csType}`)}
        emptyText={t('customerService.empty')}
        className="bo-cs"
      >
        {(entry, index) => {
          const problem = showErrors ? problems[index] : undefined;
          return (
            <>
              <EntryCell label={t('customerService.type')} lead>
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
              </EntryCell>
              <EntryCell label={t('customerService.label')} error={problem?.title}>
                <input
                  className="ui-cell-input"
                  value={entry.title}
                  maxLength={60}
                  disabled={!canEdit}
                  aria-invalid={problem?.title ? true : undefined}
                  onChange={(event) => update(entry.key, { title: event.target.value })}
                />
              </EntryCell>
              <EntryCell label={t('customerService.url')} error={problem?.url}>
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
              </EntryCell>
              <div className="ui-entries__cell bo-cs__cell--switch">
                <Switch
                  checked={entry.enabled}
                  onChange={(enabled) => update(entry.key, { enabled })}
                  label={t('customerService.enabled')}
                  disabled={!canEdit}
                />
              </div>
            </>
          );
        }}
      </OrderedEntryList>
    </Panel>
  );
}
