import {
  affiliateCheckResultSchema,
  calls,
  loginResultSchema,
  type RegisterSettings,
  type RegistrationFieldName,
  type RegistrationFieldRule,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { EmptyState } from '@portal/ui/empty-state';
import { IconAlert, IconRefresh } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Skeleton } from '@portal/ui/skeleton';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError, apiCall, describeError } from '@/lib/api-client';
import { helpLinkState } from '@/lib/help-link';
import { openModal } from '@/lib/modals';
import { usePermission } from '@/lib/permission';
import { readStorage, storageKeys } from '@/lib/storage';
import { useRegisterSettings } from '../api/register-settings';
import { requestSmsCode } from '../api/sms';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-session-actions';
import { type AlertMessage, alertText, type FieldErrors, issuesByField, messageText } from '../utils/messages';
import { compactPhone, confirmationMessage, ruleDescription, ruleMessage } from '../utils/validation';
import { AppDownload, type AppDownloadLink } from './app-download';
import { CaptchaField } from './captcha-field';
import { FormAlert } from './form-alert';
import { MobileField } from './mobile-field';
import { PasswordField } from './password-field';
import { SmsCodeField } from './sms-code-field';
import { useWarningDialog } from './warning-dialog';
import './auth.css';
import '@/locales/identity';

export type RegisterModalProps = {
  onClose: () => void;
  appDownload?: AppDownloadLink | null;
};

type Mode = 'mobile' | 'username';
type Values = Record<string, string>;

/**
 * Optional fields in the order the form shows them; each appears only when the merchant enabled it and is
 * required only when the merchant says so (spec section 5). The account fields come first, by mode.
 */
const optionalFields = [
  'email',
  'payeeName',
  'nickname',
  'fullName',
  'birthday',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'idNumber',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  'recommenderId',
  'affiliateCode',
] as const satisfies readonly RegistrationFieldName[];

/** Which fields a mode shows and needs, from the merchant's settings (the server applies the same). */
function formShape(mode: Mode, settings: RegisterSettings, values: Values) {
  const rules = settings.fields;
  const mobileRule = rules.mobileNum;
  const passwordNeeded = mode === 'username' || settings.mobileWithPassword;
  const mobileShown = mode === 'mobile' || mobileRule?.enabled === true;
  const mobileRequired = mode === 'mobile' || (mobileRule?.enabled === true && mobileRule.required);
  const mobileTyped = compactPhone(values.mobileNum ?? '') !== '';
  const codeShown = settings.smsVerification && mobileShown;
  const codeNeeded = codeShown && (mode === 'mobile' || mobileTyped);
  const captchaForSubmit = rules.captcha?.enabled === true;
  const optional = optionalFields.filter((field) => rules[field]?.enabled === true);
  return {
    passwordNeeded,
    mobileShown,
    mobileRequired,
    mobileTyped,
    codeShown,
    codeNeeded,
    captchaForSubmit,
    // An SMS code request carries the human check too, so the captcha shows wherever a code can be sent.
    captchaShown: captchaForSubmit || codeShown,
    optional,
  };
}

function mobileMessage(rule: RegistrationFieldRule | undefined, value: string, required: boolean) {
  const raw = compactPhone(value);
  if (raw === '') return required ? { key: 'validation.required' } : null;
  if (/^(\+|00)/.test(raw))
    return /^(\+|00)\d{6,15}$/.test(raw) ? null : { key: 'registration.form.phoneNumberFormat' };
  if (!/^\d+$/.test(raw)) return { key: 'registration.form.phoneNumberFormat' };
  return ruleMessage(rule, raw, { required: true });
}

/** Spec section 5 in full: every shown field by its rule, the confirmation, the code, captcha and terms. */
function registerErrors(
  mode: Mode,
  settings: RegisterSettings,
  values: Values,
  input: { captchaAnswer: string; accepted: boolean },
): FieldErrors {
  const rules = settings.fields;
  const shape = formShape(mode, settings, values);
  const value = (field: string) => values[field] ?? '';
  const found: FieldErrors = {};
  const check = (field: string, message: ReturnType<typeof ruleMessage>) => {
    if (message) found[field] = message;
  };
  if (mode === 'username') check('username', ruleMessage(rules.username, value('username').trim(), { required: true }));
  if (shape.mobileShown) check('mobileNum', mobileMessage(rules.mobileNum, value('mobileNum'), shape.mobileRequired));
  if (shape.codeNeeded) {
    check(
      'verificationCode',
      ruleMessage(rules.verificationCode, value('verificationCode').trim(), { required: true }),
    );
  }
  if (shape.passwordNeeded) {
    check('password', ruleMessage(rules.password, value('password'), { required: true }));
    check('confirmPassword', confirmationMessage(value('password'), value('confirmPassword')));
  }
  for (const field of shape.optional) {
    const typed = field === 'paymentPassword' ? value(field) : value(field).trim();
    check(field, ruleMessage(rules[field], typed));
  }
  if (shape.captchaForSubmit)
    check('captcha', ruleMessage(rules.captcha, input.captchaAnswer.trim(), { required: true }));
  if (!input.accepted) found.terms = { key: 'authForms.register.termsRequired' };
  return found;
}

