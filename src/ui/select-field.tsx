import type { ComponentPropsWithRef } from 'react';
import { FormField } from './form-field';

interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: string;
  error?: string | undefined;
  options?: SelectOption[];
  /** Options under labelled headings (`<optgroup>`), after `options`. */
  groups?: { label: string; options: SelectOption[] }[];
  /** The first, empty choice (e.g. 'Select a bridge'). */
  placeholder?: string;
}

const optionsOf = (options: SelectOption[]) =>
  options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));

export function SelectField({
  label,
  error,
  options = [],
  groups = [],
  placeholder,
  ...props
}: SelectFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <select {...control} {...props}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {optionsOf(options)}
          {groups.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {optionsOf(g.options)}
            </optgroup>
          ))}
        </select>
      )}
    </FormField>
  );
}
