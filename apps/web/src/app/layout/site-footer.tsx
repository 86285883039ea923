import type { ResourceEntry } from '@portal/contract';
import { IconCompass, IconDocument, IconDownload, IconHelp, IconInfo, IconMail, IconStar } from '@portal/ui/icons';
import { Wordmark } from '@portal/ui/wordmark';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconUsers } from '@/components/ui/account-icons';
import { useAppLinks } from '@/features/app-download/hooks/use-app-links';
import { hasAppDownload } from '@/features/app-download/utils/app-links';
import { CustomerServiceLinks } from '@/features/customer-service/components/customer-service-links';
import { ResourceLinks } from '@/features/resources/components/resource-links';
import { visibleResources } from '@/features/resources/components/visible-resources';
import { helpLinkState } from '@/lib/help-link';
import { isFeatureEnabled, usePermission } from '@/lib/permission';
import { safeExternalUrl } from '@/lib/safe-url';
import '@/locales/articles';
import '@/locales/layout/frame';

/** Spec section 2: the footer's vendor icons, in the spec's order (generated artwork in public/footer). */
export const footerVendors = [
  { file: 'pg', name: 'PG Soft' },
  { file: 'eg2', name: 'EG2 Gaming' },
  { file: 'pt', name: 'Playtech' },
  { file: 'jdb', name: 'JDB Gaming' },
  { file: 'cq9', name: 'CQ9 Gaming' },
  { file: 'fc', name: 'Fa Chai' },
  { file: 'jl', name: 'JILI' },
  { file: 'bgs', name: 'BGS' },
] as const;

const footerPayments = [
  { file: 'bkash', name: 'bKash' },
  { file: 'nagad', name: 'Nagad' },
  { file: 'rocket', name: 'Rocket' },
  { file: 'upay', name: 'Upay' },
  { file: 'bank', name: 'Bank transfer' },
] as const;

const footerBadges = ['adults', 'responsible', 'secure', 'fair'] as const;

/** The article sections (news, blog, beginner guide) among the footer's help links. */
const footerArticles = [
  { kind: 'news', path: '/news', icon: <IconInfo size={16} /> },
  { kind: 'blog', path: '/blog', icon: <IconDocument size={16} /> },
  { kind: 'guide', path: '/guide', icon: <IconCompass size={16} /> },
] as const;

export type SiteFooterProps = {
  /** Opens the feedback dialog; the link is left out while the portal has none. */
  onFeedback?: (() => void) | null;
  /** Opens the app-download dialog (the link shows when the site offers an app). */
  onAppDownload?: (() => void) | null;
};

function licenceOf(resources: readonly ResourceEntry[]): string | null {
  const entry = resources.find((resource) => resource.resourceType.trim().toUpperCase() === 'LICENCE');
  return entry ? safeExternalUrl(entry.url) : null;
}

/**
 * Footer of spec section 2: vendor icons (PG, EG2, PT, JDB, CQ9, FC, JL, BGS), payment, certification, social
 * (customer-service channels and resources) and licence images, the affiliate link, help links, the feedback
 * link and the copyright line. Images are generated SVG in the repository, sized up front so nothing shifts.
 */
