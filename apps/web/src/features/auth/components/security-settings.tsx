import { calls, type MemberSecurity, twoFactorEnabledSchema, twoFactorSetupSchema } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconClock, IconMail, IconPhone } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Skeleton } from '@portal/ui/skeleton';
import { useToast } from '@portal/ui/toast';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconLock, IconShield } from '@/components/ui/account-icons';
import { apiCall } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useRegisterSettings } from '../api/register-settings';
import { useMemberSecurity, useRefreshSecurity } from '../api/security';
import { requestSmsCode } from '../api/sms';
import { type AlertMessage, alertText, type FieldErrors, issuesByField, messageText } from '../utils/messages';
import { compactPhone, isValidMobile } from '../utils/validation';
import { FormAlert } from './form-alert';
import { MobileField } from './mobile-field';
import { PasswordField } from './password-field';
import { SmsCodeField } from './sms-code-field';
import './auth.css';
import './security-settings.css';
import '@/locales/identity';

type Dialog = 'mobile' | 'email' | 'twoFactorOn' | 'twoFactorOff' | null;

/**
 * The security centre's settings (spec section 2 "securityCenter"; issue 3): bound mobile and e-mail with
 * verification (bind or change with a code to the new contact), the payment password (set on the withdrawal
 * page), two-step verification with an authenticator app, and the recent logins with IP and time.
 */
export function SecuritySettings() {
  const { t } = useTranslation();
  const security = useMemberSecurity();
  const [dialog, setDialog] = useState<Dialog>(null);

  if (security.isPending) {
    return (
      <section className="security-settings" aria-busy="true" aria-label={t('accountSecurity.title')}>
        <Skeleton height={220} />
      </section>
    );
  }
  if (security.isError) {
    return (
      <section className="security-settings" aria-label={t('accountSecurity.title')}>
        <FormAlert message={t('accountSecurity.loadError')} />
        <Button variant="secondary" size="sm" onClick={() => void security.refetch()}>
          {t('accountSecurity.retry')}
        </Button>
      </section>
    );
  }
  const data = security.data;
  const close = () => setDialog(null);

  return (
    <section className="security-settings" aria-labelledby="security-settings-title">
      <h2 id="security-settings-title" className="security-settings__title">
        <IconShield size={18} />
        {t('accountSecurity.title')}
      </h2>
      <ul className="security-settings__items">
        <SettingItem
          icon={<IconPhone size={18} />}
          title={t('accountSecurity.mobile.title')}
          value={data.mobile}
          verified={data.mobile ? data.mobileVerified : null}
          action={
            <Button variant="secondary" size="sm" onClick={() => setDialog('mobile')}>
              {data.mobile ? t('accountSecurity.change') : t('accountSecurity.bind')}
            </Button>
          }
        />
        <SettingItem
          icon={<IconMail size={18} />}
          title={t('accountSecurity.email.title')}
          value={data.email}
          verified={data.email ? data.emailVerified : null}
          action={
            <Button variant="secondary" size="sm" onClick={() => setDialog('email')}>
              {data.email ? t('accountSecurity.change') : t('accountSecurity.bind')}
            </Button>
          }
        />
        <SettingItem
          icon={<IconLock size={18} />}
          title={t('accountSecurity.paymentPassword.title')}
          text={
            data.hasPaymentPassword
              ? t('accountSecurity.paymentPassword.set')
              : t('accountSecurity.paymentPassword.notSet')
          }
          action={
            data.hasPaymentPassword ? null : (
              <Link className="security-settings__link" to="/member?page=withdraw">
                {t('accountSecurity.paymentPassword.setNow')}
              </Link>
            )
          }
        />
        <SettingItem
          icon={<IconShield size={18} />}
          title={t('accountSecurity.twoFactor.title')}
          text={
            data.twoFactorEnabled
              ? `${t('accountSecurity.twoFactor.on')} ${t('accountSecurity.twoFactor.recoveryLeft', { count: data.recoveryCodesLeft })}`
              : t('accountSecurity.twoFactor.off')
          }
          status={data.twoFactorEnabled}
          action={
            data.twoFactorEnabled ? (
              <Button variant="secondary" size="sm" onClick={() => setDialog('twoFactorOff')}>
                {t('accountSecurity.twoFactor.turnOff')}
              </Button>
            ) : (
              <Button size="sm" onClick={() => setDialog('twoFactorOn')}>
                {t('accountSecurity.twoFactor.turnOn')}
              </Button>
            )
          }
        />
      </ul>
      <RecentLogins logins={data.recentLogins} />
      {dialog === 'mobile' && <BindMobileDialog changing={data.mobile !== null} onClose={close} />}
      {dialog === 'email' && <BindEmailDialog changing={data.email !== null} onClose={close} />}
      {dialog === 'twoFactorOn' && <TwoFactorSetupDialog onClose={close} />}
      {dialog === 'twoFactorOff' && <TwoFactorOffDialog onClose={close} />}
    </section>
  );
}

