import { calls, type LoginChallenge, loginResultSchema } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '@/lib/api-client';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-session-actions';
import { type AlertMessage, alertText, type FieldErrors, issuesByField, messageText } from '../utils/messages';
import { CaptchaField } from './captcha-field';
import { FormAlert } from './form-alert';
import { challengeOf, LoginVerificationStep } from './login-verification-step';
import { PasswordField } from './password-field';
import './auth.css';
import '@/locales/identity';

const captchaCodes = new Set(['IDENTITY_CAPTCHA_REQUIRED', 'IDENTITY_CAPTCHA_INVALID']);

/**
 * The agent landing page's own login form (spec section 2, /agent): agent scope, so the server refuses
 * every other account with "Non-agents cannot log in" (section 8). Success opens the agent centre.
 */
export function AgentLoginForm() {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const captcha = useCaptcha(captchaAsked);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The second step of a login from a new network or with two-step verification on.
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);

  const clear = (field: string) => {
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setAlert(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const next: FieldErrors = {};
    let message: AlertMessage | null = null;
    if (username.trim() === '' || password === '') {
      message = { key: 'registration.form.usernamePasswordRequired' };
      if (username.trim() === '') next.username = { key: 'validation.required' };
      if (password === '') next.password = { key: 'validation.required' };
    }
    if (captchaAsked && captcha.answer.trim() === '') next.captcha = { key: 'registration.form.captchaRequired' };
    setErrors(next);
    setAlert(message);
    if (message || Object.keys(next).length > 0) return;
    setSubmitting(true);
    try {
      const result = await apiCall(calls.agentLogin, {
        body: { type: 'username', username: username.trim(), password, scope: 'agent', ...captcha.fields },
        schema: loginResultSchema,
      });
      await completeLogin(result, { landing: '/agentHome' });
    } catch (failure) {
      if (captchaAsked) void captcha.renew();
      const step = challengeOf(failure);
      if (step) {
        setChallenge(step);
        return;
      }
      const fieldErrors = issuesByField(failure);
      if (failure instanceof ApiError) {
        if (failure.params.captchaRequired === true || captchaCodes.has(failure.code)) setCaptchaAsked(true);
        if (captchaCodes.has(failure.code)) fieldErrors.captcha = { key: `errors.${failure.code}` };
      }
      setErrors(fieldErrors);
      setAlert({ error: failure });
    } finally {
      setSubmitting(false);
    }
  };

  if (challenge) {
    return (
      <LoginVerificationStep
        challenge={challenge}
        onVerified={(result) => completeLogin(result, { landing: '/agentHome' }).then(() => undefined)}
        onBack={(error) => {
          setChallenge(null);
          setPassword('');
          setAlert(error ? { error } : null);
        }}
      />
    );
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('agent.login.title')}>
      <fieldset className="auth-form__fields" disabled={submitting}>
        <Input
          label={t('agent.login.username')}
          name="username"
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            clear('username');
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
            clear('password');
          }}
          error={messageText(errors.password)}
          autoComplete="current-password"
          maxLength={128}
          placeholder={t('authForms.placeholders.password')}
          required
        />
        {captchaAsked && (
          <CaptchaField state={captcha} error={messageText(errors.captcha)} onEdit={() => clear('captcha')} />
        )}
        <FormAlert message={alertText(alert)} />
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {t('agent.login.submit')}
        </Button>
      </fieldset>
    </form>
  );
}
