import { type FieldErrors, inRange, parseDecimal } from '../../../domain/form-rules';
import {
  LEVEL_PERCENT_MAX,
  LEVEL_PERCENT_MIN,
  TARGET_RATE_MAX,
  TARGET_RATE_MIN,
} from '../../../domain/trigger-levels';
import type { AnalysisSettings, AnalysisSettingsInput } from '../../api/queries/analysis-settings';

export interface AnalysisSettingsValues {
  amber: string;
  red: string;
  /** In percent on the form (0.1 to 5), a fraction in the API. */
  ratePercent: string;
}

// Percent on screen, a fraction in the API: rounded so 0.1 % does not show as 0.10000000000000001.
const percentOf = (fraction: number) => String(Number((fraction * 100).toPrecision(6)));

export const settingsValues = (settings: AnalysisSettings): AnalysisSettingsValues => ({
  amber: String(settings.amber_percent),
  red: String(settings.red_percent),
  ratePercent: percentOf(settings.target_false_alarm_rate),
});

const RATE_MIN_PERCENT = TARGET_RATE_MIN * 100;
const RATE_MAX_PERCENT = TARGET_RATE_MAX * 100;

/** The contract's bounds and the levels' order, checked before any call. */
export function validateAnalysisSettingsForm(
  values: AnalysisSettingsValues,
): FieldErrors<keyof AnalysisSettingsValues> {
  const errors: FieldErrors<keyof AnalysisSettingsValues> = {};
  const range = `between ${LEVEL_PERCENT_MIN} % and ${LEVEL_PERCENT_MAX} %`;
  if (!inRange(values.amber, LEVEL_PERCENT_MIN, LEVEL_PERCENT_MAX)) {
    errors.amber = `Amber level must be ${range}`;
  }
  if (!inRange(values.red, LEVEL_PERCENT_MIN, LEVEL_PERCENT_MAX)) {
    errors.red = `Red level must be ${range}`;
  } else if (!errors.amber && Number(values.red) > Number(values.amber)) {
    errors.red = 'Red level must be at or below the amber level';
  }
  if (!inRange(values.ratePercent, RATE_MIN_PERCENT, RATE_MAX_PERCENT)) {
    errors.ratePercent = `Target false-alarm rate must be between ${RATE_MIN_PERCENT} % and ${RATE_MAX_PERCENT} %`;
  }
  return errors;
}

/** The request body of valid values. */
export function settingsInput(values: AnalysisSettingsValues): AnalysisSettingsInput {
  return {
    amber_percent: parseDecimal(values.amber) ?? 0,
    red_percent: parseDecimal(values.red) ?? 0,
    target_false_alarm_rate: Number(((parseDecimal(values.ratePercent) ?? 0) / 100).toPrecision(6)),
  };
}
