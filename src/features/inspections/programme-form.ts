import type { InspectionProgramme, InspectionProgrammeInput } from '../../api/queries/inspections';
import {
  INSPECTION_KINDS,
  type InspectionKind,
  REGIME_PRESETS,
  type RatingScale,
  type Regime,
} from '../../../domain/inspection-regimes';

/** The programme form as typed: intervals are text so an emptied field means "not periodic". */
export interface ProgrammeFormValues {
  regime: Regime;
  ratingScale: RatingScale;
  intervals: Record<InspectionKind, string>;
  poorConditionFactor: string;
  dueLeadDays: string;
}

/** Field names as the API spells them, which is also how a refusal's detail names them. */
export type ProgrammeField =
  | 'regime'
  | 'rating_scale'
  | `intervals.${InspectionKind}`
  | 'poor_condition_factor'
  | 'due_lead_days';

export type ProgrammeFormErrors = Partial<Record<ProgrammeField, string>>;

const MAX_INTERVAL_MONTHS = 240;

const intervalsText = (intervals: Record<InspectionKind, number | null>) =>
  Object.fromEntries(
    INSPECTION_KINDS.map((kind) => [kind, intervals[kind] === null ? '' : String(intervals[kind])]),
  ) as Record<InspectionKind, string>;

export const programmeFormValues = (programme: InspectionProgramme): ProgrammeFormValues => ({
  regime: programme.regime,
  ratingScale: programme.rating_scale,
  intervals: intervalsText(programme.intervals),
  poorConditionFactor: String(programme.poor_condition_factor),
  dueLeadDays: String(programme.due_lead_days),
});

/**
 * Choosing a preset puts its scale and intervals in the form (they are fixed); choosing custom
 * keeps what is shown as the starting point.
 */
export function withRegime(values: ProgrammeFormValues, regime: Regime): ProgrammeFormValues {
  if (regime === 'custom') return { ...values, regime };
  const preset = REGIME_PRESETS[regime];
  return {
    ...values,
    regime,
    ratingScale: preset.ratingScale,
    intervals: intervalsText(preset.intervals),
  };
}

/** The bounds the contract states, said before the round trip. */
export function validateProgrammeForm(values: ProgrammeFormValues): ProgrammeFormErrors {
  const errors: ProgrammeFormErrors = {};
  if (values.regime === 'custom') {
    for (const kind of INSPECTION_KINDS) {
      const text = values.intervals[kind].trim();
      const months = Number(text);
      if (
        text !== '' &&
        (!Number.isInteger(months) || months < 1 || months > MAX_INTERVAL_MONTHS)
      ) {
        errors[`intervals.${kind}`] = `Whole months from 1 to ${MAX_INTERVAL_MONTHS}, or empty`;
      }
    }
  }
  const factor = Number(values.poorConditionFactor);
  if (values.poorConditionFactor.trim() === '' || !(factor >= 0.1 && factor <= 1)) {
    errors.poor_condition_factor = 'A number from 0.1 to 1';
  }
  const lead = Number(values.dueLeadDays);
  if (!/^\d+$/.test(values.dueLeadDays.trim()) || lead > 365) {
    errors.due_lead_days = 'Whole days from 0 to 365';
  }
  return errors;
}

/** A preset sends only its name (the server fills in what it fixes); custom sends its own. */
export function programmeBody(values: ProgrammeFormValues): InspectionProgrammeInput {
  const common = {
    regime: values.regime,
    poor_condition_factor: Number(values.poorConditionFactor),
    due_lead_days: Number(values.dueLeadDays),
  };
  if (values.regime !== 'custom') return common;
  const intervals = Object.fromEntries(
    INSPECTION_KINDS.map((kind) => {
      const text = values.intervals[kind].trim();
      return [kind, text === '' ? null : Number(text)];
    }),
  ) as Record<InspectionKind, number | null>;
  return { ...common, rating_scale: values.ratingScale, intervals };
}

const PROGRAMME_FIELDS: readonly string[] = [
  'regime',
  'rating_scale',
  ...INSPECTION_KINDS.map((kind) => `intervals.${kind}`),
  'poor_condition_factor',
  'due_lead_days',
];

/**
 * A refusal that names a field of the form ('intervals.routine: ...') belongs under that
 * field; any other detail stays in the dialog.
 */
export function programmeFieldError(
  field: string | undefined,
  reason: string | undefined,
): ProgrammeFormErrors {
  if (!field || !reason || !PROGRAMME_FIELDS.includes(field)) return {};
  return { [field as ProgrammeField]: reason.charAt(0).toUpperCase() + reason.slice(1) };
}
