import { IconDocument, IconHelp } from '@portal/ui/icons';
import { Wordmark } from '@portal/ui/wordmark';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CustomerServiceLinks } from '@/features/customer-service/components/customer-service-links';
import { ResourceLinks } from '@/features/resources/components/resource-links';
import { visibleResources } from '@/features/resources/components/visible-resources';
import { helpLinkState } from '@/lib/help-link';
import { isFeatureEnabled, usePermission } from '@/lib/permission';

/** Footer of spec section 2: customer service, resources, help links and the copyright line. */
export function SiteFooter() {
  const { t } = useTranslation();
  const permission = usePermission();
  const { info } = permission;
  const siteName = info.siteName;
  const helpEnabled = isFeatureEnabled(permission, 'HELPCENTER3');
  const appDownloadEnabled = isFeatureEnabled(permission, 'APPDOWNLOAD3');
  const hasResources = visibleResources(info.resources, { appDownloadEnabled }).length > 0;

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Wordmark name={siteName} size="sm" />
          <p className="site-footer__responsible">
            <span className="site-footer__age">{t('layout.footer.adultsOnly')}</span>
            {t('layout.footer.responsible')}
          </p>
        </div>
        {info.customerService.length > 0 && (
          <section className="site-footer__section" aria-labelledby="footer-cs">
            <h2 id="footer-cs" className="site-footer__heading">
              {t('layout.footer.customerService')}
            </h2>
            <CustomerServiceLinks entries={info.customerService} />
          </section>
        )}
        {hasResources && (
          <section className="site-footer__section" aria-labelledby="footer-resources">
            <h2 id="footer-resources" className="site-footer__heading">
              {t('layout.footer.downloads')}
            </h2>
            <ResourceLinks resources={info.resources} appDownloadEnabled={appDownloadEnabled} />
          </section>
        )}
        {helpEnabled && (
          <nav className="site-footer__section" aria-labelledby="footer-help">
            <h2 id="footer-help" className="site-footer__heading">
              {t('layout.footer.help')}
            </h2>
            <ul className="site-footer__links">
              <li>
                <Link to="/help" state={helpLinkState} preventScrollReset className="site-footer__link">
                  <IconHelp size={16} />
                  {t('layout.footer.helpCenter')}
                </Link>
              </li>
              <li>
                <Link to="/help#term" state={helpLinkState} preventScrollReset className="site-footer__link">
                  <IconDocument size={16} />
                  {t('layout.footer.terms')}
                </Link>
              </li>
            </ul>
          </nav>
        )}
      </div>
      <div className="site-footer__bottom">
        <p>{t('layout.footer.copyright', { year: new Date().getFullYear(), site: siteName })}</p>
      </div>
    </footer>
  );
}
