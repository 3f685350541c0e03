import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import { setSensorGeometryMutationOptions } from '../../api/mutations/sensors';
import { withEffects } from '../../api/mutations/with-effects';
import type { Sensor } from '../../api/queries/structures';
import { hasErrors } from '../../../domain/form-rules';
import { useFormFields } from '../../ui/use-form-fields';
import { useNotify } from '../../ui/use-notify';
import { SensorSectionForm, type SensorSectionProps, selectedSensor } from './sensor-section';
import * as styles from './fatigue-detail.css';
import { SensorPositionFields } from './sensor-position-fields';
import { positionValues, sensorGeometryBody, validateSensorPosition } from './sensor-position-form';

function PositionForm({ sensor, editable }: { sensor: Sensor; editable: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, errors, setErrors, set } = useFormFields(positionValues(sensor));
  const save = useMutation(
    withEffects(setSensorGeometryMutationOptions(api, queryClient, sensor.id), {
      onSuccess: () => notify('success', 'Position saved'),
      onError: (error) => notify('error', error.message),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSensorPosition(values);
    setErrors(found);
    if (!hasErrors(found)) save.mutate(sensorGeometryBody(values));
  };

  return (
    <SensorSectionForm
      label={`Position of ${sensor.sensor_id}`}
      editable={editable}
      busy={save.isPending}
      saveText="Save position"
      onSubmit={submit}
    >
      <SensorPositionFields values={values} errors={errors} onChange={set} disabled={!editable} />
    </SensorSectionForm>
  );
}

/**
 * Bridge Management, under the Sensors tab: where the selected sensor sits on its span and what
 * it measures (decision 057). Staff and the company's administrator change it; others read it.
 */
export function SensorPositionSection(props: SensorSectionProps) {
  const { manages } = props;
  const sensor = selectedSensor(props);
  if (!sensor) return null;
  return (
    <section className={styles.section} aria-labelledby="sensor-position-heading">
      <h2 id="sensor-position-heading" className={styles.heading}>
        Position of {sensor.sensor_id}
      </h2>
      <p className={styles.muted}>
        Chainage from the span&apos;s first support and offset from the deck&apos;s axis, in metres;
        a blank part is not recorded.
      </p>
      <PositionForm
        key={`${sensor.id}-${sensor.chainage_m ?? ''}-${sensor.transverse_offset_m ?? ''}-${sensor.direction ?? ''}`}
        sensor={sensor}
        editable={manages}
      />
    </section>
  );
}
