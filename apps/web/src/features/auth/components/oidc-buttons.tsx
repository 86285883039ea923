import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useFeature } from '@/lib/permission';
import { oidcStartUrl, useOidcProviders } from '../api/oidc';
import '@/locales/identity';

/**
 * Third-party one-click login (spec section 2: Google/Facebook; any OpenID Connect provider the site configures),
 * shown while OAUTHLOGIN3 is on and at least one provider is configured. Each is a plain link: the browser goes
 * to the provider and comes back logged in.
 */
export function OidcButtons() {
  const { t } = useTranslation();
  const enabled = useFeature('OAUTHLOGIN3');
  const providers = useOidcProviders(enabled).data ?? [];
  const location = useLocation();
  if (!enabled || providers.length === 0) return null;
  // Back to where the player was, without the login route itself.
  const returnTo = location.pathname === '/login' ? '/' : `${location.pathname}${location.search}`;
  return (
    <div className="auth-oidc">
      <p className="auth-oidc__divider">
        <span>{t('authForms.oidc.or')}</span>
      </p>
      <div className="auth-oidc__buttons">
        {providers.map((provider) => (
          <a
            key={provider.id}
            className="ui-button ui-button--secondary ui-button--md ui-button--full auth-oidc__button"
            href={oidcStartUrl(provider.id, returnTo)}
          >
            <span className="auth-oidc__mark" aria-hidden="true">
              {provider.label.slice(0, 1).toUpperCase()}
            </span>
            {t('authForms.oidc.continueWith', { provider: provider.label })}
          </a>
        ))}
      </div>
    </div>
  );
}
