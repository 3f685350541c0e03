import { type ComponentPropsWithRef, useId } from 'react';
import * as styles from '../../ui/text-field.css';

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: string;
  error?: string | undefined;
  options: { value: string; label: string }[];
  /** The first, empty choice (e.g. 'Select a bridge'). */
  placeholder?: string;
}

// The select twin of ui/text-field: label above, message under the field, announced with it.
export function SelectField({ label, error, options, placeholder, ...props }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
