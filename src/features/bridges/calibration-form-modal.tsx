import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import { addCalibrationMutationOptions } from '../../api/mutations/calibrations';
import { withEffects } from '../../api/mutations/with-effects';
import type { Sensor } from '../../api/queries/structures';
import { stack } from '../../ui/layout.css';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { useNotify } from '../../ui/use-notify';
import {
  type CalibrationForm,
  EMPTY_CALIBRATION_FORM,
  calibrationBody,
  validateCalibrationForm,
} from './calibration-form';
import { useFormFields } from '../../ui/use-form-fields';
import { DialogActions } from '../../ui/dialog-actions';

const FIELDS: [keyof CalibrationForm, string, 'date' | 'text' | 'decimal'][] = [
  ['calibratedOn', 'Calibrated on', 'date'],
  ['calibratedBy', 'Calibrated by', 'text'],
  ['certificate', 'Certificate reference', 'text'],
  ['gaugeFactor', 'Gauge factor', 'decimal'],
  ['sensitivity', 'Sensitivity', 'decimal'],
  ['offset', 'Offset', 'decimal'],
  ['nextDue', 'Next due', 'date'],
];

/** Staff record a calibration; the register and the sensor's dates follow it. */
export function CalibrationFormModal({ sensor, onClose }: { sensor: Sensor; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, errors, setErrors, set } = useFormFields(EMPTY_CALIBRATION_FORM);

  const add = useMutation(
    withEffects(addCalibrationMutationOptions(api, queryClient, sensor.id), {
      onSuccess: () => {
        notify('success', 'Calibration recorded');
        onClose();
      },
      onError: (error) => notify('error', error.message),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCalibrationForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) add.mutate(calibrationBody(values));
  };

  return (
    <Modal
      wide
      title={`Add calibration of ${sensor.sensor_id}`}
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          form="calibration-form"
          busy={add.isPending}
          label="Save"
          busyLabel="Saving..."
        />
      }
    >
      <form id="calibration-form" className={stack} onSubmit={submit} noValidate>
        {FIELDS.map(([key, label, kind]) => (
          <TextField
            key={key}
            label={label}
            type={kind === 'date' ? 'date' : 'text'}
            inputMode={kind === 'decimal' ? 'decimal' : undefined}
            value={values[key]}
            error={errors[key]}
            onChange={(e) => set(key, e.target.value)}
          />
        ))}
      </form>
    </Modal>
  );
}
