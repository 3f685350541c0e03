import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { useLeaveToLogin, useSession } from '../../api/session-context';
import { type User, usersQueryKey } from '../../api/queries/users';
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
  const remove = useMutation({
    mutationFn: async () => {
      const { error } = await api.DELETE('/api/v1/users/{id}/delete', {
        params: { path: { id: user.id } },
      });
      if (error) throw error;
    },
    onSuccess: async () => {
      notify('success', USER_TOASTS.deleted);
      if (deletingSelf) {
        session.signOut();
        await leaveToLogin();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
      onClose();
    },
    onError: () => {
      notify('error', USER_TOASTS.deleteFailed);
      onClose();
    },
  });

  return (
    <Modal
      title="Delete User"
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => remove.mutate()}
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
