import { calls, type LoginChallenge, type LoginResult, loginResultSchema } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Tabs } from '@portal/ui/tabs';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { IconGamepad } from '@/components/ui/account-icons';
import { ApiError, apiCall } from '@/lib/api-client';
import { helpLinkState } from '@/lib/help-link';
import { openModal } from '@/lib/modals';
import { useFeature } from '@/lib/permission';
import { useRegisterSettings } from '../api/register-settings';
import { requestSmsCode } from '../api/sms';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-session-actions';
import { type AlertMessage, alertText, type FieldErrors, issuesByField, messageText } from '../utils/messages';
import { forgetRememberedLogin, readRememberedLogin, rememberLogin } from '../utils/remember-me';
import { compactPhone, isValidMobile, isValidSmsCode } from '../utils/validation';
import { AppDownload, type AppDownloadLink } from './app-download';
import { CaptchaField } from './captcha-field';
import { FormAlert } from './form-alert';
import { challengeOf, LoginVerificationStep } from './login-verification-step';
import { MobileField } from './mobile-field';
import { OidcButtons } from './oidc-buttons';
import { PasswordField } from './password-field';
import { SmsCodeField } from './sms-code-field';
import { useWarningDialog } from './warning-dialog';
import './auth.css';
import '@/locales/identity';

export type LoginModalProps = {
  onClose: () => void;
  /** The site's app download, when its resources offer one (spec section 2). */
  appDownload?: AppDownloadLink | null;
};

type Method = 'username' | 'sms';

const captchaCodes = new Set(['IDENTITY_CAPTCHA_REQUIRED', 'IDENTITY_CAPTCHA_INVALID']);

/** Whether a failed login asks for a captcha from now on (spec section 4: the failure carries the flag). */
function asksForCaptcha(error: unknown): boolean {
  return error instanceof ApiError && (error.params.captchaRequired === true || captchaCodes.has(error.code));
}

/**
 * The login popup (`loginPopupModal`, spec sections 2 and 4): username and password, or mobile number
 * and SMS code when verification-code login (SMSLOGIN3) is on; a captcha once the server asks for one;
 * remember me; links to forgot password and register; free play (FREEPLAY3); terms; app download.
 */
