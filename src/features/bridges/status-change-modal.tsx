import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import { changeSensorStatusMutationOptions } from '../../api/mutations/sensor-status';
import { withEffects } from '../../api/mutations/with-effects';
import type { Sensor } from '../../api/queries/structures';
import { isSensorStatus } from '../../../domain/enums';
import { stack } from '../../ui/layout.css';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { useNotify } from '../../ui/use-notify';
import { useFormFields } from '../../ui/use-form-fields';
import { DialogActions } from '../../ui/dialog-actions';
import { sensorStatusLabel } from './bridge-messages';
import { SensorStatusField } from './sensor-status-field';

interface StatusChangeForm {
  status: string;
  /** A `datetime-local` value on the reader's clock; empty: now. */
  effectiveAt: string;
  note: string;
}

function validate(values: StatusChangeForm, current: string): Partial<StatusChangeForm> {
  const errors: Partial<StatusChangeForm> = {};
  if (values.status === '') errors.status = 'Status is required';
  else if (values.status === current)
    errors.status = `The sensor is already ${sensorStatusLabel(current)}`;
  if (values.effectiveAt !== '' && Number.isNaN(Date.parse(values.effectiveAt))) {
    errors.effectiveAt = 'Enter a date and time';
  }
  return errors;
}

/** Staff change a sensor's status from the time it took effect (now when left empty). */
export function StatusChangeModal({ sensor, onClose }: { sensor: Sensor; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, errors, setErrors, set } = useFormFields<StatusChangeForm>({
    status: '',
    effectiveAt: '',
    note: '',
  });
  const change = useMutation(
    withEffects(changeSensorStatusMutationOptions(api, queryClient, sensor.id), {
      onSuccess: () => {
        notify('success', 'Status changed');
        onClose();
      },
      onError: (error) => notify('error', error.message),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values, sensor.status);
    setErrors(found);
    if (Object.keys(found).length > 0 || !isSensorStatus(values.status)) return;
    change.mutate({
      status: values.status,
      ...(values.effectiveAt === ''
        ? {}
        : { effective_at: new Date(values.effectiveAt).toISOString() }),
      ...(values.note.trim() === '' ? {} : { note: values.note.trim() }),
    });
  };

  return (
    <Modal
      title={`Change status of ${sensor.sensor_id}`}
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          form="status-change-form"
          busy={change.isPending}
          label="Save"
          busyLabel="Saving..."
        />
      }
    >
      <form id="status-change-form" className={stack} onSubmit={submit} noValidate>
        <SensorStatusField
          label="New status"
          value={values.status}
          error={errors.status}
          onChange={(e) => set('status', e.target.value)}
        />
        <TextField
          label="In force from (empty: now)"
          type="datetime-local"
          value={values.effectiveAt}
          error={errors.effectiveAt}
          onChange={(e) => set('effectiveAt', e.target.value)}
        />
        <TextField label="Note" value={values.note} onChange={(e) => set('note', e.target.value)} />
      </form>
    </Modal>
  );
}
