import { IconClock } from '@portal/ui/icons';
import { Wordmark } from '@portal/ui/wordmark';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconChart, IconCoins, IconUsers } from '@/components/ui/account-icons';
import './agent.css';
import '@/locales/identity';

export type AgentLandingProps = {
  siteName: string;
  /** The agent login form. */
  loginForm: ReactNode;
  /** Right of the top bar: the language switcher. */
  toolbar?: ReactNode;
};

const benefits = [
  { id: 'team', Icon: IconUsers },
  { id: 'reports', Icon: IconChart },
  { id: 'contracts', Icon: IconCoins },
  { id: 'realtime', Icon: IconClock },
] as const;

/**
 * The agent landing page (/agent, spec section 2): what the agent programme offers, its own login form
 * and a copyright line. It stands apart from the player site's header and footer.
 */
export function AgentLanding({ siteName, loginForm, toolbar }: AgentLandingProps) {
  const { t } = useTranslation();
  return (
    <div className="agent-page agent-page--landing">
      <title>{`${t('agent.landing.pageTitle')} · ${siteName}`}</title>
      <header className="agent-page__top">
        <Link to="/" className="agent-page__brand" aria-label={`${siteName} — ${t('layout.home')}`}>
          <Wordmark name={siteName} size="sm" />
        </Link>
        <div className="agent-page__tools">{toolbar}</div>
      </header>
      <main className="agent-landing">
        <section className="agent-landing__pitch" aria-labelledby="agent-landing-title">
          <p className="agent-landing__eyebrow">{t('agent.landing.eyebrow')}</p>
          <h1 id="agent-landing-title" className="agent-landing__title">
            {t('agent.landing.title', { site: siteName })}
          </h1>
          <p className="agent-landing__lead">{t('agent.landing.lead')}</p>
          <ul className="agent-landing__benefits">
            {benefits.map(({ id, Icon }) => (
              <li key={id} className="agent-landing__benefit">
                <span className="agent-landing__benefit-icon" aria-hidden="true">
                  <Icon size={22} />
                </span>
                <div>
                  <p className="agent-landing__benefit-title">{t(`agent.landing.benefits.${id}.title`)}</p>
                  <p className="agent-landing__benefit-text">{t(`agent.landing.benefits.${id}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section className="agent-landing__login" aria-labelledby="agent-login-title">
          <h2 id="agent-login-title" className="agent-landing__login-title">
            {t('agent.login.title')}
          </h2>
          <p className="agent-landing__login-text">{t('agent.login.intro')}</p>
          {loginForm}
          <p className="agent-landing__player">
            {t('agent.landing.playerLead')} <Link to="/">{t('agent.landing.playerLink', { site: siteName })}</Link>
          </p>
        </section>
      </main>
      <footer className="agent-page__footer">
        <p>{t('layout.footer.copyright', { year: new Date().getFullYear(), site: siteName })}</p>
        <p className="agent-page__responsible">{t('layout.footer.responsible')}</p>
      </footer>
    </div>
  );
}