function SettingItem({
  icon,
  title,
  value,
  text,
  verified = null,
  status = null,
  action,
}: {
  icon: ReactNode;
  title: string;
  value?: string | null;
  text?: string;
  verified?: boolean | null;
  status?: boolean | null;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className="security-settings__item">
      <span className="security-settings__icon" aria-hidden="true">
        {icon}
      </span>
      <div className="security-settings__text">
        <p className="security-settings__name">
          {title}
          {verified !== null && (
            <Pill ok={verified}>{verified ? t('accountSecurity.verified') : t('accountSecurity.notVerified')}</Pill>
          )}
          {status !== null && (
            <Pill ok={status}>
              {status ? t('accountSecurity.twoFactor.statusOn') : t('accountSecurity.twoFactor.statusOff')}
            </Pill>
          )}
        </p>
        {value !== undefined &&
          (value ? (
            <p className="security-settings__value">{value}</p>
          ) : (
            <p className="security-settings__muted">{t('account.notBound')}</p>
          ))}
        {text && <p className="security-settings__muted">{text}</p>}
      </div>
      {action && <div className="security-settings__action">{action}</div>}
    </li>
  );
}

function Pill({ ok, children }: { ok: boolean; children: ReactNode }) {
  return <span className={`security-settings__pill security-settings__pill--${ok ? 'ok' : 'off'}`}>{children}</span>;
}

