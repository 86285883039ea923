import {
  calls,
  type LoginChallenge,
  type LoginResult,
  type LoginVerificationMethod,
  loginChallengeSchema,
  loginResultSchema,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Tabs } from '@portal/ui/tabs';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconShield } from '@/components/ui/account-icons';
import { ApiError, apiCall } from '@/lib/api-client';
import { requestSmsCode } from '../api/sms';
import { type AlertMessage, alertText } from '../utils/messages';
import { FormAlert } from './form-alert';
import { SmsCodeField } from './sms-code-field';
import '@/locales/identity';

/** The login challenge a password login answered with (IDENTITY_VERIFICATION_REQUIRED), or null for any other error. */
export function challengeOf(error: unknown): LoginChallenge | null {
  if (!(error instanceof ApiError) || error.code !== 'IDENTITY_VERIFICATION_REQUIRED') return null;
  const parsed = loginChallengeSchema.safeParse(error.params);
  return parsed.success ? parsed.data : null;
}

/** Answers after which this challenge is over: the member logs in again from the start. */
const finalCodes = new Set([
  'IDENTITY_VERIFICATION_EXPIRED',
  'IDENTITY_VERIFICATION_LOCKED',
  'IDENTITY_ACCOUNT_LOCKED',
]);

export type LoginVerificationStepProps = {
  challenge: LoginChallenge;
  onVerified: (result: LoginResult) => Promise<void> | void;
  /** Back to the login form, with the error that ended the challenge if one did. */
  onBack: (error?: unknown) => void;
};

/**
 * The second login step (spec sections 2 and 4): the new-IP verification (a code to the bound mobile or
 * e-mail, the bank account holder name, or the authenticator) and the two-factor login step (authenticator or
 * recovery code). Codes are sent on request with the SMS countdown.
 */
export function LoginVerificationStep({ challenge, onVerified, onBack }: LoginVerificationStepProps) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<LoginVerificationMethod>(challenge.methods[0] ?? 'totp');
  const [answer, setAnswer] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const twoFactor = challenge.reason === 'twoFactor';

  const sendCode = async (): Promise<number | null> => {
    if (method !== 'sms' && method !== 'email') return null;
    setAlert(null);
    try {
      return await requestSmsCode(calls.loginVerificationSend, { challengeId: challenge.challengeId, method });
    } catch (error) {
      if (error instanceof ApiError && finalCodes.has(error.code)) onBack(error);
      else setAlert({ error });
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (answer.trim() === '') {
      setFieldError(t('validation.required'));
      return;
    }
    setSubmitting(true);
    setAlert(null);
    try {
      const result = await apiCall(calls.loginVerification, {
        body: { challengeId: challenge.challengeId, method, answer: answer.trim() },
        schema: loginResultSchema,
      });
      await onVerified(result);
    } catch (error) {
      if (error instanceof ApiError && finalCodes.has(error.code)) onBack(error);
      else setAlert({ error });
    } finally {
      setSubmitting(false);
    }
  };

  const edit = (value: string) => {
    setAnswer(value);
    setFieldError(null);
    setAlert(null);
  };

  const field =
    method === 'sms' || method === 'email' ? (
      <SmsCodeField
        key={method}
        value={answer}
        onChange={edit}
        onValidate={() => true}
        onSend={sendCode}
        error={fieldError}
        label={t(method === 'sms' ? 'authForms.verify.smsCode' : 'authForms.verify.emailCode')}
        hint={t('authForms.verify.sentTo', {
          target: method === 'sms' ? (challenge.mobile ?? '') : (challenge.email ?? ''),
        })}
      />
    ) : method === 'bankName' ? (
      <Input
        key="bankName"
        label={t('authForms.verify.bankName')}
        name="bankName"
        value={answer}
        onChange={(event) => edit(event.target.value)}
        error={fieldError}
        hint={t('authForms.verify.bankNameHint')}
        autoComplete="off"
        maxLength={120}
        required
      />
    ) : (
      <Input
        key="totp"
        label={t('authForms.verify.totpCode')}
        name="totp"
        value={answer}
        onChange={(event) => edit(event.target.value)}
        error={fieldError}
        hint={t('authForms.verify.totpHint')}
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={12}
        required
      />
    );

  const form = (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-label={t(twoFactor ? 'authForms.verify.twoFactorTitle' : 'authForms.verify.title')}
    >
      <fieldset className="auth-form__fields" disabled={submitting}>
        {field}
        <FormAlert message={alertText(alert)} />
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {t('authForms.verify.submit')}
        </Button>
        <Button variant="ghost" size="md" fullWidth onClick={() => onBack()}>
          {t('authForms.verify.back')}
        </Button>
      </fieldset>
    </form>
  );

  return (
    <div className="auth-verify">
      <div className="auth-verify__intro">
        <span className="auth-verify__icon" aria-hidden="true">
          <IconShield size={22} />
        </span>
        <div>
          <p className="auth-intro__title">
            {t(twoFactor ? 'authForms.verify.twoFactorTitle' : 'authForms.verify.title')}
          </p>
          <p className="auth-intro__text">
            {t(twoFactor ? 'authForms.verify.twoFactorIntro' : 'authForms.verify.intro')}
          </p>
        </div>
      </div>
      {challenge.methods.length > 1 ? (
        <Tabs
          variant="pill"
          className="auth-tabs"
          label={t('authForms.verify.method')}
          value={method}
          onChange={(id) => {
            setMethod(id as LoginVerificationMethod);
            edit('');
          }}
          items={challenge.methods.map((id) => ({ id, label: t(`authForms.verify.methods.${id}`) }))}
        >
          {form}
        </Tabs>
      ) : (
        form
      )}
    </div>
  );
}
