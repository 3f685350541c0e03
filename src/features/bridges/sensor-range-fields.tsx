import { TextField } from '../../ui/text-field';
import * as styles from './sensor-position.css';
import { RANGE_LABELS, type SensorRangeValues } from './sensor-range-form';

type RangeField = keyof SensorRangeValues;

/**
 * The declared measuring range, in the sensor's unit (decision 030): a sample at either edge is
 * taken as clipped. Optional on create and in Bridge Management.
 */
export function SensorRangeFields({
  values,
  errors,
  onChange,
  disabled = false,
}: {
  values: SensorRangeValues;
  /** Read-only for those who may not change it. */
  disabled?: boolean;
  errors: Partial<Record<RangeField, string | undefined>>;
  onChange: (field: RangeField, value: string) => void;
}) {
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>Measuring range (optional)</legend>
      {(['rangeLow', 'rangeHigh'] as const).map((field) => (
        <TextField
          key={field}
          label={RANGE_LABELS[field]}
          inputMode="decimal"
          value={values[field]}
          error={errors[field]}
          onChange={(e) => onChange(field, e.target.value)}
        />
      ))}
    </fieldset>
  );
}
