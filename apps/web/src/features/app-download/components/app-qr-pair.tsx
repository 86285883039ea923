import { IconAndroid, IconApple } from '@portal/ui/icons';
import { useTranslation } from 'react-i18next';
import type { AppLinks } from '../utils/app-links';
import { AppQrCode } from './app-qr-code';
import './app-download.css';
import '@/locales/layout/frame';

/** The iOS and Android QR codes side by side, for the side menu and the floating bar's pop-over. */
export function AppQrPair({ links, size = 84 }: { links: AppLinks; size?: number }) {
  const { t } = useTranslation();
  const apps = [
    { key: 'ios', href: links.ios, name: t('shell.download.ios'), Icon: IconApple },
    { key: 'android', href: links.android, name: t('shell.download.android'), Icon: IconAndroid },
  ].filter((app): app is typeof app & { href: string } => app.href !== null);
  return (
    <ul className="app-qr-pair">
      {apps.map(({ key, href, name, Icon }) => (
        <li key={key} className="app-qr-pair__item">
          <AppQrCode href={href} size={size} label={t('shell.download.qrAlt', { app: name })} />
          <span className="app-qr-pair__name">
            <Icon size={14} />
            {name}
          </span>
        </li>
      ))}
    </ul>
  );
}
