import { TextField } from '../../ui/text-field';
import { LIMIT_FIELDS, LIMIT_LABELS, type SensorLimitsValues } from './sensor-limits-form';

type LimitField = keyof SensorLimitsValues;

/** The low limit, high limit and sustained time, as the create form and the Limits section ask. */
export function LimitTextFields({
  values,
  errors,
  onChange,
}: {
  values: SensorLimitsValues;
  errors: Partial<Record<LimitField, string | undefined>>;
  onChange: (field: LimitField, value: string) => void;
}) {
  return LIMIT_FIELDS.map((field) => (
    <TextField
      key={field}
      label={LIMIT_LABELS[field]}
      inputMode={field === 'sustainedMinutes' ? 'numeric' : 'decimal'}
      value={values[field]}
      error={errors[field]}
      onChange={(e) => onChange(field, e.target.value)}
    />
  ));
}
