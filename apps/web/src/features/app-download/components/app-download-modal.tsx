import { Button } from '@portal/ui/button';
import { IconAndroid, IconApple, IconCheck, IconDownload } from '@portal/ui/icons';
import { Modal } from '@portal/ui/modal';
import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '../hooks/install-prompt';
import { useAppLinks } from '../hooks/use-app-links';
import { AppQrCode } from './app-qr-code';
import { GuideIllustration, type GuideStep } from './guide-illustration';
import './app-download.css';
import '@/locales/layout/frame';

export type AppDownloadModalProps = {
  siteName: string;
  onClose: () => void;
};

const stepKeys = ['one', 'two', 'three', 'four'] as const;

/**
 * The app download (spec sections 1 and 2): the iOS and Android apps as QR codes generated from the configured
 * links with download buttons, the lite app (this portal installed as a PWA, or a configured lite-app link), and
 * the installation guides for iOS and Android with an illustration per step.
 */
export function AppDownloadModal({ siteName, onClose }: AppDownloadModalProps) {
  const { t } = useTranslation();
  const links = useAppLinks();
  const install = useInstallPrompt();
  const apps = [
    { key: 'ios', href: links.ios, name: t('shell.download.ios'), Icon: IconApple },
    { key: 'android', href: links.android, name: t('shell.download.android'), Icon: IconAndroid },
  ].filter((app): app is typeof app & { href: string } => app.href !== null);

  return (
    <Modal open onClose={onClose} title={t('shell.download.title')} size="lg" closeLabel={t('ui.close')}>
      <div className="app-download">
        <p className="app-download__intro">{t('shell.download.intro')}</p>
        {apps.length > 0 && (
          <ul className="app-download__apps">
            {apps.map(({ key, href, name, Icon }) => (
              <li key={key} className="app-download__app">
                <div className="app-download__qr">
                  <AppQrCode href={href} size={132} label={t('shell.download.qrAlt', { app: `${siteName} ${name}` })} />
                </div>
                <div className="app-download__app-body">
                  <h3 className="app-download__app-name">
                    <Icon size={20} />
                    {name}
                  </h3>
                  <p className="app-download__hint">{t('shell.download.scan')}</p>
                  <a
                    className="app-download__link"
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${t('shell.download.open')}: ${name}`}
                  >
                    <IconDownload size={16} />
                    {t('shell.download.open')}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
        <section className="app-download__lite" aria-labelledby="app-download-lite">
          <h3 id="app-download-lite" className="app-download__section-title">
            {t('shell.download.lite')}
          </h3>
          <p className="app-download__hint">{t('shell.download.liteIntro')}</p>
          {install.installed ? (
            <p className="app-download__installed">
              <IconCheck size={16} />
              {t('shell.download.installed')}
            </p>
          ) : links.lite ? (
            <a className="app-download__link" href={links.lite} target="_blank" rel="noopener noreferrer">
              <IconDownload size={16} />
              {t('shell.download.open')}
            </a>
          ) : (
            install.canInstall && (
              <Button size="sm" icon={<IconDownload size={16} />} onClick={() => void install.install()}>
                {t('shell.download.install')}
              </Button>
            )
          )}
        </section>
        <section className="app-download__guides" aria-labelledby="app-download-guides">
          <h3 id="app-download-guides" className="app-download__section-title">
            {t('shell.download.guides')}
          </h3>
          {(['ios', 'android'] as const).map((os) => (
            <div key={os} className="app-download__guide">
              <h4 className="app-download__guide-title">
                {os === 'ios' ? <IconApple size={18} /> : <IconAndroid size={18} />}
                {t(os === 'ios' ? 'shell.download.iosGuide' : 'shell.download.androidGuide')}
              </h4>
              <ol className="app-download__steps">
                {stepKeys.map((key, index) => (
                  <li key={key} className="app-download__step">
                    <GuideIllustration os={os} step={(index + 1) as GuideStep} />
                    <span className="app-download__step-number" aria-hidden="true">
                      {index + 1}
                    </span>
                    <p className="app-download__step-text">
                      {t(os === 'ios' ? `shell.download.iosSteps.${key}` : `shell.download.androidSteps.${key}`)}
                    </p>
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </section>
      </div>
    </Modal>
  );
}
