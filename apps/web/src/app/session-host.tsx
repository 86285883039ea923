import { Spinner } from '@portal/ui/spinner';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { AppDownloadLink } from '@/features/auth/components/app-download';
import { visibleResources } from '@/features/resources/components/visible-resources';
import { closeModal, openModal, useActiveModal } from '@/lib/modals';
import { isFeatureEnabled, usePermission } from '@/lib/permission';
import { useServerLanguageSync, useSession } from '@/lib/session';
import { getToken, readStorage, storageKeys } from '@/lib/storage';
import { RouteErrorBoundary } from './layout/route-error-boundary';

// The identity dialogs load on demand: most visits never open them, and the first paint stays light.
const LoginModal = lazy(() =>
  import('@/features/auth/components/login-modal').then((module) => ({ default: module.LoginModal })),
);
const RegisterModal = lazy(() =>
  import('@/features/auth/components/register-modal').then((module) => ({ default: module.RegisterModal })),
);
const ForgotPasswordModal = lazy(() =>
  import('@/features/auth/components/forgot-password-modal').then((module) => ({
    default: module.ForgotPasswordModal,
  })),
);
const ChangePasswordModal = lazy(() =>
  import('@/features/auth/components/change-password-modal').then((module) => ({
    default: module.ChangePasswordModal,
  })),
);
const ResetPasswordModal = lazy(() =>
  import('@/features/auth/components/reset-password-modal').then((module) => ({
    default: module.ResetPasswordModal,
  })),
);
const LogoutConfirmModal = lazy(() =>
  import('@/features/auth/components/logout-confirm-modal').then((module) => ({
    default: module.LogoutConfirmModal,
  })),
);

const appDownloadTypes = ['ANDROID', 'IOS', 'LITE_APP'];

/**
 * Everything about the session that is not a page: the named identity modals (spec section 2), the
 * routes that open them (/login, /register), the forced change-password step, the e-mailed reset link,
 * and telling the server about language changes while logged in. Mounted once, beside the routes.
 */
export function SessionHost() {
  const { t } = useTranslation();
  const permission = usePermission();
  const session = useSession();
  const active = useActiveModal();
  const location = useLocation();
  const navigate = useNavigate();
  useServerLanguageSync();

  const path = location.pathname.toLowerCase();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes on every navigation, also to the same path.
  useEffect(() => {
    if (path === '/login') {
      // Spec section 2: /login is the home page with the login popup open, then the address becomes /.
      if (!getToken()) openModal('loginPopupModal');
      navigate('/', { replace: true });
    } else if (path === '/register') {
      openModal('registerModal');
    }
  }, [path, location.key, navigate]);

  useEffect(() => {
    if (readStorage('sessionStorage', storageKeys.resetPasswordToken)) openModal('resetPassModal');
  }, []);

  const appDownload = (() => {
    const resource = visibleResources(permission.info.resources, {
      appDownloadEnabled: isFeatureEnabled(permission, 'APPDOWNLOAD3'),
    }).find((entry) => appDownloadTypes.includes(entry.resourceType.toUpperCase()));
    if (!resource) return null;
    return { href: resource.href, type: resource.resourceType.toUpperCase() as AppDownloadLink['type'] };
  })();

  const leaveRegister = () => {
    closeModal('registerModal');
    if (location.pathname.toLowerCase() === '/register') navigate('/', { replace: true });
  };

  let modal: ReactNode = null;
  if (session.status === 'passwordChange') {
    // The forced step stays open until the password is changed or the player signs out.
    modal = <ChangePasswordModal forced onClose={() => undefined} />;
  } else if (active) {
    const close = () => closeModal(active.name);
    switch (active.name) {
      case 'loginPopupModal':
        modal = <LoginModal onClose={close} appDownload={appDownload} />;
        break;
      case 'registerModal':
        modal = <RegisterModal onClose={leaveRegister} appDownload={appDownload} />;
        break;
      case 'forgetPassModal':
        modal = <ForgotPasswordModal onClose={close} />;
        break;
      case 'changePassModal':
        modal = <ChangePasswordModal onClose={close} />;
        break;
      case 'resetPassModal':
        modal = <ResetPasswordModal onClose={close} />;
        break;
      case 'logoutConfirm':
        modal = <LogoutConfirmModal onClose={close} redirectTo={active.params.redirectTo} />;
        break;
    }
  }
  if (!modal) return null;

  return (
    <RouteErrorBoundary resetKey={active?.name ?? session.status}>
      <Suspense fallback={<ModalLoading label={t('app.loading')} />}>{modal}</Suspense>
    </RouteErrorBoundary>
  );
}

/** While a dialog's code loads: the dimmed backdrop and a spinner, so the click visibly did something. */
function ModalLoading({ label }: { label: string }) {
  return (
    <div className="modal-loading">
      <Spinner size="lg" label={label} />
    </div>
  );
}
