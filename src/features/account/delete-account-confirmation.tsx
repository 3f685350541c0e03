import { DELETE_ACCOUNT_WARNING } from '../../../domain/messages';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import * as styles from './settings-dialog.css';

export interface DeleteAccountConfirmationProps {
  deleting: boolean;
  onCancel: () => void;
  onDelete: () => void;
}

// Spec §2: the last question before the account is gone. Focus starts on Cancel, the safe answer.
export function DeleteAccountConfirmation({
  deleting,
  onCancel,
  onDelete,
}: DeleteAccountConfirmationProps) {
  return (
    <Modal
      title="Delete Account"
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button className={styles.danger} onClick={onDelete} disabled={deleting}>
            Delete
          </Button>
        </>
      }
    >
      <p>{DELETE_ACCOUNT_WARNING}</p>
    </Modal>
  );
}
