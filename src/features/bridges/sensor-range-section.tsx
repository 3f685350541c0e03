import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import { setSensorRangeMutationOptions } from '../../api/mutations/sensors';
import { withEffects } from '../../api/mutations/with-effects';
import type { Sensor } from '../../api/queries/structures';
import { hasErrors } from '../../../domain/form-rules';
import { useFormFields } from '../../ui/use-form-fields';
import { useNotify } from '../../ui/use-notify';
import * as styles from './fatigue-detail.css';
import { SensorRangeFields } from './sensor-range-fields';
import { rangeValues, sensorRangeBody, validateSensorRange } from './sensor-range-form';
import { SensorSectionForm, selectedSensor, type SensorSectionProps } from './sensor-section';

function RangeForm({ sensor, editable }: { sensor: Sensor; editable: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, errors, setErrors, set } = useFormFields(rangeValues(sensor.measuring_range));
  const save = useMutation(
    withEffects(setSensorRangeMutationOptions(api, queryClient, sensor.id), {
      onSuccess: () => notify('success', 'Measuring range saved'),
      onError: (error) => notify('error', error.message),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSensorRange(values);
    setErrors(found);
    if (!hasErrors(found)) save.mutate(sensorRangeBody(values));
  };

  return (
    <SensorSectionForm
      label={`Measuring range of ${sensor.sensor_id}`}
      editable={editable}
      busy={save.isPending}
      saveText="Save measuring range"
      onSubmit={submit}
    >
      <SensorRangeFields values={values} errors={errors} onChange={set} disabled={!editable} />
    </SensorSectionForm>
  );
}

/**
 * Bridge Management, under the Sensors tab: the selected sensor's declared measuring range
 * (decision 030, 2026-12-01). Staff and the company's administrator change it; others read it.
 */
export function SensorRangeSection(props: SensorSectionProps) {
  const sensor = selectedSensor(props);
  if (!sensor) return null;
  const range = sensor.measuring_range;
  return (
    <section className={styles.section} aria-labelledby="sensor-range-heading">
      <h2 id="sensor-range-heading" className={styles.heading}>
        Measuring range of {sensor.sensor_id}
      </h2>
      <p className={styles.muted}>
        In the sensor&apos;s unit; a sample at either edge is taken as clipped, a sensor fault in
        its 10-minute window. A blank edge is not declared.
      </p>
      <RangeForm
        key={`${sensor.id}-${range?.low ?? ''}-${range?.high ?? ''}`}
        sensor={sensor}
        editable={props.manages}
      />
    </section>
  );
}
