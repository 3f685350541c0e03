import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import { setProgrammeMutationOptions } from '../../api/mutations/inspections';
import { withEffects } from '../../api/mutations/with-effects';
import type { InspectionProgramme } from '../../api/queries/inspections';
import { isApiError } from '../../../domain/api-error';
import {
  INSPECTION_KIND_LABELS,
  INSPECTION_KINDS,
  type InspectionKind,
  RATING_SCALES,
  type RatingScale,
  REGIME_PRESETS,
  REGIMES,
  type Regime,
} from '../../../domain/inspection-regimes';
import { stack } from '../../ui/layout.css';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useNotify } from '../../ui/use-notify';
import * as styles from './inspections.css';
import {
  type ProgrammeField,
  type ProgrammeFormValues,
  programmeBody,
  programmeFieldError,
  programmeFormValues,
  validateProgrammeForm,
  withRegime,
} from './programme-form';
import { DialogActions } from '../../ui/dialog-actions';
import { useFormFields } from '../../ui/use-form-fields';
import { useFailureNotice } from '../../ui/use-failure-notice';

const FORM_ID = 'inspection-programme';

export const REGIME_LABELS: Record<Regime, string> = {
  NBIS: `NBIS: ${REGIME_PRESETS.NBIS.name}`,
  OSIM: `OSIM: ${REGIME_PRESETS.OSIM.name}`,
  custom: 'Custom',
};

const SCALE_LABELS: Record<RatingScale, string> = {
  NBI: 'NBI condition ratings (0-9)',
  BCI: 'Bridge Condition Index (0-100)',
};

interface ProgrammeModalProps {
  bridgeName: string;
  programme: InspectionProgramme;
  onClose: () => void;
}

/** Staff choose a bridge's regime; a preset fixes scale and intervals, custom edits them. */
export function ProgrammeModal({ bridgeName, programme, onClose }: ProgrammeModalProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, setValues, errors, setErrors, update } = useFormFields<
    ProgrammeFormValues,
    ProgrammeField
  >(() => programmeFormValues(programme));
  const custom = values.regime === 'custom';

  const save = useMutation(
    withEffects(setProgrammeMutationOptions(api, queryClient, programme.bridge), {
      onSuccess: () => {
        notify('success', `Inspection programme of ${bridgeName} saved`);
        onClose();
      },
      onError: (error) => {
        setErrors(isApiError(error) ? programmeFieldError(error.field, error.reason) : {});
      },
    }),
  );
  const refusalOnField = Object.keys(errors).length > 0;

  const setInterval = (kind: InspectionKind, text: string) =>
    update({ intervals: { ...values.intervals, [kind]: text } }, [`intervals.${kind}`]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProgrammeForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(programmeBody(values));
  };

  const saveFailure = useFailureNotice(refusalOnField ? null : save.error?.message, {
    as: 'banner',
  });
  return (
    <Modal
      title={`Inspection programme of ${bridgeName}`}
      onClose={onClose}
      wide
      actions={
        <DialogActions
          onCancel={onClose}
          form={FORM_ID}
          busy={save.isPending}
          label="Save"
          busyLabel="Saving..."
        />
      }
    >
      <form id={FORM_ID} className={stack} noValidate onSubmit={submit}>
        {saveFailure}
        <SelectField
          label="Regime"
          value={values.regime}
          error={errors.regime}
          options={REGIMES.map((regime) => ({ value: regime, label: REGIME_LABELS[regime] }))}
          onChange={(e) => {
            setValues((v) => withRegime(v, e.target.value as Regime));
            setErrors({});
          }}
        />
        <p className={styles.note}>
          {values.regime === 'custom'
            ? 'Custom: set the rating scale and any interval; leave an interval empty for inspections that are not periodic.'
            : `${REGIME_PRESETS[values.regime].source}. The preset fixes the scale and the intervals; choose Custom to change them.`}
        </p>
        <SelectField
          label="Rating scale"
          value={values.ratingScale}
          error={errors.rating_scale}
          disabled={!custom}
          options={RATING_SCALES.map((scale) => ({ value: scale, label: SCALE_LABELS[scale] }))}
          onChange={(e) => update({ ratingScale: e.target.value as RatingScale }, ['rating_scale'])}
        />
        <div className={styles.ratingRow}>
          {INSPECTION_KINDS.map((kind) => (
            <TextField
              key={kind}
              label={`${INSPECTION_KIND_LABELS[kind]} interval (months)`}
              type="number"
              placeholder="Not periodic"
              readOnly={!custom}
              value={values.intervals[kind]}
              error={errors[`intervals.${kind}`]}
              onChange={(e) => setInterval(kind, e.target.value)}
            />
          ))}
        </div>
        <div className={styles.ratingRow}>
          <TextField
            label="Poor-condition factor (0.1-1)"
            type="number"
            step="0.05"
            value={values.poorConditionFactor}
            error={errors.poor_condition_factor}
            onChange={(e) =>
              update({ poorConditionFactor: e.target.value }, ['poor_condition_factor'])
            }
          />
          <TextField
            label="Due lead (days)"
            type="number"
            value={values.dueLeadDays}
            error={errors.due_lead_days}
            onChange={(e) => update({ dueLeadDays: e.target.value }, ['due_lead_days'])}
          />
        </div>
        <p className={styles.note}>
          While the monitoring condition is Poor or Critical, intervals are multiplied by the
          poor-condition factor (whole months, at least one). &apos;Inspection due&apos; is raised
          the lead days before a due date.
        </p>
      </form>
    </Modal>
  );
}
