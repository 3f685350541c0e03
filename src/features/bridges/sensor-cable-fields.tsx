import { useId } from 'react';
import { TextField } from '../../ui/text-field';
import * as position from './sensor-position.css';
import * as styles from './sensor-cable.css';
import {
  CABLE_FIELDS,
  CABLE_LABELS,
  type CableField,
  type SensorCableValues,
} from './sensor-cable-form';

/**
 * The stay or hanger an accelerometer is on (decision 079): length, mass per metre, optional EI
 * and the tension limits. With `toggle` (the create form) the figures show once the checkbox
 * marks the sensor as on a cable; without it (Bridge Management) they always show.
 */
export function SensorCableFields({
  values,
  errors,
  onChange,
  toggle = false,
  disabled = false,
}: {
  values: SensorCableValues;
  /** `onCable` carries a refusal of the cable as a whole. */
  errors: Partial<Record<keyof SensorCableValues, string | undefined>>;
  onChange: (field: keyof SensorCableValues, value: string) => void;
  toggle?: boolean;
  /** Read-only for those who may not change it. */
  disabled?: boolean;
}) {
  const id = useId();
  const shown = !toggle || values.onCable === 'yes';
  return (
    <fieldset className={position.group} disabled={disabled}>
      <legend className={position.legend}>Cable (optional)</legend>
      {toggle && (
        <div className={styles.toggle}>
          <input
            id={`${id}-on`}
            type="checkbox"
            className={styles.box}
            checked={values.onCable === 'yes'}
            onChange={(e) => onChange('onCable', e.target.checked ? 'yes' : '')}
          />
          <label htmlFor={`${id}-on`}>On a stay or hanger</label>
        </div>
      )}
      {errors.onCable && (
        <p role="alert" className={styles.refusal}>
          {errors.onCable}
        </p>
      )}
      {shown &&
        CABLE_FIELDS.map((field: CableField) => (
          <TextField
            key={field}
            label={CABLE_LABELS[field]}
            inputMode="decimal"
            value={values[field]}
            error={errors[field]}
            onChange={(e) => onChange(field, e.target.value)}
          />
        ))}
    </fieldset>
  );
}
