import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../domain/api-error';
import { hasErrors } from '../../../domain/form-rules';
import { useApi } from '../../api/api-context';
import { setSensorCableMutationOptions } from '../../api/mutations/sensors';
import { withEffects } from '../../api/mutations/with-effects';
import type { Sensor } from '../../api/queries/structures';
import { Button } from '../../ui/button';
import { useFormFields } from '../../ui/use-form-fields';
import { useNotify } from '../../ui/use-notify';
import { SensorSectionForm, type SensorSectionProps, selectedSensor } from './sensor-section';
import * as styles from './fatigue-detail.css';
import { RemoveCableDialog } from './remove-cable-dialog';
import { SensorCableFields } from './sensor-cable-fields';
import {
  cableFieldOf,
  cableValues,
  sensorCableBody,
  validateSensorCable,
} from './sensor-cable-form';

function CableForm({ sensor, editable }: { sensor: Sensor; editable: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  // The section edits a cable, so its figures are checked whether or not one is recorded yet.
  const { values, errors, setErrors, set } = useFormFields({
    ...cableValues(sensor.cable),
    onCable: 'yes',
  });
  const save = useMutation(
    withEffects(setSensorCableMutationOptions(api, queryClient, sensor.id), {
      onSuccess: () => notify('success', 'Cable saved'),
      onError: (error) => {
        notify('error', error.message);
        if (!isApiError(error) || error.detail === undefined) return;
        const field = cableFieldOf(error.field);
        setErrors(field ? { [field]: error.reason } : { onCable: error.detail });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSensorCable(values);
    setErrors(found);
    if (!hasErrors(found)) save.mutate(sensorCableBody(values));
  };

  return (
    <SensorSectionForm
      label={`Cable of ${sensor.sensor_id}`}
      editable={editable}
      busy={save.isPending}
      saveText="Save cable"
      onSubmit={submit}
    >
      <SensorCableFields values={values} errors={errors} onChange={set} disabled={!editable} />
    </SensorSectionForm>
  );
}

/** Takes the sensor off its cable, once confirmed. */
function RemoveCable({ sensor }: { sensor: Sensor }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Remove cable
      </Button>
      {confirming && <RemoveCableDialog sensor={sensor} onClose={() => setConfirming(false)} />}
    </div>
  );
}

/**
 * Bridge Management, under the Sensors tab: the stay or hanger the selected accelerometer is on
 * and its tension limits (decision 079). Staff and the company's administrator change it or take
 * the sensor off it; others read it. Other sensor types cannot read a cable's vibration, so they get no section.
 */
export function SensorCableSection(props: SensorSectionProps) {
  const { manages } = props;
  const sensor = selectedSensor(props);
  if (!sensor || sensor.type !== 'accelerometer') return null;
  if (!sensor.cable && !manages) return null;
  return (
    <section className={styles.section} aria-labelledby="sensor-cable-heading">
      <h2 id="sensor-cable-heading" className={styles.heading}>
        Cable of {sensor.sensor_id}
      </h2>
      <p className={styles.muted}>
        {sensor.cable
          ? 'The stay or hanger this accelerometer is on; its tension is estimated from the harmonics of its vibration.'
          : 'Not on a cable. Fill the length and mass per metre to mark it as on a stay or hanger.'}{' '}
        A blank bending stiffness is fitted from the harmonics; a blank limit is not checked.
      </p>
      <CableForm
        key={`${sensor.id}-${JSON.stringify(sensor.cable ?? null)}`}
        sensor={sensor}
        editable={manages}
      />
      {manages && sensor.cable && <RemoveCable sensor={sensor} />}
    </section>
  );
}
