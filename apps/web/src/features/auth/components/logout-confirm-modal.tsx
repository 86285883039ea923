import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { LoadingCover } from '@portal/ui/loading-cover';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../hooks/use-session-actions';

export type LogoutConfirmModalProps = {
  onClose: () => void;
  /** Where to go after signing out: home for players, /agent from the agent centre (spec section 4). */
  redirectTo?: string;
};

/**
 * The logout confirmation (spec sections 4 and 8): "Are you sure…" (in_sure_logout) titled in_popup_prompt,
 * with in_more_cancel and in_increase_submit. Confirming shows the loader while the session ends.
 */
export function LogoutConfirmModal({ onClose, redirectTo = '/' }: LogoutConfirmModalProps) {
  const { t } = useTranslation();
  const { signOut, busy } = useSignOut();
  return (
    <>
      <ConfirmDialog
        open={!busy}
        title={t('prompts.in_popup_prompt')}
        cancelLabel={t('prompts.in_more_cancel')}
        confirmLabel={t('prompts.in_increase_submit')}
        closeLabel={t('ui.close')}
        onCancel={onClose}
        onConfirm={() => void signOut(redirectTo)}
      >
        <p>{t('prompts.in_sure_logout')}</p>
      </ConfirmDialog>
      {busy && <LoadingCover label={t('auth.account.signingOut')} />}
    </>
  );
}
