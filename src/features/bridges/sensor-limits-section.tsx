import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import { setSensorLimitsMutationOptions } from '../../api/mutations/sensors';
import { withEffects } from '../../api/mutations/with-effects';
import type { Sensor } from '../../api/queries/structures';
import { hasErrors } from '../../../domain/form-rules';
import { isQuasiStatic, LIMIT_WINDOW_MINUTES } from '../../../domain/sensor-limits';
import { Button } from '../../ui/button';
import { useFormFields } from '../../ui/use-form-fields';
import { useNotify } from '../../ui/use-notify';
import type { Selection } from './dialogs';
import * as styles from './fatigue-detail.css';
import { LimitTextFields } from './limit-text-fields';
import { limitsValues, sensorLimitsBody, validateSensorLimits } from './sensor-limits-form';
import type { StructureData } from './structure-data';

function LimitsForm({ sensor, editable }: { sensor: Sensor; editable: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, errors, setErrors, set } = useFormFields(limitsValues(sensor.limits));
  const save = useMutation(
    withEffects(setSensorLimitsMutationOptions(api, queryClient, sensor.id), {
      onSuccess: () => notify('success', 'Limits saved'),
      onError: (error) => notify('error', error.message),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSensorLimits(values);
    setErrors(found);
    if (!hasErrors(found)) save.mutate(sensorLimitsBody(values));
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Limits of ${sensor.sensor_id}`}>
      <fieldset disabled={!editable} className={styles.grid} style={{ border: 0, padding: 0 }}>
        <LimitTextFields values={values} errors={errors} onChange={set} />
      </fieldset>
      {editable && (
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            Save limits
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * Bridge Management, under the Sensors tab: the limits of the selected strain gauge, tilt or
 * displacement sensor (issue 15). Staff and the company's administrator edit them; other users read them. Shown for those types
 * only: the other channels are modal data or context, not checked against limits.
 */
export function SensorLimitsSection({
  data,
  selection,
  manages,
}: {
  data: StructureData;
  selection: Selection;
  /** Staff or the sensor's company administrator edit them (the server decides the same). */
  manages: boolean;
}) {
  const sensor = selection.sensorId === null ? undefined : data.sensorById.get(selection.sensorId);
  if (!sensor || !isQuasiStatic(sensor.type)) return null;
  const limits = sensor.limits;
  return (
    <section className={styles.section} aria-labelledby="sensor-limits-heading">
      <h2 id="sensor-limits-heading" className={styles.heading}>
        Limits of {sensor.sensor_id}
      </h2>
      <p className={styles.muted}>
        In the sensor&apos;s unit; a blank limit is not checked. The analysis raises &apos;Limit
        exceeded&apos; when the {LIMIT_WINDOW_MINUTES}-minute means stay beyond a limit for the
        sustained time, so a passing vehicle does not.
      </p>
      <LimitsForm
        key={`${sensor.id}-${limits?.low ?? ''}-${limits?.high ?? ''}-${limits?.sustained_minutes ?? ''}`}
        sensor={sensor}
        editable={manages}
      />
    </section>
  );
}
