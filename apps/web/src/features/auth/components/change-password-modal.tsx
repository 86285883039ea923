import { calls, passwordChangedSchema } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { LoadingCover } from '@portal/ui/loading-cover';
import { Modal } from '@portal/ui/modal';
import { useToast } from '@portal/ui/toast';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconLock } from '@/components/ui/account-icons';
import { ApiError, apiCall } from '@/lib/api-client';
import { closeModal } from '@/lib/modals';
import { loginStatusOf, reloadLoginInfo, useSession } from '@/lib/session';
import { useRegisterSettings } from '../api/register-settings';
import { useSignOut } from '../hooks/use-session-actions';
import { type AlertMessage, alertText, type FieldErrors, issuesByField, messageText } from '../utils/messages';
import { confirmationMessage, newPasswordMessage, ruleDescription } from '../utils/validation';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';
import './auth.css';
import '@/locales/identity';

export type ChangePasswordModalProps = {
  /**
   * The forced step after a login with the default or an expired password (spec section 4): the old
   * password is not asked (the session just proved it), and leaving the step signs the player out,
   * since the server answers nothing else until the password is changed.
   */
  forced?: boolean;
  onClose: () => void;
};

/**
 * Change password (`changePassModal`): the old password (unless the forced step knows it or the account
 * has none yet, as after a mobile registration without one), the new one by the merchant's password rule,
 * and its confirmation. Success reloads the login info, closes and goes home (spec section 4).
 */
export function ChangePasswordModal({ forced = false, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const settings = useRegisterSettings().data;
  const { signOut, busy: signingOut } = useSignOut();
  const oldNeeded = !forced && session.info?.hasPassword !== false;
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const clear = (field: string) => {
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setAlert(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const next: FieldErrors = {};
    if (oldNeeded && oldPassword === '') next.oldPassword = { key: 'validation.required' };
    const passwordError = newPasswordMessage(settings, newPassword);
    if (passwordError) next.newPassword = passwordError;
    const confirmError = confirmationMessage(newPassword, confirmation);
    if (confirmError) next.confirmNewPassword = confirmError;
    setErrors(next);
    setAlert(null);
    if (Object.keys(next).length > 0) return;
    setSubmitting(true);
    try {
      await apiCall(calls.changePassword, {
        body: { ...(oldNeeded ? { oldPassword } : {}), newPassword, confirmNewPassword: confirmation },
        schema: passwordChangedSchema,
      });
      const info = await reloadLoginInfo(queryClient).catch(() => null);
      closeModal('changePassModal');
      toast.success(t('authForms.change.success'));
      navigate(info && loginStatusOf(info) === 'agent' ? '/agentHome' : '/');
    } catch (failure) {
      const fieldErrors = issuesByField(failure);
      if (failure instanceof ApiError && failure.code === 'IDENTITY_OLD_PASSWORD_INCORRECT') {
        fieldErrors.oldPassword = { key: 'errors.IDENTITY_OLD_PASSWORD_INCORRECT' };
      }
      if (failure instanceof ApiError && failure.code === 'IDENTITY_PASSWORD_NOT_ALLOWED') {
        fieldErrors.newPassword = { key: 'errors.IDENTITY_PASSWORD_NOT_ALLOWED' };
      }
      setErrors(fieldErrors);
      setAlert({ error: failure });
    } finally {
      setSubmitting(false);
    }
  };

  const leave = forced ? () => void signOut('/') : onClose;

  return (
    <Modal
      open
      closeLabel={t('ui.close')}
      onClose={leave}
      title={t(forced ? 'authForms.change.forcedTitle' : 'authForms.change.title')}
      size="sm"
      closeOnBackdrop={false}
      className="auth-modal"
    >
      {forced && (
        <div className="auth-notice">
          <IconLock size={20} />
          <p>{t('authForms.change.forcedIntro')}</p>
        </div>
      )}
      <form className="auth-form" onSubmit={submit} noValidate aria-label={t('authForms.change.title')}>
        <fieldset className="auth-form__fields" disabled={submitting || signingOut}>
          {oldNeeded && (
            <PasswordField
              label={t('authForms.fields.oldPassword')}
              name="oldPassword"
              value={oldPassword}
              onChange={(event) => {
                setOldPassword(event.target.value);
                clear('oldPassword');
              }}
              error={messageText(errors.oldPassword)}
              autoComplete="current-password"
              maxLength={128}
              required
            />
          )}
          <PasswordField
            label={t('authForms.fields.newPassword')}
            name="newPassword"
            value={newPassword}
            onChange={(event) => {
              setNewPassword(event.target.value);
              clear('newPassword');
            }}
            error={messageText(errors.newPassword)}
            hint={settings?.fields.password ? messageText(ruleDescription(settings.fields.password)) : undefined}
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
            {t('authForms.change.submit')}
          </Button>
          {forced && (
            <Button variant="ghost" fullWidth onClick={leave} loading={signingOut}>
              {t('auth.account.signOut')}
            </Button>
          )}
        </fieldset>
      </form>
      {signingOut && <LoadingCover label={t('auth.account.signingOut')} />}
    </Modal>
  );
}
