import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { RotaChange } from '../../api/mutations/rotas';
import type { Rota } from '../../api/queries/rotas';
import { SelectField } from '../select-field';
import { TextField } from '../text-field';
import { browserTimeZone, timeZoneChoices, timeZoneOptions } from '../time-zones';
import { useFailureNotice } from '../use-failure-notice';
import {
  type FieldRefusal,
  type RotaFormValues,
  fieldRefusalOf,
  formValuesOf,
  inputOf,
} from './rota-form';
import { RotaMembersField } from './rota-members-field';
import { RotaOverridesField } from './rota-overrides-field';
import * as form from './company-form.css';
import * as styles from './rotas.css';

interface RotaEditorProps {
  /** The form's id, for the dialog's Save button. */
  formId: string;
  /** The stored rota, or undefined for a new one. */
  rota: Rota | undefined;
  /** The company's people by id: the members and stand-ins to choose from. */
  people: Map<number, string>;
  save: UseMutationResult<Rota, Error, RotaChange>;
  onSaved: () => void;
}

const ROTATIONS = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'daily', label: 'Daily' },
];

/** Today's date on this browser's clock, as the first turn of a new rota. */
const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/**
 * One rota, created or replaced whole (decision 056). The rules the server applies run here
 * first (domain/rota-rules.ts), so most mistakes are shown without a round trip; what only
 * the server knows (that a person is the company's) comes back beside the same field.
 */
export function RotaEditor({ formId, rota, people, save, onSaved }: RotaEditorProps) {
  const [values, setValues] = useState<RotaFormValues>(() =>
    formValuesOf(rota, browserTimeZone(), today()),
  );
  const [problem, setProblem] = useState<FieldRefusal>();
  const refused = problem ?? fieldRefusalOf(save.error);
  const errorOf = (field: string) => (refused?.field === field ? refused.message : undefined);
  const failure = useFailureNotice(save.isError && !refused ? save.error.message : undefined, {
    as: 'banner',
  });

  const change = <K extends keyof RotaFormValues>(field: K, value: RotaFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblem(undefined);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = inputOf(values);
    if ('problem' in checked) return setProblem(checked.problem);
    const body = checked.input;
    save.mutate(rota ? { kind: 'update', id: rota.id, body } : { kind: 'create', body }, {
      onSuccess: onSaved,
    });
  };

  const zones = timeZoneChoices(values.timeZone, browserTimeZone());
  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      className={form.form}
      aria-label={rota ? `Edit ${rota.name}` : 'New rota'}
    >
      <h3 className={styles.subheading}>{rota ? `Edit ${rota.name}` : 'New rota'}</h3>
      <TextField
        label="Name"
        maxLength={200}
        value={values.name}
        error={errorOf('name')}
        onChange={(event) => change('name', event.target.value)}
      />
      <div className={styles.pair}>
        <SelectField
          label="Rotation"
          value={values.rotation}
          options={ROTATIONS}
          error={errorOf('rotation')}
          onChange={(event) =>
            change('rotation', event.target.value === 'daily' ? 'daily' : 'weekly')
          }
        />
        <TextField
          label="Hand-off time"
          type="time"
          value={values.handOffTime}
          error={errorOf('hand_off_time')}
          onChange={(event) => change('handOffTime', event.target.value)}
        />
        <SelectField
          label="Time zone"
          value={values.timeZone}
          options={timeZoneOptions(zones)}
          error={errorOf('time_zone')}
          onChange={(event) => change('timeZone', event.target.value)}
        />
        <TextField
          label="First turn on"
          type="date"
          value={values.startsOn}
          error={errorOf('starts_on')}
          onChange={(event) => change('startsOn', event.target.value)}
        />
      </div>
      <RotaMembersField
        members={values.members}
        people={people}
        error={errorOf('members')}
        onChange={(members) => change('members', members)}
      />
      <RotaOverridesField
        overrides={values.overrides}
        people={people}
        timeZone={values.timeZone}
        errorOf={errorOf}
        onChange={(overrides) => change('overrides', overrides)}
      />
      {failure}
    </form>
  );
}
