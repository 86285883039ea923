import type { OperatorLoginStep, OperatorMe } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconChevronLeft } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { useToast } from '@portal/ui/toast';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCopy, IconLock, IconShield } from '@/components/ui/console-icons';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { usePasswordStep, useTotpStep } from '../api/auth';
import './auth.css';

export type SignInFlowProps = {
  /** Called once the session is open. */
  onSignedIn: (me: OperatorMe) => void;
  /** A notice above the form (session ended, signed out). */
  notice?: string | null;
};

/**
 * Operator sign-in: username and password, then the authenticator code. An operator without an
 * authenticator enrols one on the way: the QR code (drawn here from the otpauth:// URI, never sent to a
 * third party) and the key for typing by hand.
 */
export function SignInFlow({ onSignedIn, notice }: SignInFlowProps) {
  const [step, setStep] = useState<OperatorLoginStep | null>(null);
  if (!step) return <PasswordStep notice={notice ?? null} onNext={setStep} />;
  return <CodeStep step={step} onSignedIn={onSignedIn} onStartOver={() => setStep(null)} />;
}

function PasswordStep({ notice, onNext }: { notice: string | null; onNext: (step: OperatorLoginStep) => void }) {
  const { t } = useTranslation();
  const passwordStep = usePasswordStep();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) return;
    passwordStep.mutate({ username: username.trim(), password }, { onSuccess: onNext });
  };

  return (
    <form className="bo-auth__form" onSubmit={submit} noValidate>
      <div className="bo-auth__heading">
        <span className="bo-auth__badge">
          <IconLock size={20} />
        </span>
        <h1>{t('auth.signInTitle')}</h1>
        <p>{t('auth.signInIntro')}</p>
      </div>
      {notice && (
        <p className="bo-auth__notice" role="status">
          {notice}
        </p>
      )}
      <Input
        label={t('auth.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        required
        autoFocus
      />
      <Input
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      {passwordStep.isError && (
        <p className="bo-auth__error" role="alert">
          {describeError(passwordStep.error)}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        fullWidth
        loading={passwordStep.isPending}
        disabled={!username.trim() || !password}
      >
        {t('auth.continue')}
      </Button>
    </form>
  );
}

function CodeStep({
  step,
  onSignedIn,
  onStartOver,
}: {
  step: OperatorLoginStep;
  onSignedIn: (me: OperatorMe) => void;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const totpStep = useTotpStep();
  const [code, setCode] = useState('');
  const enrol = step.step === 'enrol';
  const valid = /^\d{6}$/.test(code);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    totpStep.mutate(
      { challenge: step.challenge, code },
      {
        onSuccess: onSignedIn,
        onError: () => setCode(''),
      },
    );
  };

  return (
    <form className="bo-auth__form" onSubmit={submit} noValidate>
      <div className="bo-auth__heading">
        <span className="bo-auth__badge">
          <IconShield size={20} />
        </span>
        <h1>{enrol ? t('auth.enrolTitle') : t('auth.codeTitle')}</h1>
        <p>{enrol ? t('auth.enrolIntro') : t('auth.codeIntro')}</p>
      </div>
      {step.step === 'enrol' && <Enrolment uri={step.otpauthUri} secret={step.secret} />}
      <Input
        label={t('auth.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        className="bo-auth__code"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        required
        autoFocus={!enrol}
      />
      {totpStep.isError && (
        <p className="bo-auth__error" role="alert">
          {describeError(totpStep.error)}
        </p>
      )}
      <Button type="submit" size="lg" fullWidth loading={totpStep.isPending} disabled={!valid}>
        {enrol ? t('auth.confirmEnrol') : t('auth.verify')}
      </Button>
      <div className="bo-auth__footer">
        <Button variant="ghost" size="sm" icon={<IconChevronLeft size={16} />} onClick={onStartOver}>
          {t('auth.startOver')}
        </Button>
        <span className="bo-auth__expiry">
          {t('auth.stepExpires', { time: formatDateTime(step.expiresAt, language) })}
        </span>
      </div>
    </form>
  );
}

function Enrolment({ uri, secret }: { uri: string; secret: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const grouped = secret.replace(/(.{4})(?=.)/g, '$1 ');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t('ui.copied'));
    } catch {
      // Clipboard access can be refused; the key stays on screen to be typed.
    }
  };
  return (
    <div className="bo-enrol">
      <ol className="bo-enrol__steps">
        <li>{t('auth.enrolStep1')}</li>
        <li>{t('auth.enrolStep2')}</li>
        <li>{t('auth.enrolStep3')}</li>
      </ol>
      <figure className="bo-enrol__qr">
        <QRCodeSVG value={uri} size={160} marginSize={2} level="M" title={t('auth.qrLabel')} role="img" />
      </figure>
      <div className="bo-enrol__manual">
        <span className="bo-enrol__manual-label">{t('auth.manualKey')}</span>
        <div className="bo-enrol__key">
          <code data-testid="totp-secret">{grouped}</code>
          <Button variant="ghost" size="sm" icon={<IconCopy size={16} />} onClick={copy}>
            {t('ui.copy')}
          </Button>
        </div>
      </div>
    </div>
  );
}
