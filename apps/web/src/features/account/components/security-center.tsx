import type { MemberInfo } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconClock, IconMail, IconPhone } from '@portal/ui/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconLock, IconShield, IconUser } from '@/components/ui/account-icons';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import './security-center.css';
import '@/locales/identity';

export type SecurityCenterProps = {
  info: MemberInfo;
  /** Opens the change-password dialog. */
  onChangePassword: () => void;
  /** The security settings below the cards (bindings, two-step verification, recent logins), from the route. */
  children?: ReactNode;
};

/**
 * The member centre's default page, securityCenter ("My account", spec section 2): who the account is,
 * its bound contacts (masked by the server), the previous login and the password. The other member-centre
 * pages (wallet, records, rewards…) arrive with their features.
 */
export function SecurityCenter({ info, onChangePassword, children }: SecurityCenterProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const name = info.nickname?.trim() || info.account;
  const role = info.isAgent ? 'agent' : 'member';

  return (
    <div className="security-center">
      <section className="security-center__profile" aria-labelledby="security-center-title">
        <span className="security-center__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <div className="security-center__identity">
          <p className="security-center__eyebrow">{t('account.securityCenter')}</p>
          <h1 id="security-center-title" className="security-center__title">
            {t('account.title')}
          </h1>
          <p className="security-center__name">
            {name}
            <span className={`security-center__role security-center__role--${role}`}>
              {t(`auth.account.roles.${role}`)}
            </span>
          </p>
        </div>
      </section>

      <div className="security-center__grid">
        <section className="security-center__card" aria-labelledby="security-center-details">
          <h2 id="security-center-details" className="security-center__card-title">
            <IconUser size={18} />
            {t('account.details')}
          </h2>
          <dl className="security-center__list">
            <Row label={t('account.account')} value={info.account} />
            <Row label={t('account.nickname')} value={info.nickname} empty={t('account.notSet')} />
            <Row
              label={t('account.mobile')}
              value={info.mobile}
              empty={t('account.notBound')}
              icon={<IconPhone size={16} />}
            />
            <Row
              label={t('account.email')}
              value={info.email}
              empty={t('account.notBound')}
              icon={<IconMail size={16} />}
            />
          </dl>
        </section>

        <section className="security-center__card" aria-labelledby="security-center-security">
          <h2 id="security-center-security" className="security-center__card-title">
            <IconShield size={18} />
            {t('account.security')}
          </h2>
          <dl className="security-center__list">
            <div className="security-center__row">
              <dt>{t('account.lastLogin')}</dt>
              <dd>
                {info.lastLogin ? (
                  <span className="security-center__login">
                    <IconClock size={16} />
                    <time dateTime={info.lastLogin.at}>{formatDateTime(info.lastLogin.at, language)}</time>
                    {info.lastLogin.ip && <span className="security-center__ip">{info.lastLogin.ip}</span>}
                  </span>
                ) : (
                  <span className="security-center__muted">{t('account.firstLogin')}</span>
                )}
              </dd>
            </div>
          </dl>
          <div className="security-center__password">
            <span className="security-center__password-icon" aria-hidden="true">
              <IconLock size={20} />
            </span>
            <div className="security-center__password-text">
              <p className="security-center__password-title">{t('account.password')}</p>
              <p className="security-center__muted">
                {info.hasPassword ? t('account.passwordSet') : t('account.passwordNotSet')}
              </p>
            </div>
            <Button variant="secondary" size="sm" onClick={onChangePassword}>
              {info.hasPassword ? t('auth.account.changePassword') : t('account.setPassword')}
            </Button>
          </div>
        </section>
      </div>
      {children}
    </div>
  );
}

function Row({ label, value, empty, icon }: { label: string; value: string | null; empty?: string; icon?: ReactNode }) {
  return (
    <div className="security-center__row">
      <dt>{label}</dt>
      <dd>
        {value ? (
          <span className="security-center__value">
            {icon}
            {value}
          </span>
        ) : (
          <span className="security-center__muted">{empty}</span>
        )}
      </dd>
    </div>
  );
}
