import type { ComponentPropsWithRef } from 'react';
import { FormField } from './form-field';

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: string;
  error?: string | undefined;
  options: { value: string; label: string }[];
  /** The first, empty choice (e.g. 'Select a bridge'). */
  placeholder?: string;
}

export function SelectField({ label, error, options, placeholder, ...props }: SelectFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <select {...control} {...props}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
