import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { removeSensorCableMutationOptions } from '../../api/mutations/sensors';
import { withEffects } from '../../api/mutations/with-effects';
import type { Sensor } from '../../api/queries/structures';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/use-notify';

/**
 * Confirms taking an accelerometer off its stay or hanger (DELETE /sensors/{id}/cable,
 * decision 079). The tensions already estimated are kept, and the dialog says so: removing the
 * cable stops new estimates, it does not erase the record.
 */
export function RemoveCableDialog({ sensor, onClose }: { sensor: Sensor; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const remove = useMutation(
    withEffects(removeSensorCableMutationOptions(api, queryClient, sensor), {
      onSuccess: () => {
        notify('success', 'Cable removed');
        onClose();
      },
      onError: (error) => {
        notify('error', error.message);
        onClose();
      },
    }),
  );

  return (
    <Modal
      title="Remove cable"
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          label="Remove cable"
          busyLabel="Removing..."
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      }
    >
      <p>
        Take <strong>{sensor.sensor_id}</strong> off its cable? No tension will be estimated for it
        from the next evaluation on, and the dashboard&apos;s Cable tension card leaves it out.
      </p>
      <p>The tensions already estimated are kept, and show again if the cable is set once more.</p>
    </Modal>
  );
}
