import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import { createSensorMutationOptions } from '../../api/mutations/sensors';
import { withEffects } from '../../api/mutations/with-effects';
import type { Span } from '../../api/queries/structures';
import { SENSOR_TYPES } from '../../../domain/enums';
import { stack } from '../../ui/layout.css';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { BRIDGE_TOASTS, sensorTypeLabel } from './bridge-messages';
import { SensorStatusField } from './sensor-status-field';
import { SelectField } from '../../ui/select-field';
import { EMPTY_SENSOR_FORM, sensorBody, validateSensorForm } from './structure-forms';
import { useFormFields } from '../../ui/use-form-fields';
import { useNotify } from '../../ui/use-notify';
import { DialogActions } from '../../ui/dialog-actions';
import { isQuasiStatic } from '../../../domain/sensor-limits';
import { LimitTextFields } from './limit-text-fields';
import { SensorPositionFields } from './sensor-position-fields';
import { SensorCableFields } from './sensor-cable-fields';
import { cableFieldOf } from './sensor-cable-form';
import { isApiError } from '../../../domain/api-error';
import { SensorRangeFields } from './sensor-range-fields';

const DATE_FIELDS = [
  ['installationDate', 'Installation date'],
  ['lastCalibrationDate', 'Last calibration date'],
  ['nextCalibrationDate', 'Next calibration date'],
] as const;

export function SensorFormModal({ span, onClose }: { span: Span; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, errors, setErrors, set } = useFormFields(EMPTY_SENSOR_FORM);

  const create = useMutation(
    withEffects(createSensorMutationOptions(api, queryClient), {
      onSuccess: () => {
        notify('success', BRIDGE_TOASTS.sensorCreated);
        onClose();
      },
      onError: (error) => {
        notify('error', BRIDGE_TOASTS.sensorCreateFailed);
        // The spec's toast stays; a refusal of the cable is also shown where it was typed.
        if (!isApiError(error) || !error.field?.startsWith('cable')) return;
        const field = cableFieldOf(error.field);
        setErrors(field ? { [field]: error.reason } : { onCable: error.detail });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSensorForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(sensorBody(values, { bridge: span.bridge, span: span.id }));
  };

  return (
    <Modal
      wide
      title={`Create Sensor on ${span.span_id}`}
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          form="sensor-form"
          busy={create.isPending}
          label="Save"
          busyLabel="Saving..."
        />
      }
    >
      <form id="sensor-form" className={stack} noValidate onSubmit={submit}>
        <TextField
          label="Sensor ID"
          value={values.sensorId}
          error={errors.sensorId}
          onChange={(e) => set('sensorId', e.target.value)}
        />
        <SelectField
          label="Type"
          placeholder="Select a type"
          options={SENSOR_TYPES.map((t) => ({ value: t, label: sensorTypeLabel(t) }))}
          value={values.type}
          error={errors.type}
          onChange={(e) => set('type', e.target.value)}
        />
        <SensorStatusField
          label="Status"
          value={values.status}
          error={errors.status}
          onChange={(e) => set('status', e.target.value)}
        />
        <TextField
          label="Manufacturer"
          value={values.manufacturer}
          onChange={(e) => set('manufacturer', e.target.value)}
        />
        <TextField
          label="Model number"
          value={values.modelNumber}
          onChange={(e) => set('modelNumber', e.target.value)}
        />
        {isQuasiStatic(values.type) && (
          <LimitTextFields values={values} errors={errors} onChange={set} />
        )}
        {DATE_FIELDS.map(([field, label]) => (
          <TextField
            key={field}
            label={label}
            type="date"
            value={values[field]}
            error={errors[field]}
            onChange={(e) => set(field, e.target.value)}
          />
        ))}
        <SensorPositionFields values={values} errors={errors} onChange={set} />
        <SensorRangeFields values={values} errors={errors} onChange={set} />
        {values.type === 'accelerometer' && (
          <SensorCableFields values={values} errors={errors} onChange={set} toggle />
        )}
      </form>
    </Modal>
  );
}
