import type { MemberInfo } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconClock } from '@portal/ui/icons';
import { useToast } from '@portal/ui/toast';
import { Wordmark } from '@portal/ui/wordmark';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCopy, IconLogout } from '@/components/ui/account-icons';
import { formatDateTime } from '@/lib/format';
import { languageLocales, useCurrentLanguage } from '@/lib/i18n';
import './agent.css';
import '@/locales/identity';

export type AgentHomeProps = {
  siteName: string;
  info: MemberInfo;
  onSignOut: () => void;
  toolbar?: ReactNode;
};

/** "GMT+06:00": the offset of the browser's time zone, which the clock beside it shows. */
export function gmtOffsetLabel(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  return `GMT${sign}${hours}:${String(absolute % 60).padStart(2, '0')}`;
}

/** The current time, updated every second on the second. */
function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = new Date();
      setNow(current);
      timer = setTimeout(tick, 1000 - current.getMilliseconds());
    };
    timer = setTimeout(tick, 1000 - new Date().getMilliseconds());
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/**
 * The agent centre shell (/agentHome, spec section 2): the agent header with the GMT offset, a clock
 * updated every second, the agent's name and sign-out, and the agent's own account. The agent pages
 * (team overview, downline, reports, contracts) arrive with the agents module.
 */
export function AgentHome({ siteName, info, onSignOut, toolbar }: AgentHomeProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = useCurrentLanguage();
  const now = useClock();
  const name = info.nickname?.trim() || info.account;
  const time = new Intl.DateTimeFormat(languageLocales[language], {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  const date = new Intl.DateTimeFormat(languageLocales[language], { dateStyle: 'medium' }).format(now);

  const copyInviteCode = async () => {
    if (!info.inviteCode) return;
    try {
      await navigator.clipboard.writeText(info.inviteCode);
      toast.success(t('agent.home.copied'));
    } catch {
      toast.error(t('agent.home.copyFailed'));
    }
  };

  return (
    <div className="agent-page">
      <title>{`${t('agent.home.pageTitle')} · ${siteName}`}</title>
      <header className="agent-home__bar">
        <div className="agent-home__bar-inner">
          <div className="agent-home__brand">
            <Wordmark name={siteName} size="sm" />
            <span className="agent-home__label">{t('agent.home.label')}</span>
          </div>
          <div className="agent-home__tools">
            <p className="agent-home__clock">
              <IconClock size={16} />
              <span className="agent-home__gmt">{gmtOffsetLabel(now)}</span>
              <time role="timer" aria-label={t('agent.home.clock')} dateTime={now.toISOString()}>
                {time}
              </time>
            </p>
            {toolbar}
            <span className="agent-home__who" title={info.account}>
              <span className="agent-home__avatar" aria-hidden="true">
                {name.slice(0, 1).toUpperCase()}
              </span>
              <span className="agent-home__name">{name}</span>
            </span>
            <Button variant="secondary" size="sm" icon={<IconLogout size={16} />} onClick={onSignOut}>
              {t('auth.account.signOut')}
            </Button>
          </div>
        </div>
      </header>
      <main className="agent-home">
        <section className="agent-home__welcome" aria-labelledby="agent-home-title">
          <p className="agent-landing__eyebrow">{date}</p>
          <h1 id="agent-home-title" className="agent-home__title">
            {t('agent.home.welcome', { name })}
          </h1>
          <p className="agent-home__lead">{t('agent.home.lead')}</p>
        </section>
        <section className="agent-home__card" aria-labelledby="agent-home-account">
          <h2 id="agent-home-account" className="agent-home__card-title">
            {t('agent.home.account')}
          </h2>
          <dl className="agent-home__list">
            <div>
              <dt>{t('account.account')}</dt>
              <dd>{info.account}</dd>
            </div>
            <div>
              <dt>{t('account.nickname')}</dt>
              <dd>{info.nickname ?? <span className="agent-home__muted">{t('account.notSet')}</span>}</dd>
            </div>
            <div>
              <dt>{t('agent.home.inviteCode')}</dt>
              <dd>
                {info.inviteCode ? (
                  <span className="agent-home__code">
                    <code>{info.inviteCode}</code>
                    <button
                      type="button"
                      className="agent-home__copy"
                      onClick={() => void copyInviteCode()}
                      aria-label={t('agent.home.copy')}
                      title={t('agent.home.copy')}
                    >
                      <IconCopy size={16} />
                    </button>
                  </span>
                ) : (
                  <span className="agent-home__muted">{t('account.notSet')}</span>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('account.lastLogin')}</dt>
              <dd>
                {info.lastLogin ? (
                  <>
                    {formatDateTime(info.lastLogin.at, language)}
                    {info.lastLogin.ip && <span className="agent-home__ip">{info.lastLogin.ip}</span>}
                  </>
                ) : (
                  <span className="agent-home__muted">{t('account.firstLogin')}</span>
                )}
              </dd>
            </div>
          </dl>
        </section>
      </main>
      <footer className="agent-page__footer">
        <p>{t('layout.footer.copyright', { year: now.getFullYear(), site: siteName })}</p>
      </footer>
    </div>
  );
}