export function SiteFooter({ onFeedback, onAppDownload }: SiteFooterProps) {
  const { t } = useTranslation();
  const permission = usePermission();
  const { info } = permission;
  const siteName = info.siteName;
  const helpEnabled = isFeatureEnabled(permission, 'HELPCENTER3');
  const agentEnabled = isFeatureEnabled(permission, 'AGENTCENTER3');
  const articlesEnabled = isFeatureEnabled(permission, 'CONTENT');
  const winnersEnabled = isFeatureEnabled(permission, 'WINNERBOARD3');
  const appDownloadEnabled = isFeatureEnabled(permission, 'APPDOWNLOAD3');
  const shownResources = visibleResources(info.resources, { appDownloadEnabled });
  const hasResources = shownResources.length > 0;
  const hasAppResources = shownResources.some((resource) =>
    ['ANDROID', 'IOS', 'LITE_APP'].includes(resource.resourceType.trim().toUpperCase()),
  );
  const licence = licenceOf(info.resources);
  const hasApps = hasAppDownload(useAppLinks());

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
        <nav className="site-footer__section" aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__heading">
            {t('layout.footer.help')}
          </h2>
          <ul className="site-footer__links">
            {helpEnabled && (
              <>
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
              </>
            )}
            {articlesEnabled &&
              footerArticles.map((article) => (
                <li key={article.kind}>
                  <Link to={article.path} className="site-footer__link">
                    {article.icon}
                    {t(`articles.kinds.${article.kind}`)}
                  </Link>
                </li>
              ))}
            {winnersEnabled && (
              <li>
                <Link to="/winners" className="site-footer__link">
                  <IconStar size={16} />
                  {t('articles.winners')}
                </Link>
              </li>
            )}
            {agentEnabled && (
              <li>
                <Link to="/agent" className="site-footer__link">
                  <IconUsers size={16} />
                  {t('shell.footer.affiliate')}
                </Link>
              </li>
            )}
            {onFeedback && (
              <li>
                <button type="button" className="site-footer__link site-footer__link--button" onClick={onFeedback}>
                  <IconMail size={16} />
                  {t('shell.footer.feedback')}
                </button>
              </li>
            )}
            {onAppDownload && hasApps && (
              <li>
                <button type="button" className="site-footer__link site-footer__link--button" onClick={onAppDownload}>
                  <IconDownload size={16} />
                  {t('shell.footer.appDownload')}
                </button>
              </li>
            )}
          </ul>
        </nav>
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
              {hasAppResources ? t('layout.footer.downloads') : t('shell.footer.social')}
            </h2>
            <ResourceLinks resources={info.resources} appDownloadEnabled={appDownloadEnabled} />
          </section>
        )}
      </div>
      <div className="site-footer__band">
        <section className="site-footer__logos" aria-labelledby="footer-providers">
          <h2 id="footer-providers" className="site-footer__heading">
            {t('shell.footer.providers')}
          </h2>
          <ul className="site-footer__images">
            {footerVendors.map((vendor) => (
              <li key={vendor.file}>
                <img
                  src={`/footer/vendor-${vendor.file}.svg`}
                  alt={vendor.name}
                  width={120}
                  height={44}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </section>
        <div className="site-footer__band-row">
          <section className="site-footer__logos" aria-labelledby="footer-payments">
            <h2 id="footer-payments" className="site-footer__heading">
              {t('shell.footer.payments')}
            </h2>
            <ul className="site-footer__images">
              {footerPayments.map((payment) => (
                <li key={payment.file}>
                  <img
                    src={`/footer/payment-${payment.file}.svg`}
                    alt={payment.name}
                    width={104}
                    height={40}
                    loading="lazy"
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          </section>
          <section className="site-footer__logos" aria-labelledby="footer-certification">
            <h2 id="footer-certification" className="site-footer__heading">
              {t('shell.footer.certification')}
            </h2>
            <ul className="site-footer__images">
              {footerBadges.map((badge) => (
                <li key={badge}>
                  <img
                    src={`/footer/cert-${badge}.svg`}
                    alt={t(`shell.footer.badges.${badge}`)}
                    title={t(`shell.footer.badges.${badge}`)}
                    width={48}
                    height={48}
                    loading="lazy"
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          </section>
          {licence && (
            <section className="site-footer__logos" aria-labelledby="footer-licence">
              <h2 id="footer-licence" className="site-footer__heading">
                {t('shell.footer.licence')}
              </h2>
              <a href={licence} target="_blank" rel="noopener noreferrer" className="site-footer__licence">
                <img
                  src="/footer/licence.svg"
                  alt={t('shell.footer.licenceView')}
                  width={120}
                  height={48}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </section>
          )}
        </div>
      </div>
      <div className="site-footer__bottom">
        <p>{t('layout.footer.copyright', { year: new Date().getFullYear(), site: siteName })}</p>
      </div>
    </footer>
  );
}
