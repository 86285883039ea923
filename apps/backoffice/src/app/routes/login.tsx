import { Spinner } from '@portal/ui/spinner';
import { Wordmark } from '@portal/ui/wordmark';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { SignInFlow } from '@/features/auth/components/sign-in-flow';
import { useMe } from '@/lib/session';
import { useSiteName } from '@/lib/site-name';
import { LanguageToggle } from '../layout/language-toggle';
import { consolePaths, type LoginReason } from '../paths';

type LoginState = { reason?: LoginReason; from?: string } | null;

/** The sign-in page; an operator who already has a session goes straight to the console. */
export function LoginRoute() {
  const { t } = useTranslation();
  const me = useMe();
  const siteName = useSiteName();
  const navigate = useNavigate();
  const state = (useLocation().state ?? null) as LoginState;
  const target = state?.from && state.from !== consolePaths.login ? state.from : consolePaths.settings;

  if (me.isPending) {
    return (
      <main className="bo-center-screen">
        <Spinner size="lg" label={t('app.loading')} />
      </main>
    );
  }
  if (me.data) return <Navigate to={target} replace />;

  const notice =
    state?.reason === 'expired' ? t('auth.sessionEnded') : state?.reason === 'signedOut' ? t('auth.signedOut') : null;

  return (
    <main className="bo-center-screen bo-login">
      <div className="bo-login__top">
        <LanguageToggle />
      </div>
      <div className="bo-login__brand">
        <Wordmark name={siteName ?? t('app.title')} size="lg" />
        <span className="bo-login__product">{t('auth.consoleName')}</span>
      </div>
      <div className="bo-auth-card">
        <SignInFlow notice={notice} onSignedIn={() => navigate(target, { replace: true })} />
      </div>
    </main>
  );
}
