import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useChangePaymentPassword, useResetPaymentPassword, useSendPaymentPasswordResetCode } from '../api/cashier';
import { CashierCard, FormError } from './cashier-ui';

type View = 'closed' | 'change' | 'forgot';
type Issues = Partial<Record<'old' | 'code' | 'login' | 'new' | 'confirm', string>>;

/** Seconds before another reset code may be asked for (the server throttles and limits sends too). */
const resendSeconds = 60;

/**
 * Changes the payment password (the current one, then the new one twice), or resets a forgotten one: with the
 * code the server sends to the member's bound mobile, or, when no mobile is bound, with the login password. Login
 * sessions are not touched. Collapsed until the member opens it.
 *
 * `mobile` is the member's masked bound mobile; null when none is bound, undefined when not known (then the
 * server's answer to "send code" tells).
 */
export function PaymentPasswordManageCard({ mobile }: { mobile?: string | null }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('closed');
  const [done, setDone] = useState<string | null>(null);
  return (
    <CashierCard
      title={t('cashier.password.label')}
      action={
        view === 'closed' ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setDone(null);
              setView('change');
            }}
          >
            {t('cashier.password.manage')}
          </Button>
        ) : undefined
      }
    >
      {done && (
        <p className="cashier-alert cashier-alert--info" role="status">
          {done}
        </p>
      )}
      {view === 'change' && (
        <ChangeForm
          onForgot={() => setView('forgot')}
          onDone={() => {
            setDone(t('cashier.password.changed'));
            setView('closed');
          }}
        />
      )}
      {view === 'forgot' && (
        <ForgotForm
          mobile={mobile}
          onBack={() => setView('change')}
          onDone={() => {
            setDone(t('cashier.password.resetDone'));
            setView('closed');
          }}
        />
      )}
    </CashierCard>
  );
}

function useFields<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [issues, setIssues] = useState<Issues>({});
  const change = (name: K, issue: keyof Issues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setIssues((current) => ({ ...current, [issue]: undefined }));
  };
  return { values, setValues, issues, setIssues, change };
}

