import { SENSOR_DIRECTIONS, type SensorDirection } from '../../../domain/sensor-geometry';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import * as styles from './sensor-position.css';
import { POSITION_LABELS, type SensorPositionValues } from './sensor-position-form';

type PositionField = keyof SensorPositionValues;

const DIRECTION_LABELS: Record<SensorDirection, string> = {
  vertical: 'Vertical',
  transverse: 'Transverse',
  longitudinal: 'Longitudinal',
};

/** Chainage, transverse offset and measuring direction: the create form's optional group. */
export function SensorPositionFields({
  values,
  errors,
  onChange,
  disabled = false,
}: {
  values: SensorPositionValues;
  /** Read-only for those who may not change it. */
  disabled?: boolean;
  errors: Partial<Record<PositionField, string | undefined>>;
  onChange: (field: PositionField, value: string) => void;
}) {
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>Position (optional)</legend>
      {(['chainage', 'transverseOffset'] as const).map((field) => (
        <TextField
          key={field}
          label={POSITION_LABELS[field]}
          inputMode="decimal"
          value={values[field]}
          error={errors[field]}
          onChange={(e) => onChange(field, e.target.value)}
        />
      ))}
      <SelectField
        label={POSITION_LABELS.direction}
        placeholder="Not recorded"
        options={SENSOR_DIRECTIONS.map((d) => ({ value: d, label: DIRECTION_LABELS[d] }))}
        value={values.direction}
        error={errors.direction}
        onChange={(e) => onChange('direction', e.target.value)}
      />
    </fieldset>
  );
}
