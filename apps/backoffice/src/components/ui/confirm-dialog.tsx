import { Button, type ButtonVariant } from '@portal/ui/button';
import { Modal } from '@portal/ui/modal';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  tone?: ButtonVariant;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before an action that cannot simply be undone (disabling an operator, resetting a second factor). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = 'primary',
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      closeLabel={t('ui.close')}
      onClose={onClose}
      title={title}
      size="sm"
      closeOnBackdrop={!busy}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('ui.cancel')}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