function ChangeForm({ onForgot, onDone }: { onForgot: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useChangePaymentPassword();
  const { values, setValues, issues, setIssues, change } = useFields({
    oldPaymentPassword: '',
    paymentPassword: '',
    confirmPaymentPassword: '',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Issues = {};
    if (!values.oldPaymentPassword) next.old = t('cashier.password.oldRequired');
    if (!values.paymentPassword) next.new = t('cashier.password.required');
    if (values.confirmPaymentPassword !== values.paymentPassword) next.confirm = t('cashier.password.mismatch');
    setIssues(next);
    if (Object.keys(next).length > 0 || save.isPending) return;
    save.mutate(values, {
      onSuccess: onDone,
      onError: () => setValues((current) => ({ ...current, oldPaymentPassword: '' })),
    });
  };

  return (
    <form
      className="cashier-form cashier-form--grid"
      onSubmit={submit}
      noValidate
      aria-label={t('cashier.password.changeTitle')}
    >
      <Input
        label={t('cashier.password.old')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        required
        value={values.oldPaymentPassword}
        onChange={change('oldPaymentPassword', 'old')}
        error={issues.old}
      />
      <NewPasswordFields values={values} issues={issues} change={change} />
      <div className="cashier-form__wide">
        <FormError error={save.error} />
        <div className="cashier-actions">
          <Button type="submit" loading={save.isPending}>
            {t('cashier.password.change')}
          </Button>
          <button type="button" className="cashier-link-button" onClick={onForgot}>
            {t('cashier.password.forgot')}
          </button>
        </div>
      </div>
    </form>
  );
}

function NewPasswordFields({
  values,
  issues,
  change,
}: {
  values: { paymentPassword: string; confirmPaymentPassword: string };
  issues: Issues;
  change: (
    name: 'paymentPassword' | 'confirmPaymentPassword',
    issue: keyof Issues,
  ) => (event: { target: { value: string } }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Input
        label={t('cashier.password.new')}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        required
        value={values.paymentPassword}
        onChange={change('paymentPassword', 'new')}
        error={issues.new}
        hint={t('cashier.password.hint')}
      />
      <Input
        label={t('cashier.password.confirm')}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        required
        value={values.confirmPaymentPassword}
        onChange={change('confirmPaymentPassword', 'confirm')}
        error={issues.confirm}
      />
    </>
  );
}

function ForgotForm({
  mobile,
  onBack,
  onDone,
}: {
  mobile: string | null | undefined;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [bySms, setBySms] = useState(mobile !== null);
  const [sentTo, setSentTo] = useState<{ mobile: string; minutes: number } | null>(null);
  const [wait, setWait] = useState(0);
  const send = useSendPaymentPasswordResetCode();
  const reset = useResetPaymentPassword();
  const { values, issues, setIssues, change } = useFields({
    verificationCode: '',
    loginPassword: '',
    paymentPassword: '',
    confirmPaymentPassword: '',
  });

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = () => {
    if (send.isPending || wait > 0) return;
    send.mutate(undefined, {
      onSuccess: (answer) => {
        setSentTo({ mobile: answer.mobile, minutes: answer.expiredMinutes });
        setWait(resendSeconds);
      },
      onError: (error) => {
        // No mobile bound after all: the reset takes the login password.
        if (error instanceof ApiError && error.code === 'IDENTITY_VERIFICATION_METHOD_UNAVAILABLE') setBySms(false);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Issues = {};
    if (bySms && !/^\d{6}$/.test(values.verificationCode.trim())) next.code = t('cashier.password.codeRequired');
    if (!bySms && !values.loginPassword) next.login = t('cashier.password.loginRequired');
    if (!values.paymentPassword) next.new = t('cashier.password.required');
    if (values.confirmPaymentPassword !== values.paymentPassword) next.confirm = t('cashier.password.mismatch');
    setIssues(next);
    if (Object.keys(next).length > 0 || reset.isPending) return;
    reset.mutate(
      {
        ...(bySms ? { verificationCode: values.verificationCode.trim() } : { loginPassword: values.loginPassword }),
        paymentPassword: values.paymentPassword,
        confirmPaymentPassword: values.confirmPaymentPassword,
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form
      className="cashier-form cashier-form--grid"
      onSubmit={submit}
      noValidate
      aria-label={t('cashier.password.forgotTitle')}
    >
      <p className="cashier-muted cashier-form__wide">
        {bySms ? t('cashier.password.forgotSms', { mobile: mobile ?? '' }) : t('cashier.password.forgotNoMobile')}
      </p>
      {bySms ? (
        <>
          <Input
            label={t('cashier.password.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={values.verificationCode}
            onChange={change('verificationCode', 'code')}
            error={issues.code}
            hint={
              sentTo ? t('cashier.password.codeSent', { mobile: sentTo.mobile, minutes: sentTo.minutes }) : undefined
            }
          />
          <div className="cashier-form__send">
            <Button type="button" variant="secondary" loading={send.isPending} disabled={wait > 0} onClick={sendCode}>
              {wait > 0
                ? t('cashier.password.resendIn', { seconds: wait })
                : sentTo
                  ? t('cashier.password.resend')
                  : t('cashier.password.sendCode')}
            </Button>
          </div>
        </>
      ) : (
        <Input
          label={t('cashier.password.login')}
          type="password"
          autoComplete="current-password"
          required
          value={values.loginPassword}
          onChange={change('loginPassword', 'login')}
          error={issues.login}
          className="cashier-form__wide"
        />
      )}
      <NewPasswordFields values={values} issues={issues} change={change} />
      <div className="cashier-form__wide">
        <FormError error={send.error ?? reset.error} />
        <div className="cashier-actions">
          <Button type="submit" loading={reset.isPending}>
            {t('cashier.password.reset')}
          </Button>
          <button type="button" className="cashier-link-button" onClick={onBack}>
            {t('cashier.password.backToChange')}
          </button>
        </div>
      </div>
    </form>
  );
}
