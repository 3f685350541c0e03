import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { deleteStructureMutationOptions } from '../../api/mutations/structures';
import { withEffects } from '../../api/mutations/with-effects';
import { hasStatus, isApiError } from '../../../domain/api-error';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { DELETE_TOASTS, type DeletableKind } from './bridge-messages';
import * as styles from './bridges-page.css';
import { useNotify } from '../../ui/use-notify';

export interface DeleteTarget {
  kind: DeletableKind;
  id: number;
  name: string;
}

/**
 * Confirms a delete. The server refuses (409) while something hangs off the item and names
 * it; the dialog shows that and offers deleting with everything attached as a separate,
 * explicit step, so nothing is lost silently.
 */
export function DeleteDialog({ target, onClose }: { target: DeleteTarget; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [conflict, setConflict] = useState<string | null>(null);
  const texts = DELETE_TOASTS[target.kind];

  const remove = useMutation(
    withEffects(deleteStructureMutationOptions(api, queryClient, target), {
      onSuccess: () => {
        notify('success', texts.done);
        onClose();
      },
      onError: (error) => {
        // Something hangs off the item: the server names it, and deleting it too is offered.
        if (isApiError(error) && hasStatus(error, 409)) {
          return setConflict(error.detail ?? 'Something is attached.');
        }
        notify('error', texts.failed);
        onClose();
      },
    }),
  );

  return (
    <Modal
      title={`Delete ${target.kind}`}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {conflict ? (
            <Button disabled={remove.isPending} onClick={() => remove.mutate(true)}>
              Delete with everything attached
            </Button>
          ) : (
            <Button disabled={remove.isPending} onClick={() => remove.mutate(false)}>
              Delete
            </Button>
          )}
        </>
      }
    >
      <p>
        Delete {target.kind} <strong>{target.name}</strong>? This action cannot be undone.
      </p>
      {conflict && (
        <div role="alert" className={styles.conflict}>
          <p>{conflict}</p>
          <p>
            Deleting anyway removes what is attached as well. Data streams linked to removed sensors
            are only unlinked and keep their readings.
          </p>
        </div>
      )}
    </Modal>
  );
}