export function LoginModal({ onClose, appDownload }: LoginModalProps) {
  const { t } = useTranslation();
  const smsEnabled = useFeature('SMSLOGIN3');
  const freePlayEnabled = useFeature('FREEPLAY3');
  const forgotEnabled = useFeature('FORGOTPWD3');
  const forgotByEmail = useFeature('FORGOTPWDEMAIL3');
  const forgotByMobile = useFeature('FORGOTPWDMOBILE3');
  const registerEnabled = useFeature('REGISTER3');
  const registerByUsername = useFeature('USERNAMEREG3');
  const registerByMobile = useFeature('MOBILENUMREG3');
  const completeLogin = useCompleteLogin();
  const warning = useWarningDialog();

  const remembered = useMemo(readRememberedLogin, []);
  const [method, setMethod] = useState<Method>(
    smsEnabled && remembered.mobile !== null && remembered.username === null ? 'sms' : 'username',
  );
  const settings = useRegisterSettings({ enabled: smsEnabled && method === 'sms' }).data;
  const [username, setUsername] = useState(remembered.username ?? '');
  const [password, setPassword] = useState('');
  const [mobile, setMobile] = useState(remembered.mobile ?? '');
  const [dialingCode, setDialingCode] = useState<string | undefined>(undefined);
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(remembered.username !== null || remembered.mobile !== null);
  const [captchaAsked, setCaptchaAsked] = useState(false);
  // SMS code requests carry the human check (spec section 3); password logins only once the server asks.
  const captchaShown = method === 'sms' || captchaAsked;
  const captcha = useCaptcha(captchaShown);
  const [errors, setErrors] = useState<FieldErrors>({});
  const location = useLocation();
  // A one-click login that failed comes back to /login with the reason (`oidcError`, an error code).
  const [alert, setAlert] = useState<AlertMessage | null>(() => {
    const code = new URLSearchParams(location.search).get('oidcError');
    return code && /^[A-Z_]{3,60}$/.test(code) ? { key: `errors.${code}` } : null;
  });
  const [submitting, setSubmitting] = useState(false);
  const [startingFreePlay, setStartingFreePlay] = useState(false);
  // Set when the password was right but a second step is due (new IP or two-step verification).
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);

  const clearError = (field: string) => {
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setAlert(null);
  };

  const dialing = dialingCode ?? settings?.countryDialingCodes[0]?.code;
  const mobileBody = () => ({
    mobileNum: compactPhone(mobile),
    ...(dialing ? { countryDialingCode: dialing } : {}),
  });

  const failed = (error: unknown) => {
    if (asksForCaptcha(error)) setCaptchaAsked(true);
    const fieldErrors = issuesByField(error);
    if (error instanceof ApiError && captchaCodes.has(error.code)) {
      fieldErrors.captcha = { key: `errors.${error.code}` };
    }
    setErrors(fieldErrors);
    setAlert({ error });
  };

  const validateCodeRequest = (): boolean => {
    const next: FieldErrors = {};
    if (!isValidMobile(settings, mobile)) next.mobileNum = { key: 'registration.form.invalidMobileNumber' };
    if (captcha.answer.trim() === '') next.captcha = { key: 'registration.form.captchaRequired' };
    setErrors(next);
    setAlert(null);
    return Object.keys(next).length === 0;
  };

  const sendCode = async (): Promise<number | null> => {
    try {
      return await requestSmsCode(calls.smsLoginCode, { ...mobileBody(), purpose: 'login', ...captcha.fields });
    } catch (error) {
      if (error instanceof ApiError && captchaCodes.has(error.code)) {
        setErrors({ captcha: { key: `errors.${error.code}` } });
      }
      warning.show(alertText({ error }));
      return null;
    } finally {
      // Each captcha allows one request, whatever its outcome.
      void captcha.renew();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const next: FieldErrors = {};
    let message: AlertMessage | null = null;
    if (method === 'username') {
      if (username.trim() === '' || password === '') {
        message = { key: 'registration.form.usernamePasswordRequired' };
        if (username.trim() === '') next.username = { key: 'validation.required' };
        if (password === '') next.password = { key: 'validation.required' };
      }
      if (captchaAsked && captcha.answer.trim() === '') next.captcha = { key: 'registration.form.captchaRequired' };
    } else {
      if (!isValidMobile(settings, mobile)) next.mobileNum = { key: 'registration.form.invalidMobileNumber' };
      if (!isValidSmsCode(settings, code)) next.verificationCode = { key: 'registration.form.invalidVerificationCode' };
    }
    setErrors(next);
    setAlert(message);
    if (message || Object.keys(next).length > 0) return;

    setSubmitting(true);
    try {
      const body =
        method === 'username'
          ? { type: 'username' as const, username: username.trim(), password, ...captcha.fields }
          : { type: 'sms' as const, ...mobileBody(), verificationCode: code.trim() };
      const result = await apiCall(calls.login, { body, schema: loginResultSchema });
      await finishLogin(result);
    } catch (error) {
      if (method === 'username' && captchaAsked) void captcha.renew();
      const step = challengeOf(error);
      if (step) {
        setChallenge(step);
        setErrors({});
        setAlert(null);
        return;
      }
      failed(error);
    } finally {
      setSubmitting(false);
    }
  };

  const finishLogin = async (result: LoginResult) => {
    if (remember) rememberLogin(method, method === 'username' ? username.trim() : compactPhone(mobile));
    else forgetRememberedLogin();
    await completeLogin(result);
  };

  const startFreePlay = async () => {
    setStartingFreePlay(true);
    setAlert(null);
    try {
      const result = await apiCall(calls.freePlay, {
        body: { platform: 'W', os: navigator.platform.slice(0, 40) || 'web', gatewayVersion: 3 },
        schema: loginResultSchema,
      });
      await completeLogin(result, { landing: '/' });
    } catch (error) {
      setAlert({ error });
    } finally {
      setStartingFreePlay(false);
    }
  };

  const busy = submitting || startingFreePlay;
  const showForgot = forgotEnabled && (forgotByEmail || forgotByMobile);
  const showRegister = registerEnabled && (registerByUsername || registerByMobile);

  const form = (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('authForms.login.title')}>
      <fieldset className="auth-form__fields" disabled={busy}>
        {method === 'username' ? (
          <>
            <Input
              label={t('authForms.fields.username')}
              name="username"
              value={username}
              onChange={(event) => {
                setUsername(event.target.value);
                clearError('username');
              }}
              error={messageText(errors.username)}
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={64}
              placeholder={t('authForms.placeholders.username')}
              required
            />
            <PasswordField
              label={t('authForms.fields.password')}
              name="password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                clearError('password');
              }}
              error={messageText(errors.password)}
              autoComplete="current-password"
              maxLength={128}
              placeholder={t('authForms.placeholders.password')}
              required
            />
            {captchaAsked && (
              <CaptchaField state={captcha} error={messageText(errors.captcha)} onEdit={() => clearError('captcha')} />
            )}
          </>
        ) : (
          <>
            <MobileField
              value={mobile}
              onChange={(value) => {
                setMobile(value);
                clearError('mobileNum');
              }}
              dialingCode={dialing}
              onDialingCodeChange={setDialingCode}
              settings={settings}
              error={messageText(errors.mobileNum)}
            />
            <CaptchaField state={captcha} error={messageText(errors.captcha)} onEdit={() => clearError('captcha')} />
            <SmsCodeField
              value={code}
              onChange={(value) => {
                setCode(value);
                clearError('verificationCode');
              }}
              onValidate={validateCodeRequest}
              onSend={sendCode}
              error={messageText(errors.verificationCode)}
            />
          </>
        )}
        <div className="auth-form__row">
          <Checkbox
            label={t('authForms.login.rememberMe')}
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          {showForgot && (
            <button type="button" className="auth-link" onClick={() => openModal('forgetPassModal')}>
              {t('authForms.login.forgotPassword')}
            </button>
          )}
        </div>
        <FormAlert message={alertText(alert)} />
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {t('authForms.login.submit')}
        </Button>
        {freePlayEnabled && (
          <Button
            variant="secondary"
            size="lg"
            fullWidth
            icon={<IconGamepad size={18} />}
            loading={startingFreePlay}
            onClick={() => void startFreePlay()}
          >
            {t('authForms.login.freePlay')}
          </Button>
        )}
      </fieldset>
    </form>
  );

  const loginForm = smsEnabled ? (
    <Tabs
      variant="pill"
      className="auth-tabs"
      label={t('authForms.login.method')}
      value={method}
      onChange={(id) => {
        setMethod(id as Method);
        setErrors({});
        setAlert(null);
      }}
      items={[
        { id: 'username', label: t('authForms.login.byUsername') },
        { id: 'sms', label: t('authForms.login.bySms') },
      ]}
    >
      {form}
    </Tabs>
  ) : (
    form
  );

  return (
    <Modal
      open
      closeLabel={t('ui.close')}
      onClose={onClose}
      title={t('authForms.login.title')}
      size="sm"
      closeOnBackdrop={false}
      className="auth-modal"
    >
      {challenge ? (
        <LoginVerificationStep
          challenge={challenge}
          onVerified={finishLogin}
          onBack={(error) => {
            setChallenge(null);
            setPassword('');
            setAlert(error ? { error } : null);
          }}
        />
      ) : (
        <>
          <div className="auth-intro">
            <p className="auth-intro__title">{t('authForms.login.welcome')}</p>
            <p className="auth-intro__text">{t('authForms.login.intro')}</p>
          </div>
          {loginForm}
          <OidcButtons />
        </>
      )}
      <div className="auth-footer">
        {showRegister && (
          <p>
            {t('authForms.login.noAccount')}{' '}
            <button type="button" className="auth-link auth-link--strong" onClick={() => openModal('registerModal')}>
              {t('authForms.login.registerNow')}
            </button>
          </p>
        )}
        <p className="auth-footer__terms">
          {t('authForms.login.termsLead')}{' '}
          <Link to="/help#term" state={helpLinkState} preventScrollReset>
            {t('authForms.termsLink')}
          </Link>
        </p>
        {appDownload && <AppDownload link={appDownload} />}
      </div>
      {warning.element}
    </Modal>
  );
}
