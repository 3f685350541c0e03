import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { deleteInspectionMutationOptions } from '../../api/mutations/inspections';
import { withEffects } from '../../api/mutations/with-effects';
import type { Inspection } from '../../api/queries/inspections';
import { formatCalendarDate } from '../../../domain/formats';
import { INSPECTION_KIND_LABELS } from '../../../domain/inspection-regimes';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/use-notify';
import { DialogActions } from '../../ui/dialog-actions';
import { useFailureNotice } from '../../ui/use-failure-notice';

interface DeleteInspectionDialogProps {
  inspection: Inspection;
  bridgeName: string;
  onClose: () => void;
}

/** Asks before a recorded inspection goes: its due dates go with it. */
export function DeleteInspectionDialog({
  inspection,
  bridgeName,
  onClose,
}: DeleteInspectionDialogProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const kind = INSPECTION_KIND_LABELS[inspection.kind].toLowerCase();
  const on = formatCalendarDate(inspection.inspected_on);
  const remove = useMutation(
    withEffects(deleteInspectionMutationOptions(api, queryClient), {
      onSuccess: () => {
        notify('success', `Inspection of ${bridgeName} deleted`);
        onClose();
      },
    }),
  );

  const removeFailure = useFailureNotice(remove.error?.message, { as: 'banner' });
  return (
    <Modal
      title="Delete inspection"
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => remove.mutate(inspection.id)}
          busy={remove.isPending}
          label="Delete"
          busyLabel="Deleting..."
        />
      }
    >
      {removeFailure}
      <p>
        Delete the {kind} inspection of <strong>{bridgeName}</strong> on {on} by{' '}
        {inspection.inspector}? The next due date is then computed from the previous inspection of
        that kind. This cannot be undone.
      </p>
    </Modal>
  );
}
