import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useLeaveToLogin, useSession } from '../../api/session-context';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { ChangeCredentialsDialog } from './change-credentials-dialog';
import { DeleteAccountConfirmation } from './delete-account-confirmation';
import * as styles from './settings-dialog.css';

/**
 * Spec §2, Settings: the signed-in user's username and email, Logout, and Delete Account behind
 * a confirmation; issue 13 adds changing the email or password (with the current password).
 * Self-contained: whatever opens it (the map's sidebar entry) only passes onClose.
 */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const { user, signOut, deleteAccount, userChanged } = useSession();
  const leaveToLogin = useLeaveToLogin();
  const [confirming, setConfirming] = useState(false);
  const [changing, setChanging] = useState(false);
  const [deleting, setDeleting] = useState(false);

  // Signed out (by Logout or a deletion): the screen is leaving; nothing left to show.
  if (!user) return null;

  const logout = () => {
    signOut();
    void leaveToLogin();
  };

  async function confirmDelete() {
    setDeleting(true);
    // Spec §8: a failed deletion is only logged (by the session); the user stays signed in.
    if (await deleteAccount()) {
      await leaveToLogin();
      return;
    }
    setDeleting(false);
    setConfirming(false);
  }

  return (
    <>
      <Modal
        title="Settings"
        onClose={onClose}
        actions={
          <>
            <Button variant="secondary" onClick={logout}>
              Logout
            </Button>
            <Button className={styles.danger} onClick={() => setConfirming(true)}>
              Delete Account
            </Button>
          </>
        }
      >
        <dl className={styles.details}>
          <dt className={styles.term}>Username</dt>
          <dd className={styles.value}>{user.username}</dd>
          <dt className={styles.term}>Email</dt>
          <dd className={styles.value}>{user.email}</dd>
        </dl>
        <div>
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setChanging(true)}>
            Change email or password
          </Button>
        </div>
        <p>
          {/* Issue 32: each user's own channels, phone and quiet hours (decision 050). */}
          <Link to="/settings/notifications" onClick={onClose}>
            Notification settings
          </Link>
        </p>
      </Modal>
      {changing && (
        <ChangeCredentialsDialog
          user={user}
          onChanged={userChanged}
          onClose={() => setChanging(false)}
        />
      )}
      {confirming && (
        <DeleteAccountConfirmation
          deleting={deleting}
          onCancel={() => setConfirming(false)}
          onDelete={() => void confirmDelete()}
        />
      )}
    </>
  );
}
