import { backofficePaths, type GeneralSettingsInput, type SiteConfiguration } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Select } from '@portal/ui/select';
import { useToast } from '@portal/ui/toast';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSettings } from '@/components/ui/console-icons';
import { Panel } from '@/components/ui/panel';
import { StringListEditor } from '@/components/ui/string-list-editor';
import { describeError } from '@/lib/api-client';
import { languageNames } from '@/lib/i18n';
import { useSaveConfig } from '@/lib/site-config';
import './site-settings.css';

type General = SiteConfiguration['general'];

const gtagPattern = /^(G|GT|AW|DC|UA)-[A-Z0-9-]{4,24}$/;

function isCdn(value: string): boolean {
  if (/^\/(?!\/)\S*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(value);
  } catch {
    return false;
  }
}

function languageLabel(code: string): string {
  return (languageNames as Record<string, string>)[code] ?? code.toUpperCase();
}

/** Default language, image and game-launch CDN lists and the Google Analytics id. */
export function GeneralPanel({ general, canEdit }: { general: General; canEdit: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveConfig<GeneralSettingsInput>(backofficePaths.configGeneral);
  const [defaultLanguage, setDefaultLanguage] = useState(general.defaultLanguage);
  const [imageCdns, setImageCdns] = useState<string[]>(general.imageCdns);
  const [launchGameCdns, setLaunchGameCdns] = useState<string[]>(general.launchGameCdns);
  const [gtagId, setGtagId] = useState(general.gtagId ?? '');

  useEffect(() => {
    setDefaultLanguage(general.defaultLanguage);
    setImageCdns(general.imageCdns);
    setLaunchGameCdns(general.launchGameCdns);
    setGtagId(general.gtagId ?? '');
  }, [general]);

  const gtag = gtagId.trim().toUpperCase();
  const gtagInvalid = gtag !== '' && !gtagPattern.test(gtag);
  const dirty =
    defaultLanguage !== general.defaultLanguage ||
    imageCdns.join('\n') !== general.imageCdns.join('\n') ||
    launchGameCdns.join('\n') !== general.launchGameCdns.join('\n') ||
    (gtag || null) !== general.gtagId;
  const valid = !gtagInvalid && imageCdns.length > 0 && launchGameCdns.length > 0;

  const submit = () =>
    save.mutate(
      { defaultLanguage, imageCdns, launchGameCdns, gtagId: gtag || null },
      {
        onSuccess: () => toast.success(t('ui.saved')),
        onError: (error) => toast.error(describeError(error)),
      },
    );

  return (
    <Panel
      icon={<IconSettings size={18} />}
      title={t('settings.general.title')}
      description={t('settings.general.description')}
      footer={
        canEdit && (
          <>
            {dirty && (
              <Button
                variant="ghost"
                onClick={() => {
                  setDefaultLanguage(general.defaultLanguage);
                  setImageCdns(general.imageCdns);
                  setLaunchGameCdns(general.launchGameCdns);
                  setGtagId(general.gtagId ?? '');
                }}
              >
                {t('ui.reset')}
              </Button>
            )}
            <Button disabled={!dirty || !valid} loading={save.isPending} onClick={submit}>
              {t('ui.save')}
            </Button>
          </>
        )
      }
    >
      <div className="bo-form-row">
        <Select
          label={t('settings.general.defaultLanguage')}
          value={defaultLanguage}
          onChange={(event) => setDefaultLanguage(event.target.value as General['defaultLanguage'])}
          options={general.languages.map((code) => ({ value: code, label: languageLabel(code) }))}
          disabled={!canEdit}
        />
        <Input
          label={t('settings.general.gtagId')}
          value={gtagId}
          placeholder={t('settings.general.gtagPlaceholder')}
          onChange={(event) => setGtagId(event.target.value)}
          error={gtagInvalid ? t('settings.general.gtagInvalid') : null}
          hint={t('settings.general.gtagHint')}
          disabled={!canEdit}
          spellCheck={false}
          autoCapitalize="characters"
        />
      </div>
      <StringListEditor
        label={t('settings.general.imageCdns')}
        values={imageCdns}
        onChange={setImageCdns}
        placeholder={t('settings.general.cdnPlaceholder')}
        validate={(value) => (isCdn(value) ? null : t('settings.general.cdnInvalid'))}
        emptyText={t('settings.general.cdnRequired')}
        disabled={!canEdit}
        addLabel={t('ui.add')}
        mono
      />
      <StringListEditor
        label={t('settings.general.launchGameCdns')}
        values={launchGameCdns}
        onChange={setLaunchGameCdns}
        placeholder={t('settings.general.cdnPlaceholder')}
        validate={(value) => (isCdn(value) ? null : t('settings.general.cdnInvalid'))}
        emptyText={t('settings.general.cdnRequired')}
        disabled={!canEdit}
        addLabel={t('ui.add')}
        mono
      />
      <p className="ui-field__hint">{t('settings.general.cdnHint')}</p>
    </Panel>
  );
}
