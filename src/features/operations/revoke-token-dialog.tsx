import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { revokeIngestTokenMutationOptions } from '../../api/mutations/operations';
import { withEffects } from '../../api/mutations/with-effects';
import type { IngestToken } from '../../api/queries/operations';
import { Modal } from '../../ui/modal';
import { DialogActions } from '../../ui/dialog-actions';
import { useFailureNotice } from '../../ui/use-failure-notice';

/** Asks before revoking: gateways using the token are refused from that moment. */
export function RevokeTokenDialog({
  bridgeId,
  token,
  onClose,
}: {
  bridgeId: number;
  token: IngestToken;
  onClose: () => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    withEffects(revokeIngestTokenMutationOptions(api, queryClient, bridgeId), {
      onSuccess: onClose,
    }),
  );

  const revokeFailure = useFailureNotice(revoke.error?.message, { as: 'banner' });
  return (
    <Modal
      title="Revoke ingest token"
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => revoke.mutate(token.id)}
          busy={revoke.isPending}
          label="Revoke"
          busyLabel="Revoking..."
        />
      }
    >
      <p>
        Revoke <strong>{token.name}</strong> ({token.prefix}…)? Gateways sending with it are refused
        at once, over HTTP and MQTT. This cannot be undone.
      </p>
      {revokeFailure}
    </Modal>
  );
}
