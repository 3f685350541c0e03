import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useApi } from '../../api/api-context';
import { saveAnalysisSettingsMutationOptions } from '../../api/mutations/analysis-settings';
import { withEffects } from '../../api/mutations/with-effects';
import {
  type AnalysisSettings,
  analysisSettingsQueryOptions,
} from '../../api/queries/analysis-settings';
import { hasErrors } from '../../../domain/form-rules';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { useNotify } from '../../ui/use-notify';
import {
  type AnalysisSettingsValues,
  settingsInput,
  settingsValues,
  validateAnalysisSettingsForm,
} from './analysis-settings-form';
import * as styles from './fatigue-detail.css';
import type { StructureData } from './structure-data';

function SettingsForm({ bridgeId, settings }: { bridgeId: number; settings: AnalysisSettings }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, errors, setErrors, set } = useFormFields<AnalysisSettingsValues>(() =>
    settingsValues(settings),
  );
  const save = useMutation(
    withEffects(saveAnalysisSettingsMutationOptions(api, queryClient, bridgeId), {
      onSuccess: () =>
        notify('success', 'Analysis settings saved; they apply from the next analysis'),
      onError: (error) => notify('error', error.message),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAnalysisSettingsForm(values);
    setErrors(found);
    if (!hasErrors(found)) save.mutate(settingsInput(values));
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Analysis settings">
      <div className={styles.grid}>
        <TextField
          label="Amber level (%)"
          inputMode="decimal"
          value={values.amber}
          error={errors.amber}
          onChange={(e) => set('amber', e.target.value)}
        />
        <TextField
          label="Red level (%)"
          inputMode="decimal"
          value={values.red}
          error={errors.red}
          onChange={(e) => set('red', e.target.value)}
        />
        <TextField
          label="Target false-alarm rate (%)"
          inputMode="decimal"
          value={values.ratePercent}
          error={errors.ratePercent}
          onChange={(e) => set('ratePercent', e.target.value)}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          Save analysis settings
        </Button>
      </div>
    </form>
  );
}

const describe = (s: AnalysisSettings) =>
  `Amber at ${s.amber_percent} %, red at ${s.red_percent} % of the compensated frequency; alarms calibrated to ${Number((s.target_false_alarm_rate * 100).toPrecision(6))} % false alarms${s.stored ? '' : ' (the defaults)'}.`;

/**
 * Bridge Management, under the Bridges tab: a bridge's trigger levels for the frequency shift of
 * an anomaly episode and its alarms' target false-alarm rate (docs/decisions/025). Everyone who
 * sees the bridge reads them; staff change them.
 */
export function AnalysisSettingsSection({
  data,
  isStaff,
}: {
  data: StructureData;
  isStaff: boolean;
}) {
  const api = useApi();
  const [bridgeId, setBridgeId] = useState<number | null>(null);
  const settings = useQuery({
    ...analysisSettingsQueryOptions(api, bridgeId ?? 0),
    enabled: bridgeId !== null,
  });
  return (
    <section className={styles.section} aria-labelledby="analysis-settings-heading">
      <h2 id="analysis-settings-heading" className={styles.heading}>
        Analysis settings
      </h2>
      <p className={styles.muted}>
        A structural alert states how far a natural frequency dropped once the temperature is
        allowed for, and which level it crossed; a red crossing makes the structural warning at
        least High.
      </p>
      <SelectField
        label="Bridge analysed"
        value={bridgeId === null ? '' : String(bridgeId)}
        placeholder="Select a bridge"
        options={data.bridges.map((b) => ({ value: String(b.id), label: b.name }))}
        onChange={(e) => setBridgeId(e.target.value ? Number(e.target.value) : null)}
      />
      {settings.data && (
        <>
          <p>{describe(settings.data)}</p>
          {isStaff && (
            <SettingsForm
              key={`${settings.data.bridge}-${settings.data.updated_at ?? 'default'}`}
              bridgeId={settings.data.bridge}
              settings={settings.data}
            />
          )}
        </>
      )}
    </section>
  );
}
