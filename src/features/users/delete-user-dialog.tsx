import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { useLeaveToLogin, useSession } from '../../api/session-context';
import { deleteUserMutationOptions } from '../../api/mutations/users';
import { withEffects } from '../../api/mutations/with-effects';
import type { User } from '../../api/queries/users';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/use-notify';
import { USER_TOASTS } from './user-messages';
import { DialogActions } from '../../ui/dialog-actions';

export function DeleteUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const session = useSession();
  const leaveToLogin = useLeaveToLogin();
  // Deleting your own account (spec §7) ends your session like the Settings dialog does.
  const deletingSelf = session.user?.id === user.id;
  const options = deleteUserMutationOptions(api, queryClient);
  const remove = useMutation(
    // Signed out, there is no list to reload: asking for it would only meet a refused token.
    withEffects(deletingSelf ? { ...options, onSuccess: undefined } : options, {
      onSuccess: async () => {
        notify('success', USER_TOASTS.deleted);
        if (!deletingSelf) return onClose();
        session.signOut();
        await leaveToLogin();
      },
      onError: () => {
        notify('error', USER_TOASTS.deleteFailed);
        onClose();
      },
    }),
  );

  return (
    <Modal
      title="Delete User"
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => remove.mutate(user.id)}
          busy={remove.isPending}
          label="Delete"
          busyLabel="Deleting..."
        />
      }
    >
      <p>
        Delete the account of <strong>{user.username}</strong> ({user.email})? This action cannot be
        undone.
      </p>
    </Modal>
  );
}
