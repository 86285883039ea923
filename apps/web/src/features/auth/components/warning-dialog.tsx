import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Spec section 8: a failed SMS send or affiliate check shows a warning dialog with the message and a
 * confirm button. Returns `show(message)` and the dialog element to render.
 */
export function useWarningDialog() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const element = (
    <ConfirmDialog
      open={message !== null}
      tone="warning"
      title={t('prompts.in_popup_prompt')}
      confirmLabel={t('prompts.in_increase_submit')}
      closeLabel={t('ui.close')}
      onConfirm={() => setMessage(null)}
    >
      <p>{message}</p>
    </ConfirmDialog>
  );
  return { show: setMessage, element };
}
