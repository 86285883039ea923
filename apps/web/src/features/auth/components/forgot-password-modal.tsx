import { calls, forgotPasswordByEmailResultSchema, loginResultSchema, type RegisterSettings } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { EmptyState } from '@portal/ui/empty-state';
import { IconAlert } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Skeleton } from '@portal/ui/skeleton';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '@/lib/api-client';
import { closeModal, openModal } from '@/lib/modals';
import { useFeature } from '@/lib/permission';
import { useRegisterSettings } from '../api/register-settings';
import { requestSmsCode } from '../api/sms';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-session-actions';
import { type AlertMessage, alertText, type FieldErrors, issuesByField, messageText } from '../utils/messages';
import {
  compactPhone,
  confirmationMessage,
  fieldRule,
  isValidMobile,
  isValidSmsCode,
  newPasswordMessage,
  ruleDescription,
  ruleMessage,
} from '../utils/validation';
import { CaptchaField } from './captcha-field';
import { FormAlert } from './form-alert';
import { MobileField } from './mobile-field';
import { PasswordField } from './password-field';
import { SmsCodeField } from './sms-code-field';
import { useWarningDialog } from './warning-dialog';
import './auth.css';
import '@/locales/identity';

type Mode = 'mobile' | 'email';

const captchaCodes = new Set(['IDENTITY_CAPTCHA_REQUIRED', 'IDENTITY_CAPTCHA_INVALID']);

/**
 * Forgot password (`forgetPassModal`, spec sections 2 and 4): by e-mail (username and e-mail; the server
 * e-mails a reset link and the modal shows the sent notice) or by mobile (number, SMS code and the new
 * password; success logs the member in and goes home). Mobile is the default when FORGOTPWDMOBILE3 is on.
 */
export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const byMobile = useFeature('FORGOTPWDMOBILE3');
  const byEmail = useFeature('FORGOTPWDEMAIL3');
  const modes = ([byMobile && 'mobile', byEmail && 'email'] as const).filter((mode): mode is Mode => Boolean(mode));
  const [mode, setMode] = useState<Mode>(modes[0] ?? 'email');
  // The rules judge formats before sending; without them (registration switched off) the server judges alone.
  const settingsQuery = useRegisterSettings({ enabled: modes.length > 0 });
  const settings = settingsQuery.data;

  let content = <EmptyState icon={<IconAlert size={28} />} title={t('authForms.forgot.unavailable')} />;
  if (modes.length > 0 && settingsQuery.isLoading) {
    content = (
      <div className="auth-skeleton" aria-busy="true">
        <Skeleton height={40} radius={999} />
        {[1, 2].map((row) => (
          <div key={row} className="auth-skeleton__field">
            <Skeleton width="35%" />
            <Skeleton height={46} radius={10} />
          </div>
        ))}
      </div>
    );
  } else if (modes.length > 0) {
    const form = mode === 'mobile' ? <ByMobileForm settings={settings} /> : <ByEmailForm settings={settings} />;
    content =
      modes.length > 1 ? (
        <Tabs
          variant="pill"
          className="auth-tabs"
          label={t('authForms.forgot.method')}
          value={mode}
          onChange={(id) => setMode(id as Mode)}
          items={modes.map((id) => ({
            id,
            label: t(id === 'mobile' ? 'authForms.forgot.byMobile' : 'authForms.forgot.byEmail'),
          }))}
        >
          {form}
        </Tabs>
      ) : (
        form
      );
  }

  return (
    <Modal
      open
      closeLabel={t('ui.close')}
      onClose={onClose}
      title={t('authForms.forgot.title')}
      size="sm"
      closeOnBackdrop={false}
      className="auth-modal"
    >
      <div className="auth-intro">
        <p className="auth-intro__text">
          {t(mode === 'mobile' ? 'authForms.forgot.introMobile' : 'authForms.forgot.introEmail')}
        </p>
      </div>
      {content}
      <div className="auth-footer">
        <p>
          {t('authForms.forgot.remembered')}{' '}
          <button type="button" className="auth-link auth-link--strong" onClick={() => openModal('loginPopupModal')}>
            {t('authForms.register.loginNow')}
          </button>
        </p>
      </div>
    </Modal>
  );
}

function ByEmailForm({ settings }: { settings: RegisterSettings | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const next: FieldErrors = {};
    const usernameError = ruleMessage(fieldRule(settings, 'username'), username.trim(), { required: true });
    if (usernameError) {
      next.username =
        'key' in usernameError && usernameError.key === 'validation.required'
          ? usernameError
          : { key: 'registration.form.accountFormat' };
    }
    const emailError = ruleMessage(fieldRule(settings, 'email'), email.trim(), { required: true });
    if (emailError) {
      next.email =
        'key' in emailError && emailError.key === 'validation.required'
          ? emailError
          : { key: 'registration.form.emailFormat' };
    }
    setErrors(next);
    setAlert(null);
    if (Object.keys(next).length > 0) return;
    setSubmitting(true);
    try {
      await apiCall(calls.forgotPasswordByEmail, {
        body: { username: username.trim(), email: email.trim() },
        schema: forgotPasswordByEmailResultSchema,
      });
      // Spec section 4: the sent notice, and the popup closes.
      toast.show({
        tone: 'success',
        title: t('authForms.forgot.sentTitle'),
        message: t('prompts.in_been_out'),
        durationMs: 8000,
      });
      closeModal('forgetPassModal');
    } catch (failure) {
      setErrors(issuesByField(failure));
      setAlert({ error: failure });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('authForms.forgot.byEmail')}>
      <fieldset className="auth-form__fields" disabled={submitting}>
        <Input
          label={t('authForms.fields.username')}
          name="username"
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setErrors(({ username: _cleared, ...rest }) => rest);
          }}
          error={messageText(errors.username)}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={64}
          required
        />
        <Input
          label={t('authForms.fields.email')}
          name="email"
          type="email"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors(({ email: _cleared, ...rest }) => rest);
          }}
          error={messageText(errors.email)}
          autoComplete="email"
          maxLength={160}
          placeholder={t('authForms.placeholders.email')}
          required
        />
        <FormAlert message={alertText(alert)} />
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {t('authForms.forgot.sendLink')}
        </Button>
      </fieldset>
    </form>
  );
}