/** Server errors that belong to one field. */
const fieldOfCode: Record<string, string> = {
  IDENTITY_USERNAME_TAKEN: 'username',
  IDENTITY_MOBILE_TAKEN: 'mobileNum',
  IDENTITY_PHONE_INVALID: 'mobileNum',
  IDENTITY_PHONE_MISSING: 'mobileNum',
  IDENTITY_SMS_CODE_INVALID: 'verificationCode',
  IDENTITY_SMS_CODE_EXPIRED: 'verificationCode',
  IDENTITY_CAPTCHA_INVALID: 'captcha',
  IDENTITY_CAPTCHA_REQUIRED: 'captcha',
};

function initialReferralCode(search: string): string {
  const query = new URLSearchParams(search);
  const fromUrl = query.get('referralCode') ?? query.get('ref');
  return (fromUrl ?? readStorage('sessionStorage', storageKeys.referralCode) ?? '').trim().slice(0, 32);
}

/**
 * The register modal (`registerModal`, spec sections 2 to 5): mobile and username tabs as the merchant
 * enables them (mobile first when on), the fields of the server's rules with their messages under each
 * field, the SMS code, an affiliate code checked by the server first, the referral code of the link,
 * captcha, and the terms and 18+ confirmation. Success logs the new member in and goes home.
 */
export function RegisterModal({ onClose, appDownload }: RegisterModalProps) {
  const { t } = useTranslation();
  const query = useRegisterSettings();
  return (
    <Modal
      open
      closeLabel={t('ui.close')}
      onClose={onClose}
      title={t('authForms.register.title')}
      size="sm"
      closeOnBackdrop={false}
      className="auth-modal"
    >
      {query.data ? (
        <RegisterForm settings={query.data} appDownload={appDownload ?? null} />
      ) : query.isError ? (
        <EmptyState
          icon={<IconAlert size={28} />}
          title={t('authForms.register.loadError')}
          description={describeError(query.error)}
          action={
            <Button
              variant="secondary"
              icon={<IconRefresh size={18} />}
              loading={query.isFetching}
              onClick={() => query.refetch()}
            >
              {t('app.retry')}
            </Button>
          }
        />
      ) : (
        <div className="auth-skeleton" aria-busy="true">
          <Skeleton height={40} radius={999} />
          {[1, 2, 3, 4].map((row) => (
            <div key={row} className="auth-skeleton__field">
              <Skeleton width="35%" />
              <Skeleton height={46} radius={10} />
            </div>
          ))}
          <Skeleton height={52} radius={999} />
        </div>
      )}
    </Modal>
  );
}

