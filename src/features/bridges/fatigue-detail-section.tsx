import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import {
  removeFatigueDetailMutationOptions,
  saveFatigueDetailMutationOptions,
} from '../../api/mutations/fatigue';
import { withEffects } from '../../api/mutations/with-effects';
import { bridgeFatigueQueryOptions, type FatigueDetailStatus } from '../../api/queries/fatigue';
import type { Sensor } from '../../api/queries/structures';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useNotify } from '../../ui/use-notify';
import type { Selection } from './dialogs';
import type { StructureData } from './structure-data';
import { useFormFields } from '../../ui/use-form-fields';
import * as styles from './fatigue-detail.css';
import {
  NUMBERS,
  type NumberKey,
  TEXT_MAX,
  validateFatigueDetailForm,
} from './fatigue-detail-form';
import { isSnCurve, SN_CURVE_GROUPS } from './sn-curve-options';
import { hasErrors } from '../../../domain/form-rules';

function initialValues(current: FatigueDetailStatus | undefined): Record<string, string> {
  const d = current?.detail;
  const values: Record<string, string> = {
    name: d?.name ?? '',
    material: d?.material ?? 'Steel',
    curve: d?.curve ?? 'EC3 71',
  };
  const fromDetail: Record<NumberKey, number | undefined> = {
    modulusGpa: d?.modulus_gpa,
    stressConcentration: d?.stress_concentration,
    gammaFf: d?.gamma_ff,
    gammaMf: d?.gamma_mf,
    designLifeYears: d?.design_life_years,
    alertLifeYears: d?.alert_life_years,
    alertRateFactor: d?.alert_rate_factor,
    alertDamageHigh: d?.alert_damage_high,
    alertDamageCritical: d?.alert_damage_critical,
    priorDamage: d?.prior_damage,
  };
  for (const [key, , fallback] of NUMBERS) values[key] = String(fromDetail[key] ?? fallback);
  return values;
}

function DetailForm({
  sensor,
  current,
  isStaff,
}: {
  sensor: Sensor;
  current: FatigueDetailStatus | undefined;
  isStaff: boolean;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, errors, setErrors, set } = useFormFields(initialValues(current));

  const save = useMutation(
    withEffects(saveFatigueDetailMutationOptions(api, queryClient, sensor), {
      onSuccess: () => notify('success', 'Fatigue detail saved'),
      onError: (error) => notify('error', error.message),
    }),
  );
  const remove = useMutation(
    withEffects(removeFatigueDetailMutationOptions(api, queryClient, sensor), {
      onSuccess: () => notify('success', 'Fatigue detail removed'),
      onError: (error) => notify('error', error.message),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFatigueDetailForm(values);
    setErrors(found);
    const curve = values.curve ?? '';
    if (!isSnCurve(curve) || hasErrors(found)) return;
    const number = (key: NumberKey) => Number(values[key]);
    save.mutate({
      name: (values.name ?? '').trim(),
      material: (values.material ?? '').trim(),
      curve,
      modulus_gpa: number('modulusGpa'),
      stress_concentration: number('stressConcentration'),
      gamma_ff: number('gammaFf'),
      gamma_mf: number('gammaMf'),
      design_life_years: number('designLifeYears'),
      alert_life_years: number('alertLifeYears'),
      alert_rate_factor: number('alertRateFactor'),
      alert_damage_high: number('alertDamageHigh'),
      alert_damage_critical: number('alertDamageCritical'),
      prior_damage: number('priorDamage'),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Fatigue detail of ${sensor.sensor_id}`}>
      <fieldset disabled={!isStaff} className={styles.grid} style={{ border: 0, padding: 0 }}>
        <TextField
          label="Detail name"
          value={values.name ?? ''}
          maxLength={TEXT_MAX}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          label="Material"
          value={values.material ?? ''}
          maxLength={TEXT_MAX}
          error={errors.material}
          onChange={(e) => set('material', e.target.value)}
        />
        <SelectField
          label="S-N curve"
          value={values.curve ?? ''}
          groups={SN_CURVE_GROUPS}
          onChange={(e) => set('curve', e.target.value)}
        />
        {NUMBERS.map(([key, label]) => (
          <TextField
            key={key}
            label={label}
            inputMode="decimal"
            value={values[key] ?? ''}
            error={errors[key]}
            onChange={(e) => set(key, e.target.value)}
          />
        ))}
      </fieldset>
      {isStaff && (
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            Save fatigue detail
          </Button>
          {current && (
            <Button variant="secondary" onClick={() => remove.mutate()} disabled={remove.isPending}>
              Remove fatigue detail
            </Button>
          )}
        </div>
      )}
    </form>
  );
}

/**
 * Bridge Management, under the Sensors tab: the fatigue detail the selected strain gauge
 * watches (issue 19). Staff edit it; other users read it.
 */
export function FatigueDetailSection({
  data,
  selection,
  isStaff,
}: {
  data: StructureData;
  selection: Selection;
  isStaff: boolean;
}) {
  const api = useApi();
  const sensor = selection.sensorId === null ? undefined : data.sensorById.get(selection.sensorId);
  const fatigue = useQuery({
    ...bridgeFatigueQueryOptions(api, sensor?.bridge ?? 0),
    enabled: sensor?.type === 'strain_gauge',
  });
  if (!sensor || sensor.type !== 'strain_gauge') {
    return (
      <section className={styles.section} aria-labelledby="fatigue-detail-heading">
        <h2 id="fatigue-detail-heading" className={styles.heading}>
          Fatigue detail
        </h2>
        <p className={styles.muted}>Select a strain gauge to see the fatigue detail it watches.</p>
      </section>
    );
  }
  const current = fatigue.data?.details.find((d) => d.detail.sensor === sensor.id);
  return (
    <section className={styles.section} aria-labelledby="fatigue-detail-heading">
      <h2 id="fatigue-detail-heading" className={styles.heading}>
        Fatigue detail of {sensor.sensor_id}
      </h2>
      {!current && <p className={styles.muted}>No fatigue detail set for this gauge yet.</p>}
      {fatigue.isPending ? (
        <p className={styles.muted}>Loading…</p>
      ) : (
        <DetailForm
          key={`${sensor.id}-${current?.detail.updated_at ?? 'new'}`}
          sensor={sensor}
          current={current}
          isStaff={isStaff}
        />
      )}
    </section>
  );
}
