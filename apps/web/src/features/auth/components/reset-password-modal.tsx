import { calls, loginResultSchema } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Modal } from '@portal/ui/modal';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '@/lib/api-client';
import { openModal } from '@/lib/modals';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';
import { useRegisterSettings } from '../api/register-settings';
import { useCompleteLogin } from '../hooks/use-session-actions';
import { type AlertMessage, alertText, type FieldErrors, issuesByField, messageText } from '../utils/messages';
import { confirmationMessage, newPasswordMessage, ruleDescription } from '../utils/validation';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';
import './auth.css';
import '@/locales/identity';

function forgetResetToken(): void {
  writeStorage('sessionStorage', storageKeys.resetPasswordToken, null);
}

/**
 * The end of "forgot password by e-mail": the e-mailed link (`/?resetPasswordToken=…`) opens this step,
 * where the member sets a new password and is logged in. A used or expired link offers a new one.
 */
export function ResetPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const completeLogin = useCompleteLogin();
  const settings = useRegisterSettings().data;
  const [token] = useState(() => readStorage('sessionStorage', storageKeys.resetPasswordToken) ?? '');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(token === '');
  const [submitting, setSubmitting] = useState(false);

  const close = () => {
    forgetResetToken();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const next: FieldErrors = {};
    const passwordError = newPasswordMessage(settings, newPassword);
    if (passwordError) next.newPassword = passwordError;
    const confirmError = confirmationMessage(newPassword, confirmation);
    if (confirmError) next.confirmNewPassword = confirmError;
    setErrors(next);
    setAlert(null);
    if (Object.keys(next).length > 0) return;
    setSubmitting(true);
    try {
      const result = await apiCall(calls.resetPasswordByEmail, {
        body: { token, newPassword, confirmNewPassword: confirmation },
        schema: loginResultSchema,
      });
      forgetResetToken();
      await completeLogin(result, { landing: '/' });
      toast.success(t('authForms.forgot.resetDone'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'IDENTITY_RESET_LINK_INVALID') {
        forgetResetToken();
        setLinkInvalid(true);
      }
      setErrors(issuesByField(failure));
      setAlert({ error: failure });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open
      closeLabel={t('ui.close')}
      onClose={close}
      title={t('authForms.reset.title')}
      size="sm"
      closeOnBackdrop={false}
      className="auth-modal"
    >
      <div className="auth-intro">
        <p className="auth-intro__text">{t('authForms.reset.intro')}</p>
      </div>
      {linkInvalid ? (
        <div className="auth-form">
          <FormAlert message={alertText(alert ?? { key: 'errors.IDENTITY_RESET_LINK_INVALID' })} />
          <Button
            size="lg"
            fullWidth
            onClick={() => {
              forgetResetToken();
              openModal('forgetPassModal');
            }}
          >
            {t('authForms.reset.requestNew')}
          </Button>
        </div>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate aria-label={t('authForms.reset.title')}>
          <fieldset className="auth-form__fields" disabled={submitting}>
            <PasswordField
              label={t('authForms.fields.newPassword')}
              name="newPassword"
              hint={settings?.fields.password ? messageText(ruleDescription(settings.fields.password)) : undefined}
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
              error={messageText(errors.newPassword)}
              autoComplete="new-password"
              maxLength={128}
              required
            />
            <PasswordField
              label={t('authForms.fields.confirmNewPassword')}
              name="confirmNewPassword"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
              error={messageText(errors.confirmNewPassword)}
              autoComplete="new-password"
              maxLength={128}
              required
            />
            <FormAlert message={alertText(alert)} />
            <Button type="submit" size="lg" fullWidth loading={submitting}>
              {t('authForms.reset.submit')}
            </Button>
          </fieldset>
        </form>
      )}
    </Modal>
  );
}
