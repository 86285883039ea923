import { Trans, useTranslation } from 'react-i18next';
import { CustomerServiceLinks } from '@/features/customer-service/components/customer-service-links';
import { usePermission } from '@/lib/permission';
import './home.css';

/**
 * The home route (/, /index, /index.html, /home, and behind the /help modal). It shows only what the
 * site configuration provides; the game lanes, banners and winners board arrive with their issues.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const { info } = usePermission();
  const site = info.siteName;
  return (
    <div className="home">
      <title>{site}</title>
      <section className="home-hero" aria-labelledby="home-title">
        <div className="home-hero__content">
          <h1 id="home-title" className="home-hero__title">
            <Trans
              i18nKey="home.welcome"
              values={{ site }}
              components={{ site: <span className="home-hero__site" /> }}
            />
          </h1>
          <p className="home-hero__tagline">{t('home.tagline')}</p>
        </div>
        <div className="home-hero__art" aria-hidden="true">
          <span className="home-hero__card home-hero__card--back">♣</span>
          <span className="home-hero__card home-hero__card--front">♠</span>
          <span className="home-hero__chip" />
          <span className="home-hero__chip home-hero__chip--small" />
        </div>
      </section>
      {info.customerService.length > 0 && (
        <section className="home-support" aria-labelledby="home-support-title">
          <div className="home-support__intro">
            <h2 id="home-support-title" className="home-support__title">
              {t('home.supportTitle')}
            </h2>
            <p className="home-support__body">{t('home.supportBody')}</p>
          </div>
          <CustomerServiceLinks entries={info.customerService} variant="cards" />
        </section>
      )}
    </div>
  );
}
