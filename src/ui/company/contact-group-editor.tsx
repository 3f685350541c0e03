import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Change } from '../../api/mutations/contact-groups';
import type { ContactGroup, ContactGroupInput } from '../../api/queries/contact-groups';
import { TextField } from '../text-field';
import { useFailureNotice } from '../use-failure-notice';
import { CheckboxGroup } from './checkbox-group';
import { type FieldRefusal, fieldRefusalOf } from './rota-form';
import { ROUTING_FIELD } from './routing-fields';
import * as styles from './rotas.css';
import * as form from './company-form.css';

/** One contact group, created or replaced whole: its name and the company's people in it. */
export function ContactGroupEditor(props: {
  formId: string;
  group: ContactGroup | undefined;
  people: Map<number, string>;
  save: UseMutationResult<ContactGroup, Error, Change<ContactGroupInput>>;
  onSaved: () => void;
}) {
  const { group, save } = props;
  const [name, setName] = useState(group?.name ?? '');
  const [members, setMembers] = useState<string[]>((group?.members ?? []).map(String));
  const [problem, setProblem] = useState<FieldRefusal>();
  const refused = problem ?? fieldRefusalOf(save.error, ROUTING_FIELD);
  const errorOf = (field: string) => (refused?.field === field ? refused.message : undefined);
  const failure = useFailureNotice(save.isError && !refused ? save.error.message : undefined, {
    as: 'banner',
  });
  const changed = () => {
    setProblem(undefined);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setProblem({ field: 'name', message: 'Give the group a name' });
    const body = { name: name.trim(), members: members.map(Number) };
    save.mutate(group ? { kind: 'update', id: group.id, body } : { kind: 'create', body }, {
      onSuccess: props.onSaved,
    });
  };
  const options = [...props.people]
    .map(([id, username]) => ({ value: String(id), label: username }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const title = group ? `Edit ${group.name}` : 'New contact group';
  return (
    <form id={props.formId} onSubmit={submit} noValidate className={form.form} aria-label={title}>
      <h3 className={styles.subheading}>{title}</h3>
      <TextField
        label="Name"
        maxLength={200}
        value={name}
        error={errorOf('name')}
        onChange={(event) => {
          setName(event.target.value);
          changed();
        }}
      />
      <CheckboxGroup
        legend="Members"
        options={options}
        chosen={members}
        error={errorOf('members')}
        onChange={(chosen) => {
          setMembers(chosen);
          changed();
        }}
      />
      {failure}
    </form>
  );
}
