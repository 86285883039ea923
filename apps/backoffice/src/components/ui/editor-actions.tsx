import { Button, type ButtonVariant } from '@portal/ui/button';
import type { ReactNode } from 'react';

export type EditorActionsProps = {
  /** The row's layout class of the feature's form (its gap and wrapping differ from form to form). */
  className: string;
  cancelLabel: string;
  /** Closes the dialog without saving. */
  onCancel: () => void;
  /** The label of the form's submit button ("Save", "Send reply", "Approve"). */
  submitLabel: string;
  /** While the save runs: the submit button shows its spinner and takes no second click. */
  submitting: boolean;
  submitDisabled?: boolean;
  submitVariant?: ButtonVariant;
  /** Further buttons between Cancel and the submit button (a preview). */
  children?: ReactNode;
};

/**
 * The footer of an editor dialog's form: Cancel, which closes without saving, then the form's submit button, so that
 * Enter in a field and a click on the button save the same way.
 */
export function EditorActions({
  className,
  cancelLabel,
  onCancel,
  submitLabel,
  submitting,
  submitDisabled,
  submitVariant,
  children,
}: EditorActionsProps) {
  return (
    <div className={className}>
      <Button variant="ghost" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {children}
      <Button type="submit" variant={submitVariant} loading={submitting} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
