import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import type { ApiClient } from '../../api/client';
import { hasStatus, isApiError } from '../../domain/api-error';
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

async function deleteOne(api: ApiClient, { kind, id }: DeleteTarget, cascade: boolean) {
  const params = { path: { id }, query: cascade ? { cascade: true } : {} };
  // The server answers 409 while something hangs off the item, naming it in its detail.
  switch (kind) {
    case 'bridge':
      return void (await api.DELETE('/api/v1/bridges/{id}/delete', { params }));
    case 'span':
      return void (await api.DELETE('/api/v1/spans/{id}/delete', { params }));
    case 'sensor':
      return void (await api.DELETE('/api/v1/sensors/{id}/delete', { params }));
    case 'datastream':
      return void (await api.DELETE('/api/v1/datastreams/{id}/delete', { params }));
  }
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

  const remove = useMutation({
    mutationFn: (cascade: boolean) => deleteOne(api, target, cascade),
    onSuccess: async () => {
      notify('success', texts.done);
      onClose();
      // What hangs below may have gone too, so every structure list reloads.
      await queryClient.invalidateQueries({
        predicate: (q) =>
          ['bridges', 'spans', 'sensors', 'datastreams'].includes(String(q.queryKey[0])),
      });
    },
    onError: (error) => {
      if (isApiError(error) && hasStatus(error, 409)) {
        return setConflict(error.detail ?? 'Something is attached.');
      }
      notify('error', texts.failed);
      onClose();
    },
  });

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