function RegisterForm({ settings, appDownload }: { settings: RegisterSettings; appDownload: AppDownloadLink | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const toast = useToast();
  const { info } = usePermission();
  const completeLogin = useCompleteLogin();
  const warning = useWarningDialog();

  const modes = (['mobile', 'username'] as const).filter((mode) =>
    mode === 'mobile' ? settings.mobileRegistration : settings.usernameRegistration,
  );
  const [mode, setMode] = useState<Mode>(
    modes.includes(settings.defaultMethod) ? settings.defaultMethod : (modes[0] ?? 'username'),
  );
  const [values, setValues] = useState<Values>(() => ({ referralCode: initialReferralCode(location.search) }));
  const [referralFromLink] = useState(() => values.referralCode !== '');
  const [dialingCode, setDialingCode] = useState(settings.countryDialingCodes[0]?.code);
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const shape = formShape(mode, settings, values);
  const captcha = useCaptcha(shape.captchaShown);
  const rules = settings.fields;

  if (modes.length === 0) {
    return <EmptyState icon={<IconAlert size={28} />} title={t('authForms.register.closed')} />;
  }

  const value = (field: string) => values[field] ?? '';
  const setValue = (field: string, next: string) => {
    setValues((current) => ({ ...current, [field]: next }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setAlert(null);
  };
  const error = (field: string) => messageText(errors[field]);
  const mobileBody = () =>
    shape.mobileShown && shape.mobileTyped
      ? { mobileNum: compactPhone(value('mobileNum')), ...(dialingCode ? { countryDialingCode: dialingCode } : {}) }
      : {};

  const validateCodeRequest = (): boolean => {
    const next: FieldErrors = {};
    if (mobileMessage(rules.mobileNum, value('mobileNum'), true)) {
      next.mobileNum = { key: 'registration.form.invalidMobileNumber' };
    }
    if (captcha.answer.trim() === '') next.captcha = { key: 'registration.form.captchaRequired' };
    setErrors((current) => {
      const { mobileNum: _mobile, captcha: _captcha, ...rest } = current;
      return { ...rest, ...next };
    });
    return Object.keys(next).length === 0;
  };

  const sendCode = async (): Promise<number | null> => {
    try {
      return await requestSmsCode(calls.registerSmsCode, { ...mobileBody(), ...captcha.fields });
    } catch (failure) {
      const field = failure instanceof ApiError ? fieldOfCode[failure.code] : undefined;
      if (field && failure instanceof ApiError) {
        setErrors((current) => ({ ...current, [field]: { key: `errors.${failure.code}` } }));
      }
      warning.show(alertText({ error: failure }));
      return null;
    } finally {
      // The captcha is used up by the request; the registration needs a fresh one.
      void captcha.renew();
    }
  };

  const failed = (failure: unknown) => {
    const next = issuesByField(failure);
    const termsIssue = next.termsAccepted ?? next.adultConfirmed;
    if (termsIssue) next.terms = termsIssue;
    if (failure instanceof ApiError) {
      const field =
        failure.code === 'IDENTITY_INVALID_INVITATION_CODE'
          ? String(failure.params.field ?? 'affiliateCode')
          : fieldOfCode[failure.code];
      if (field) next[field] = { key: `errors.${failure.code}` };
    }
    setErrors(next);
    setAlert({ error: failure });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = registerErrors(mode, settings, values, { captchaAnswer: captcha.answer, accepted });
    setErrors(found);
    const missing = Object.values(found).some((message) => 'key' in message && message.key === 'validation.required');
    if (Object.keys(found).length > 0) {
      setAlert({ key: missing || found.terms ? 'registration.form.markedRequired' : 'errors.VALIDATION_FAILED' });
      return;
    }
    setAlert(null);
    setSubmitting(true);
    try {
      const affiliateCode = value('affiliateCode').trim();
      if (affiliateCode) {
        // Spec section 5: the affiliate code is checked by the server before the form goes out.
        try {
          await apiCall(calls.affiliateCheck, {
            body: { code: affiliateCode, domain: window.location.hostname },
            schema: affiliateCheckResultSchema,
          });
        } catch (failure) {
          if (failure instanceof ApiError && failure.code === 'IDENTITY_INVALID_INVITATION_CODE') {
            setErrors({ affiliateCode: { key: 'registration.form.invalidInvitationCode' } });
            warning.show(t('registration.form.invalidInvitationCode'));
            return;
          }
          throw failure;
        }
      }
      const optional: Record<string, string> = {};
      for (const field of shape.optional) {
        const typed = field === 'paymentPassword' ? value(field) : value(field).trim();
        if (typed !== '') optional[field] = typed;
      }
      const referralCode = value('referralCode').trim();
      const body = {
        ...(mode === 'username' ? { username: value('username').trim() } : {}),
        ...(shape.passwordNeeded ? { password: value('password'), confirmPassword: value('confirmPassword') } : {}),
        ...mobileBody(),
        ...(shape.codeNeeded ? { verificationCode: value('verificationCode').trim() } : {}),
        ...optional,
        ...(referralCode ? { referralCode } : {}),
        ...(shape.captchaForSubmit ? captcha.fields : {}),
        termsAccepted: true,
        adultConfirmed: true,
        registerUrl: window.location.href.slice(0, 500),
        domain: window.location.hostname,
        registerMethod: 'WEB' as const,
        login: true,
      };
      const result = await apiCall(mode === 'mobile' ? calls.registerByMobile : calls.register, {
        body,
        schema: loginResultSchema,
      });
      await completeLogin(result, { landing: '/' });
      toast.success(t('authForms.register.success', { site: info.siteName }));
    } catch (failure) {
      if (shape.captchaForSubmit) void captcha.renew();
      failed(failure);
    } finally {
      setSubmitting(false);
    }
  };

  const textField = (field: RegistrationFieldName, options: { required?: boolean; autoComplete?: string } = {}) => {
    const rule = rules[field];
    const required = options.required ?? rule?.required ?? false;
    const label = t(`authForms.fields.${field}` as 'authForms.fields.username');
    const common = {
      label,
      name: field,
      value: value(field),
      onChange: (event: { target: { value: string } }) => setValue(field, event.target.value),
      error: error(field),
      required,
      // Not the rule's maximum: a longer value gets the rule's message instead of being cut off silently
      // (a truncated password from a password manager would not match later). Bounds of the contract.
      maxLength: field === 'username' ? 64 : 120,
      autoComplete: options.autoComplete ?? 'off',
    };
    if (field === 'password' || field === 'paymentPassword') {
      return (
        <PasswordField
          key={field}
          {...common}
          autoComplete={field === 'password' ? 'new-password' : 'off'}
          inputMode={rule?.patternId === 'DIGITS' ? 'numeric' : undefined}
          hint={rule ? ruleHint(rule) : undefined}
        />
      );
    }
    const numeric = rule?.patternId === 'DIGITS';
    return (
      <Input
        key={field}
        {...common}
        type={field === 'email' ? 'email' : 'text'}
        inputMode={field === 'email' ? 'email' : numeric ? 'numeric' : undefined}
        autoCapitalize="off"
        spellCheck={false}
        placeholder={placeholderFor(rule)}
        hint={field === 'username' && rule ? ruleHint(rule) : undefined}
      />
    );
  };

  const ruleHint = (rule: RegistrationFieldRule) => messageText(ruleDescription(rule));

  const placeholderFor = (rule: RegistrationFieldRule | undefined) =>
    rule?.patternId === 'DATE_YMD' ? 'yyyy-MM-dd' : rule?.patternId === 'DATE_MDY' ? 'MM-dd-yyyy' : undefined;

  const form = (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('authForms.register.title')}>
      <p className="auth-form__note">{t('registration.form.markedRequired')}</p>
      <fieldset className="auth-form__fields" disabled={submitting}>
        {mode === 'username' && textField('username', { required: true, autoComplete: 'username' })}
        {shape.mobileShown && (
          <MobileField
            value={value('mobileNum')}
            onChange={(next) => setValue('mobileNum', next)}
            dialingCode={dialingCode}
            onDialingCodeChange={setDialingCode}
            settings={settings}
            error={error('mobileNum')}
            required={shape.mobileRequired}
          />
        )}
        {shape.passwordNeeded && (
          <>
            {textField('password', { required: true })}
            <PasswordField
              label={t('authForms.fields.confirmPassword')}
              name="confirmPassword"
              value={value('confirmPassword')}
              onChange={(event) => setValue('confirmPassword', event.target.value)}
              error={error('confirmPassword')}
              autoComplete="new-password"
              maxLength={128}
              required
            />
          </>
        )}
        {shape.optional.map((field) => textField(field))}
        {referralFromLink && (
          <Input
            label={t('authForms.fields.referralCode')}
            name="referralCode"
            value={value('referralCode')}
            onChange={(event) => setValue('referralCode', event.target.value)}
            error={error('referralCode')}
            maxLength={32}
            autoComplete="off"
            hint={t('authForms.register.referralHint')}
          />
        )}
        {shape.captchaShown && (
          <CaptchaField
            state={captcha}
            error={error('captcha')}
            required={shape.captchaForSubmit}
            onEdit={() => setErrors(({ captcha: _cleared, ...rest }) => rest)}
          />
        )}
        {shape.codeShown && (
          <SmsCodeField
            value={value('verificationCode')}
            onChange={(next) => setValue('verificationCode', next)}
            onValidate={validateCodeRequest}
            onSend={sendCode}
            error={error('verificationCode')}
            required={mode === 'mobile' || shape.mobileRequired}
          />
        )}
        <Checkbox
          label={
            <>
              {t('authForms.register.acceptLead')}{' '}
              <Link to="/help#term" state={helpLinkState} preventScrollReset>
                {t('authForms.termsLink')}
              </Link>
              <span className="ui-field__required" aria-hidden="true">
                {' *'}
              </span>
            </>
          }
          checked={accepted}
          onChange={(event) => {
            setAccepted(event.target.checked);
            setErrors(({ terms: _cleared, ...rest }) => rest);
          }}
          error={error('terms')}
          required
        />
        <FormAlert message={alertText(alert)} />
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {t('authForms.register.submit')}
        </Button>
      </fieldset>
    </form>
  );

  return (
    <>
      <div className="auth-intro">
        <p className="auth-intro__title">{t('authForms.register.welcome', { site: info.siteName })}</p>
        <p className="auth-intro__text">{t('authForms.register.intro')}</p>
      </div>
      {modes.length > 1 ? (
        <Tabs
          variant="pill"
          className="auth-tabs"
          label={t('authForms.register.method')}
          value={mode}
          onChange={(id) => {
            setMode(id as Mode);
            setErrors({});
            setAlert(null);
          }}
          items={modes.map((id) => ({
            id,
            label: t(id === 'mobile' ? 'authForms.register.byMobile' : 'authForms.register.byUsername'),
          }))}
        >
          {form}
        </Tabs>
      ) : (
        form
      )}
      <div className="auth-footer">
        <p>
          {t('authForms.register.haveAccount')}{' '}
          <button type="button" className="auth-link auth-link--strong" onClick={() => openModal('loginPopupModal')}>
            {t('authForms.register.loginNow')}
          </button>
        </p>
        {appDownload && <AppDownload link={appDownload} />}
      </div>
      {warning.element}
    </>
  );
}
