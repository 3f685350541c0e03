import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { fieldRefusalOf } from '../../../domain/api-error';
import { useFailureNotice } from '../../ui/use-failure-notice';

type Parsed<Field, Update> = { body: Update } | { field: Field; message: string };

/**
 * The form of a company dialog (limits, settings): what is typed, the field a check here or the
 * server's refusal names (shown beside it), a banner for any other failure, and the submit that
 * sends the parsed body. Typing again forgets the refusal.
 */
export function useCompanyForm<
  Field extends string,
  Values extends Record<Field, string>,
  Stored,
  Update,
>(options: {
  initial: () => Values;
  fields: readonly Field[];
  parse: (values: Values) => Parsed<Field, Update>;
  save: UseMutationResult<Stored, Error, Update>;
  onSaved: () => void;
}) {
  const { save } = options;
  const [values, setValues] = useState<Values>(options.initial);
  const [typed, setTyped] = useState<{ field: Field; message: string }>();
  const refused = typed ?? fieldRefusalOf(save.error, options.fields);
  const failure = useFailureNotice(save.isError && !refused ? save.error.message : undefined, {
    as: 'banner',
  });
  const errorOf = (field: Field) => (refused?.field === field ? refused.message : undefined);
  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTyped(undefined);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = options.parse(values);
    if ('field' in parsed) setTyped(parsed);
    else save.mutate(parsed.body, { onSuccess: options.onSaved });
  };
  return { values, errorOf, change, submit, failure };
}
