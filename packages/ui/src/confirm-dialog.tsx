import type { ReactNode } from 'react';
import { Button } from './button';
import { cx } from './cx';
import { IconAlert, IconInfo } from './icons';
import { Modal } from './modal';
import './confirm-dialog.css';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Label of the confirm button; the dialog is a plain notice when there is no `cancelLabel`. */
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** Cancel, Escape and the close button; defaults to `onConfirm` for a notice. */
  onCancel?: () => void;
  tone?: 'info' | 'warning' | 'danger';
  confirmLoading?: boolean;
  /** Accessible name of the dialog's close button, in the page's language. */
  closeLabel: string;
};

/**
 * A small dialog that asks to confirm an action (sign out) or tells something that needs acknowledging
 * (a warning with the server's message and a confirm button, spec section 8).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  tone = 'info',
  confirmLoading = false,
  closeLabel,
}: ConfirmDialogProps) {
  const cancel = onCancel ?? onConfirm;
  const Icon = tone === 'info' ? IconInfo : IconAlert;
  return (
    <Modal
      open={open}
      onClose={cancel}
      title={title}
      size="sm"
      closeOnBackdrop={false}
      className="ui-confirm"
      closeLabel={closeLabel}
      footer={
        <>
          {cancelLabel && (
            <Button variant="secondary" onClick={cancel} disabled={confirmLoading}>
              {cancelLabel}
            </Button>
          )}
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={confirmLoading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="ui-confirm__body">
        <span className={cx('ui-confirm__icon', `ui-confirm__icon--${tone}`)} aria-hidden="true">
          <Icon size={22} />
        </span>
        <div className="ui-confirm__text">{children}</div>
      </div>
    </Modal>
  );
}
