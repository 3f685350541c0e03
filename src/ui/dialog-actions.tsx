import { Button } from './button';

interface DialogActionsProps {
  onCancel: () => void;
  /** The primary button's text, and its text while the action runs. */
  label: string;
  busyLabel: string;
  busy: boolean;
  /** Submits this form when given; otherwise the button calls `onConfirm`. */
  form?: string;
  onConfirm?: () => void;
  /** Disabled for another reason than running (e.g. still loading). */
  disabled?: boolean;
}

/** A dialog's footer: Cancel, then the primary action, disabled while it runs. */
export function DialogActions({
  onCancel,
  label,
  busyLabel,
  busy,
  form,
  onConfirm,
  disabled = false,
}: DialogActionsProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        disabled={busy || disabled}
        onClick={onConfirm}
      >
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}
