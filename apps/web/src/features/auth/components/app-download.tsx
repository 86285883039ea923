import { IconDownload } from '@portal/ui/icons';
import { useTranslation } from 'react-i18next';
import '@/locales/identity';

/** The site's app download (a resource of type ANDROID, IOS or LITE_APP), offered in the identity dialogs. */
export type AppDownloadLink = { href: string; type: 'ANDROID' | 'IOS' | 'LITE_APP' };

export function AppDownload({ link }: { link: AppDownloadLink }) {
  const { t } = useTranslation();
  return (
    <a className="auth-download" href={link.href} target="_blank" rel="noopener noreferrer">
      <IconDownload size={16} />
      {t('authForms.appDownload', { app: t(`layout.resources.${link.type}`) })}
    </a>
  );
}