function ByMobileForm({ settings }: { settings: RegisterSettings | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const completeLogin = useCompleteLogin();
  const warning = useWarningDialog();
  const captcha = useCaptcha(true);
  const [mobile, setMobile] = useState('');
  const [dialingCode, setDialingCode] = useState<string | undefined>(undefined);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const dialing = dialingCode ?? settings?.countryDialingCodes[0]?.code;
  const mobileBody = () => ({ mobileNum: compactPhone(mobile), ...(dialing ? { countryDialingCode: dialing } : {}) });
  const clear = (field: string) => {
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setAlert(null);
  };

  const validateCodeRequest = (): boolean => {
    const next: FieldErrors = {};
    if (!isValidMobile(settings, mobile)) next.mobileNum = { key: 'registration.form.invalidMobileNumber' };
    if (captcha.answer.trim() === '') next.captcha = { key: 'registration.form.captchaRequired' };
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const sendCode = async (): Promise<number | null> => {
    try {
      return await requestSmsCode(calls.smsLoginCode, { ...mobileBody(), purpose: 'resetPassword', ...captcha.fields });
    } catch (failure) {
      if (failure instanceof ApiError && captchaCodes.has(failure.code)) {
        setErrors({ captcha: { key: `errors.${failure.code}` } });
      }
      warning.show(alertText({ error: failure }));
      return null;
    } finally {
      void captcha.renew();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const next: FieldErrors = {};
    if (!isValidMobile(settings, mobile)) next.mobileNum = { key: 'registration.form.invalidMobileNumber' };
    if (!isValidSmsCode(settings, code)) next.verificationCode = { key: 'registration.form.invalidVerificationCode' };
    const passwordError = newPasswordMessage(settings, newPassword);
    if (passwordError) next.newPassword = passwordError;
    const confirmError = confirmationMessage(newPassword, confirmation);
    if (confirmError) next.confirmNewPassword = confirmError;
    setErrors(next);
    setAlert(null);
    if (Object.keys(next).length > 0) return;
    setSubmitting(true);
    try {
      const result = await apiCall(calls.forgotPasswordByPhone, {
        body: { ...mobileBody(), verificationCode: code.trim(), newPassword, confirmNewPassword: confirmation },
        schema: loginResultSchema,
      });
      await completeLogin(result, { landing: '/' });
      toast.success(t('authForms.forgot.resetDone'));
    } catch (failure) {
      const fieldErrors = issuesByField(failure);
      if (failure instanceof ApiError && failure.code.startsWith('IDENTITY_SMS_CODE')) {
        fieldErrors.verificationCode = { key: `errors.${failure.code}` };
      }
      setErrors(fieldErrors);
      setAlert({ error: failure });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('authForms.forgot.byMobile')}>
      <fieldset className="auth-form__fields" disabled={submitting}>
        <MobileField
          value={mobile}
          onChange={(value) => {
            setMobile(value);
            clear('mobileNum');
          }}
          dialingCode={dialing}
          onDialingCodeChange={setDialingCode}
          settings={settings}
          error={messageText(errors.mobileNum)}
        />
        <CaptchaField state={captcha} error={messageText(errors.captcha)} onEdit={() => clear('captcha')} />
        <SmsCodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            clear('verificationCode');
          }}
          onValidate={validateCodeRequest}
          onSend={sendCode}
          error={messageText(errors.verificationCode)}
        />
        <PasswordField
          label={t('authForms.fields.newPassword')}
          name="newPassword"
          hint={settings?.fields.password ? messageText(ruleDescription(settings.fields.password)) : undefined}
          value={newPassword}
          onChange={(event) => {
            setNewPassword(event.target.value);
            clear('newPassword');
          }}
          error={messageText(errors.newPassword)}
          autoComplete="new-password"
          maxLength={128}
          required
        />
        <PasswordField
          label={t('authForms.fields.confirmNewPassword')}
          name="confirmNewPassword"
          value={confirmation}
          onChange={(event) => {
            setConfirmation(event.target.value);
            clear('confirmNewPassword');
          }}
          error={messageText(errors.confirmNewPassword)}
          autoComplete="new-password"
          maxLength={128}
          required
        />
        <FormAlert message={alertText(alert)} />
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {t('authForms.forgot.resetSubmit')}
        </Button>
      </fieldset>
      {warning.element}
    </form>
  );
}
