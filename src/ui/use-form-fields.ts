import { useState } from 'react';
import type { FieldErrors } from '../domain/form-rules';

/**
 * Values and field messages of a form that is not one of the spec's machine forms; editing a
 * field clears its message. The checks are pure: each form's `*-form.ts`, built from the
 * shared rules of src/domain/form-rules.ts.
 */
export function useFormFields<Values extends Record<string, string>>(initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof Values>>({});
  /** Sets several fields at once (a map click fills latitude and longitude together). */
  const update = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors(
      (e) =>
        Object.fromEntries(Object.entries(e).filter(([field]) => !(field in patch))) as FieldErrors<
          keyof Values
        >,
    );
  };
  const set = (field: keyof Values, value: string) => update({ [field]: value } as Partial<Values>);
  return { values, errors, setErrors, set, update };
}
