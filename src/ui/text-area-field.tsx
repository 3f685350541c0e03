import type { ComponentPropsWithRef } from 'react';
import { FormField } from './form-field';

export interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: string;
  /** Shown under the field and announced with it; also marks the field invalid. */
  error?: string | undefined;
}

/** A labelled text area: a comment or a reason, three lines by default. */
export function TextAreaField({ label, error, rows = 3, ...textareaProps }: TextAreaFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => <textarea {...control} rows={rows} {...textareaProps} />}
    </FormField>
  );
}
