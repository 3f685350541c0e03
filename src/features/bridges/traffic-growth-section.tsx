import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { hasErrors } from '../../../domain/form-rules';
import { useApi } from '../../api/api-context';
import { setFatigueSettingsMutationOptions } from '../../api/mutations/fatigue';
import { withEffects } from '../../api/mutations/with-effects';
import { type BridgeFatigue, bridgeFatigueQueryOptions } from '../../api/queries/fatigue';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { useNotify } from '../../ui/use-notify';
import * as styles from './fatigue-detail.css';
import type { StructureData } from './structure-data';
import {
  type TrafficGrowthValues,
  growthInput,
  validateTrafficGrowthForm,
} from './traffic-growth-form';

function GrowthForm({ bridgeId, growth }: { bridgeId: number; growth: number | undefined }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, errors, setErrors, set } = useFormFields<TrafficGrowthValues>(() => ({
    growth: growth === undefined ? '' : String(growth),
  }));
  const save = useMutation(
    withEffects(setFatigueSettingsMutationOptions(api, queryClient, bridgeId), {
      onSuccess: (saved) =>
        notify(
          'success',
          `Traffic growth saved (${saved.traffic_growth_percent} % a year); remaining lives use it now`,
        ),
      onError: (error) => notify('error', error.message),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTrafficGrowthForm(values);
    setErrors(found);
    if (!hasErrors(found)) save.mutate(growthInput(values));
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Traffic growth">
      <div className={styles.grid}>
        <TextField
          label="Traffic growth (% a year)"
          inputMode="decimal"
          value={values.growth}
          error={errors.growth}
          onChange={(e) => set('growth', e.target.value)}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          Save traffic growth
        </Button>
      </div>
    </form>
  );
}

// The bridge's own setting; a server before it reported the growth only with each detail.
const growthOf = (fatigue: BridgeFatigue): number | undefined =>
  fatigue.traffic_growth_percent ??
  fatigue.details.find((d) => d.traffic_growth_percent !== undefined)?.traffic_growth_percent;

const describe = (growth: number | undefined) =>
  growth === undefined
    ? 'Traffic growth: not reported for this bridge.'
    : `Traffic growth: ${growth} % a year${growth === 0 ? " (today's traffic for ever)" : ''}.`;

/**
 * Bridge Management, under the Bridges tab: the yearly traffic growth every fatigue detail's
 * remaining life on the bridge assumes (decision 045). Everyone who sees the bridge reads it;
 * staff change it (the API's requireStaff: a company administrator is not staff here).
 */
export function TrafficGrowthSection({ data, isStaff }: { data: StructureData; isStaff: boolean }) {
  const api = useApi();
  const [bridgeId, setBridgeId] = useState<number | null>(null);
  const fatigue = useQuery({
    ...bridgeFatigueQueryOptions(api, bridgeId ?? 0),
    enabled: bridgeId !== null,
  });
  const growth = fatigue.data && growthOf(fatigue.data);
  return (
    <section className={styles.section} aria-labelledby="traffic-growth-heading">
      <h2 id="traffic-growth-heading" className={styles.heading}>
        Traffic growth
      </h2>
      <p className={styles.muted}>
        The fatigue remaining life assumes the damage rate grows by this percent each year
        (compounded); 0 % keeps today&apos;s traffic, a negative value a falling one.
      </p>
      <SelectField
        label="Bridge for traffic growth"
        value={bridgeId === null ? '' : String(bridgeId)}
        placeholder="Select a bridge"
        options={data.bridges.map((b) => ({ value: String(b.id), label: b.name }))}
        onChange={(e) => setBridgeId(e.target.value ? Number(e.target.value) : null)}
      />
      {fatigue.data && (
        <>
          <p>{describe(growth)}</p>
          {isStaff && (
            <GrowthForm
              key={`${fatigue.data.bridge}-${growth ?? 'unknown'}`}
              bridgeId={fatigue.data.bridge}
              growth={growth}
            />
          )}
        </>
      )}
    </section>
  );
}
