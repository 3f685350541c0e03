import { useState } from 'react';
import type { FieldErrors } from '../../domain/form-rules';

/** Messages of a form: one per field, and 'form' for what concerns the whole form. */
export type FormErrors<Field extends PropertyKey> = FieldErrors<Field | 'form'>;

function without<Field extends PropertyKey>(
  errors: FormErrors<Field>,
  cleared: readonly (Field | 'form')[],
): FormErrors<Field> {
  const gone = new Set<PropertyKey>(cleared);
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => !gone.has(field)),
  ) as FormErrors<Field>;
}

/**
 * Values and messages of a form that is not one of the spec's machine forms; editing a field
 * clears its message and the whole-form one. The checks are pure: each form's `*-form.ts`, built
 * from the shared rules of domain/form-rules.ts. `Field` names the messages where they differ
 * from the values' keys (a form whose errors use the API's field names).
 */
export function useFormFields<Values extends object, Field extends PropertyKey = keyof Values>(
  initial: Values | (() => Values),
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  /**
   * Sets several fields at once (a map click fills latitude and longitude together); clears the
   * messages of `cleared`, by default the fields set.
   */
  const update = (
    patch: Partial<Values>,
    cleared: readonly Field[] = Object.keys(patch) as Field[],
  ) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => without(e, [...cleared, 'form']));
  };
  const set = <Key extends keyof Values>(field: Key, value: Values[Key]) =>
    update({ [field]: value } as unknown as Partial<Values>);
  return { values, setValues, errors, setErrors, set, update };
}