function RecentLogins({ logins }: { logins: MemberSecurity['recentLogins'] }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return (
    <div className="security-settings__logins">
      <h3 className="security-settings__subtitle">
        <IconClock size={16} />
        {t('accountSecurity.logins.title')}
      </h3>
      {logins.length === 0 ? (
        <p className="security-settings__muted">{t('accountSecurity.logins.empty')}</p>
      ) : (
        <div className="security-settings__table-wrap">
          <table className="security-settings__table">
            <thead>
              <tr>
                <th scope="col">{t('accountSecurity.logins.time')}</th>
                <th scope="col">{t('accountSecurity.logins.ip')}</th>
                <th scope="col">{t('accountSecurity.logins.device')}</th>
                <th scope="col">{t('accountSecurity.logins.method')}</th>
              </tr>
            </thead>
            <tbody>
              {logins.map((login) => (
                <tr key={`${login.at}-${login.ip ?? ''}`}>
                  <td>
                    <time dateTime={login.at}>{formatDateTime(login.at, language)}</time>
                  </td>
                  <td className="security-settings__ip">{login.ip ?? '—'}</td>
                  <td>{login.device ?? '—'}</td>
                  <td>{t(`accountSecurity.logins.methods.${login.method}`, { defaultValue: login.method })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

// ---------------------------------------------------------------- dialogs

/**
 * A form dialog of the security centre: its intro, the fields (off while it sends), the form's alert and the submit
 * button.
 */
function SecurityDialog({
  title,
  intro,
  busy,
  alert,
  submitLabel,
  submitVariant,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  intro: string;
  busy: boolean;
  alert: AlertMessage | null;
  submitLabel: string;
  submitVariant?: 'danger';
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal open onClose={onClose} closeLabel={t('ui.close')} size="sm" title={title} className="auth-modal">
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <p className="auth-intro__text">{intro}</p>
        <fieldset className="auth-form__fields" disabled={busy}>
          {children}
          <FormAlert message={alertText(alert)} />
          <Button type="submit" variant={submitVariant} size="lg" fullWidth loading={busy}>
            {submitLabel}
          </Button>
        </fieldset>
      </form>
    </Modal>
  );
}

/**
 * Binding a contact (mobile or e-mail) with a code sent to it: the contact is checked before a code is sent and
 * before the binding is asked for, the code is required, and a change of either field clears the errors. Once bound,
 * the page reloads its state in the background and the dialog closes with a toast.
 */
function useContactBinding({
  check,
  sendCode,
  bind,
  doneText,
  onClose,
}: {
  /** The contact's field errors (none when it is fine). */
  check: () => FieldErrors;
  sendCode: () => Promise<number>;
  bind: (verificationCode: string) => Promise<unknown>;
  doneText: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const refresh = useRefreshSecurity();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [busy, setBusy] = useState(false);

  const validate = () => {
    const found = check();
    setErrors(found);
    setAlert(null);
    return Object.keys(found).length === 0;
  };

  const send = async () => {
    try {
      return await sendCode();
    } catch (error) {
      setAlert({ error });
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !validate()) return;
    if (code.trim() === '') {
      setErrors({ verificationCode: { key: 'registration.form.invalidVerificationCode' } });
      return;
    }
    setBusy(true);
    try {
      await bind(code.trim());
      // The page reloads its state in the background; the dialog's job is done.
      void refresh();
      toast.success(doneText);
      onClose();
    } catch (error) {
      setErrors(issuesByField(error));
      setAlert({ error });
    } finally {
      setBusy(false);
    }
  };

  /** A field's change handler that also clears the errors. */
  const edit =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setErrors({});
    };

  return { code, setCode, errors, alert, busy, validate, send, submit, edit };
}

function BindMobileDialog({ changing, onClose }: { changing: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useRegisterSettings().data;
  const [mobile, setMobile] = useState('');
  const [dialingCode, setDialingCode] = useState<string | undefined>(undefined);
  const dialing = dialingCode ?? settings?.countryDialingCodes[0]?.code;
  const body = () => ({ mobileNum: compactPhone(mobile), ...(dialing ? { countryDialingCode: dialing } : {}) });
  const binding = useContactBinding({
    check: (): FieldErrors =>
      isValidMobile(settings, mobile) ? {} : { mobileNum: { key: 'registration.form.invalidMobileNumber' } },
    sendCode: () => requestSmsCode(calls.bindMobileCode, body()),
    bind: (verificationCode) => apiCall(calls.bindMobile, { body: { ...body(), verificationCode } }),
    doneText: t('accountSecurity.mobile.done'),
    onClose,
  });

  return (
    <SecurityDialog
      title={changing ? t('accountSecurity.mobile.changeTitle') : t('accountSecurity.mobile.bindTitle')}
      intro={t('accountSecurity.mobile.intro')}
      busy={binding.busy}
      alert={binding.alert}
      submitLabel={t('accountSecurity.mobile.submit')}
      onSubmit={binding.submit}
      onClose={onClose}
    >
      <MobileField
        value={mobile}
        onChange={binding.edit(setMobile)}
        dialingCode={dialing}
        onDialingCodeChange={setDialingCode}
        settings={settings}
        error={messageText(binding.errors.mobileNum)}
        autoFocus
      />
      <SmsCodeField
        value={binding.code}
        onChange={binding.edit(binding.setCode)}
        onValidate={binding.validate}
        onSend={binding.send}
        error={messageText(binding.errors.verificationCode)}
      />
    </SecurityDialog>
  );
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function BindEmailDialog({ changing, onClose }: { changing: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const binding = useContactBinding({
    check: (): FieldErrors =>
      emailPattern.test(email.trim()) ? {} : { email: { key: 'registration.form.emailFormat' } },
    sendCode: () => requestSmsCode(calls.bindEmailCode, { email: email.trim() }),
    bind: (verificationCode) => apiCall(calls.bindEmail, { body: { email: email.trim(), verificationCode } }),
    doneText: t('accountSecurity.email.done'),
    onClose,
  });

  return (
    <SecurityDialog
      title={changing ? t('accountSecurity.email.changeTitle') : t('accountSecurity.email.bindTitle')}
      intro={t('accountSecurity.email.intro')}
      busy={binding.busy}
      alert={binding.alert}
      submitLabel={t('accountSecurity.email.submit')}
      onSubmit={binding.submit}
      onClose={onClose}
    >
      <Input
        label={t('authForms.fields.email')}
        name="email"
        type="email"
        value={email}
        onChange={(event) => binding.edit(setEmail)(event.target.value)}
        error={messageText(binding.errors.email)}
        placeholder={t('authForms.placeholders.email')}
        autoComplete="email"
        maxLength={160}
        required
      />
      <SmsCodeField
        value={binding.code}
        onChange={binding.edit(binding.setCode)}
        onValidate={binding.validate}
        onSend={binding.send}
        error={messageText(binding.errors.verificationCode)}
        label={t('accountSecurity.email.codeLabel')}
      />
    </SecurityDialog>
  );
}

function TwoFactorSetupDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshSecurity();
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  // A new secret each time the dialog opens (once, also under StrictMode's double effects: each call replaces
  // the pending secret); nothing is required of the member until a code confirms it.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    apiCall(calls.twoFactorSetup, { schema: twoFactorSetupSchema })
      .then(setSetup)
      .catch((error: unknown) => setAlert({ error }));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setFieldError(t('errors.IDENTITY_TOTP_INVALID'));
      return;
    }
    setBusy(true);
    try {
      const result = await apiCall(calls.twoFactorEnable, {
        body: { code: code.trim() },
        schema: twoFactorEnabledSchema,
      });
      setRecoveryCodes(result.recoveryCodes);
      await refresh();
    } catch (error) {
      setAlert({ error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      closeLabel={t('ui.close')}
      size="sm"
      title={recoveryCodes ? t('accountSecurity.twoFactor.recoveryTitle') : t('accountSecurity.twoFactor.setupTitle')}
      className="auth-modal"
      closeOnBackdrop={false}
    >
      {recoveryCodes ? (
        <div className="auth-form">
          <p className="auth-intro__text">{t('accountSecurity.twoFactor.recoveryIntro')}</p>
          <ul className="security-settings__codes" aria-label={t('accountSecurity.twoFactor.recoveryTitle')}>
            {recoveryCodes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ul>
          <Button size="lg" fullWidth onClick={onClose}>
            {t('accountSecurity.twoFactor.recoveryDone')}
          </Button>
        </div>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate>
          <p className="auth-intro__text">{t('accountSecurity.twoFactor.scan')}</p>
          <div className="security-settings__qr">
            {setup ? (
              <QRCodeSVG
                value={setup.otpauthUri}
                size={176}
                marginSize={2}
                role="img"
                aria-label={t('accountSecurity.twoFactor.qrLabel')}
              />
            ) : (
              <Skeleton width={176} height={176} />
            )}
          </div>
          {setup && (
            <p className="security-settings__secret">
              {t('accountSecurity.twoFactor.manual')} <code data-testid="totp-secret">{setup.secret}</code>
            </p>
          )}
          <fieldset className="auth-form__fields" disabled={busy || !setup}>
            <Input
              label={t('accountSecurity.twoFactor.code')}
              name="totp"
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setFieldError(null);
                setAlert(null);
              }}
              error={fieldError}
              hint={t('accountSecurity.twoFactor.enterCode')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
            />
            <FormAlert message={alertText(alert)} />
            <Button type="submit" size="lg" fullWidth loading={busy}>
              {t('accountSecurity.twoFactor.confirm')}
            </Button>
          </fieldset>
        </form>
      )}
    </Modal>
  );
}

function TwoFactorOffDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshSecurity();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next: FieldErrors = {};
    if (password === '') next.password = { key: 'validation.required' };
    if (code.trim() === '') next.code = { key: 'validation.required' };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await apiCall(calls.twoFactorDisable, { body: { password, code: code.trim() } });
      // The page reloads its state in the background; the dialog's job is done.
      void refresh();
      toast.success(t('accountSecurity.twoFactor.turnedOff'));
      onClose();
    } catch (error) {
      setAlert({ error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SecurityDialog
      title={t('accountSecurity.twoFactor.offTitle')}
      intro={t('accountSecurity.twoFactor.offIntro')}
      busy={busy}
      alert={alert}
      submitLabel={t('accountSecurity.twoFactor.offSubmit')}
      submitVariant="danger"
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordField
        label={t('accountSecurity.twoFactor.password')}
        name="password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors({});
        }}
        error={messageText(errors.password)}
        autoComplete="current-password"
        maxLength={128}
        required
      />
      <Input
        label={t('accountSecurity.twoFactor.code')}
        name="totp"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setErrors({});
        }}
        error={messageText(errors.code)}
        autoComplete="one-time-code"
        maxLength={12}
        required
      />
    </SecurityDialog>
  );
}
