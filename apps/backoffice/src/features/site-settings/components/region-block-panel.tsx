import { backofficePaths, type RegionBlockInput, type SiteConfiguration } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconGlobe } from '@portal/ui/icons';
import { useToast } from '@portal/ui/toast';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel, Pill } from '@/components/ui/panel';
import { StringListEditor } from '@/components/ui/string-list-editor';
import { describeError } from '@/lib/api-client';
import { useSaveConfig } from '@/lib/site-config';
import './site-settings.css';
import { isIpRange } from './ip-range';

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** The region block list: ISO country codes and IP addresses or CIDR ranges. */
export function RegionBlockPanel({
  regionBlock,
  canEdit,
}: {
  regionBlock: SiteConfiguration['regionBlock'];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveConfig<RegionBlockInput>(backofficePaths.configRegionBlock);
  const [countries, setCountries] = useState<string[]>(regionBlock.countries);
  const [ipRanges, setIpRanges] = useState<string[]>(regionBlock.ipRanges);

  useEffect(() => {
    setCountries(regionBlock.countries);
    setIpRanges(regionBlock.ipRanges);
  }, [regionBlock]);

  const dirty = !sameList(countries, regionBlock.countries) || !sameList(ipRanges, regionBlock.ipRanges);
  const count = regionBlock.countries.length + regionBlock.ipRanges.length;

  return (
    <Panel
      icon={<IconGlobe size={18} />}
      title={t('settings.region.title')}
      description={t('settings.region.description')}
      aside={<Pill tone={count > 0 ? 'warning' : 'neutral'}>{count}</Pill>}
      footer={
        canEdit && (
          <>
            {dirty && (
              <Button
                variant="ghost"
                onClick={() => {
                  setCountries(regionBlock.countries);
                  setIpRanges(regionBlock.ipRanges);
                }}
              >
                {t('ui.reset')}
              </Button>
            )}
            <Button
              disabled={!dirty}
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { countries, ipRanges },
                  {
                    onSuccess: () => toast.success(t('ui.saved')),
                    onError: (error) => toast.error(describeError(error)),
                  },
                )
              }
            >
              {t('ui.save')}
            </Button>
          </>
        )
      }
    >
      <StringListEditor
        label={t('settings.region.countries')}
        values={countries}
        onChange={setCountries}
        placeholder={t('settings.region.countryPlaceholder')}
        normalise={(value) => value.trim().toUpperCase()}
        validate={(value) => (/^[A-Z]{2}$/.test(value) ? null : t('settings.region.countryInvalid'))}
        emptyText={t('settings.region.noCountries')}
        disabled={!canEdit}
        addLabel={t('ui.add')}
        mono
      />
      <StringListEditor
        label={t('settings.region.ipRanges')}
        values={ipRanges}
        onChange={setIpRanges}
        placeholder={t('settings.region.ipPlaceholder')}
        validate={(value) => (isIpRange(value) ? null : t('settings.region.ipInvalid'))}
        emptyText={t('settings.region.noRanges')}
        disabled={!canEdit}
        addLabel={t('ui.add')}
        mono
      />
    </Panel>
  );
}
