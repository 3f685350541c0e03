import type { ComponentPropsWithRef } from 'react';
import { FormField } from './form-field';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  /** Shown under the field and announced with it; also marks the field invalid. */
  error?: string | undefined;
}

export function TextField({ label, error, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => <input {...control} {...inputProps} />}
    </FormField>
  );
}
