import { backofficePaths, type ResourceSetting, resourceTypePattern, resourceUrlPattern } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconDownload } from '@portal/ui/icons';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '@/components/ui/console-icons';
import { EntryCell, newEntryKey, OrderedEntryList } from '@/components/ui/ordered-entry-list';
import { Panel } from '@/components/ui/panel';
import { useOrderedEntriesEditor } from '@/lib/site-config';
import '@/components/ui/table.css';
import './site-settings.css';

/** The server refuses more; the add button stops there. */
const maxResources = 30;

/**
 * The resources players are offered (app downloads, community links), keyed by type as the web app looks them
 * up (Android, TELEGRAM, WHATSAPP). The order on screen is the order players see; saving renumbers `sort`.
 * Checks mirror `resourcesInputSchema`, so the server refuses nothing the panel let through.
 */
export function ResourcesPanel({
  resources: saved,
  canEdit,
}: {
  resources: readonly ResourceSetting[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { entries, setEntries, normalised, dirty, showErrors, saving, reset, update, submit } =
    useOrderedEntriesEditor<ResourceSetting>({
      saved,
      path: backofficePaths.configResources,
      normalise: (entry) => ({
        ...entry,
        resourceType: entry.resourceType.trim(),
        labelNameEn: entry.labelNameEn.trim(),
        url: entry.url.trim(),
      }),
    });
  const problems = normalised.map((entry, index) => ({
    resourceType: !resourceTypePattern.test(entry.resourceType)
      ? t('settings.resources.typeInvalid')
      : normalised.findIndex((other) => other.resourceType === entry.resourceType) < index
        ? t('settings.resources.typeDuplicate')
        : null,
    labelNameEn: entry.labelNameEn === '' ? t('settings.resources.labelRequired') : null,
    url: resourceUrlPattern.test(entry.url) ? null : t('settings.resources.urlInvalid'),
  }));
  const valid = problems.every((problem) => !problem.resourceType && !problem.labelNameEn && !problem.url);

  const full = entries.length >= maxResources;

  return (
    <Panel
      className="bo-page__wide"
      icon={<IconDownload size={18} />}
      title={t('settings.resources.title')}
      description={t('settings.resources.description')}
      footer={
        canEdit && (
          <>
            <Button
              variant="secondary"
              icon={<IconPlus size={16} />}
              className="bo-resources__add"
              disabled={full}
              title={full ? t('settings.resources.tooMany', { max: maxResources }) : undefined}
              onClick={() =>
                setEntries((current) => [
                  ...current,
                  { key: newEntryKey(), resourceType: '', labelNameEn: '', url: '', sort: current.length + 1 },
                ])
              }
            >
              {t('settings.resources.add')}
            </Button>
            {dirty && <span className="bo-unsaved">{t('ui.unsaved')}</span>}
            <Button variant="ghost" disabled={!dirty} onClick={reset}>
              {t('ui.reset')}
            </Button>
            <Button disabled={!dirty || (showErrors && !valid)} loading={saving} onClick={() => submit(valid)}>
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
        nameOf={(entry) => entry.labelNameEn.trim() || entry.resourceType.trim() || t('settings.resources.title')}
        emptyText={t('settings.resources.empty')}
        className="bo-resources"
      >
        {(entry, index) => {
          const problem = showErrors ? problems[index] : undefined;
          return (
            <>
              <EntryCell label={t('settings.resources.type')} error={problem?.resourceType} lead>
                <input
                  className="ui-cell-input bo-resources__mono"
                  value={entry.resourceType}
                  placeholder={t('settings.resources.typePlaceholder')}
                  maxLength={40}
                  spellCheck={false}
                  autoCapitalize="characters"
                  disabled={!canEdit}
                  aria-invalid={problem?.resourceType ? true : undefined}
                  onChange={(event) => update(entry.key, { resourceType: event.target.value })}
                />
              </EntryCell>
              <EntryCell label={t('settings.resources.label')} error={problem?.labelNameEn}>
                <input
                  className="ui-cell-input"
                  value={entry.labelNameEn}
                  maxLength={60}
                  disabled={!canEdit}
                  aria-invalid={problem?.labelNameEn ? true : undefined}
                  onChange={(event) => update(entry.key, { labelNameEn: event.target.value })}
                />
              </EntryCell>
              <EntryCell label={t('settings.resources.url')} error={problem?.url}>
                <input
                  className="ui-cell-input bo-resources__mono"
                  type="url"
                  value={entry.url}
                  placeholder={t('settings.resources.urlPlaceholder')}
                  maxLength={500}
                  spellCheck={false}
                  disabled={!canEdit}
                  aria-invalid={problem?.url ? true : undefined}
                  onChange={(event) => update(entry.key, { url: event.target.value })}
                />
              </EntryCell>
            </>
          );
        }}
      </OrderedEntryList>
    </Panel>
  );
}
