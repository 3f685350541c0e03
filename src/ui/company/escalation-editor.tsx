import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  ESCALATION_BOUNDS,
  ESCALATION_FIELD_NAMES,
  type EscalationField,
  type EscalationSettings,
  escalationProblem,
} from '../../../domain/escalation-settings';
import { useApi } from '../../api/api-context';
import { saveEscalationMutationOptions } from '../../api/mutations/escalation';
import type { CompanyEscalation } from '../../api/queries/escalation';
import { Button } from '../button';
import { TextField } from '../text-field';
import { useFailureNotice } from '../use-failure-notice';
import { useNotify } from '../use-notify';
import { type FieldRefusal, fieldRefusalOf, refusalOfDetail } from './rota-form';
import * as form from './company-form.css';

export const ESCALATION_SAVED = 'Escalation saved';
export const ESCALATION_RESET = 'Escalation returned to the defaults';

/** The fields the API names in its refusals (company-escalation-handlers.ts). */
const ESCALATION_FIELD = /^(tier2_minutes|tier3_minutes|reminder_minutes):\s*(.+)$/s;

/** The form's own check, in the server's words, beside the field it names. */
function problemOf(settings: EscalationSettings): FieldRefusal | undefined {
  const problem = escalationProblem(settings);
  return problem === null ? undefined : refusalOfDetail(problem, ESCALATION_FIELD);
}

const wholeOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * Edits a company's escalation (decision 069): tier 2 and tier 3 delays and the reminder
 * interval, or no reminders, in whole minutes. Labelled number fields; a refusal shows beside
 * the field it names; a toast says it was saved. "Use the defaults" drops the company's own.
 */
export function EscalationEditor(props: {
  companyId: number;
  escalation: CompanyEscalation;
  onDone: () => void;
}) {
  const { escalation } = props;
  const api = useApi();
  const notify = useNotify();
  const save = useMutation(saveEscalationMutationOptions(api, useQueryClient(), props.companyId));
  const [tier2, setTier2] = useState(String(escalation.tier2_minutes));
  const [tier3, setTier3] = useState(String(escalation.tier3_minutes));
  const [reminders, setReminders] = useState(escalation.reminder_minutes !== null);
  const [reminder, setReminder] = useState(
    String(escalation.reminder_minutes ?? escalation.defaults.reminder_minutes ?? 30),
  );
  const [problem, setProblem] = useState<FieldRefusal>();
  const refused = problem ?? fieldRefusalOf(save.error, ESCALATION_FIELD);
  const errorOf = (field: string) => (refused?.field === field ? refused.message : undefined);
  const failure = useFailureNotice(save.isError && !refused ? save.error.message : undefined, {
    as: 'banner',
  });
  const remindersId = useId();
  const changed = () => {
    setProblem(undefined);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const settings = {
      tier2Minutes: wholeOf(tier2),
      tier3Minutes: wholeOf(tier3),
      reminderMinutes: reminders ? wholeOf(reminder) : null,
    };
    const found = problemOf(settings);
    if (found) return setProblem(found);
    const body = {
      tier2_minutes: settings.tier2Minutes,
      tier3_minutes: settings.tier3Minutes,
      reminder_minutes: settings.reminderMinutes,
    };
    save.mutate(body, {
      onSuccess: () => {
        notify('success', ESCALATION_SAVED);
        props.onDone();
      },
    });
  };
  const reset = () =>
    save.mutate(null, {
      onSuccess: () => {
        notify('success', ESCALATION_RESET);
        props.onDone();
      },
    });
  /** A labelled field of whole minutes, bounded as the server bounds it. */
  const minutesField = (
    field: EscalationField,
    label: string,
    value: string,
    set: (value: string) => void,
  ) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      step={1}
      min={ESCALATION_BOUNDS[field].min}
      max={ESCALATION_BOUNDS[field].max}
      value={value}
      error={errorOf(ESCALATION_FIELD_NAMES[field])}
      onChange={(event) => {
        set(event.target.value);
        changed();
      }}
    />
  );
  return (
    <form onSubmit={submit} noValidate className={form.form} aria-label="Edit escalation">
      {minutesField(
        'tier2Minutes',
        'Tier 2 after (minutes without acknowledgement)',
        tier2,
        setTier2,
      )}
      {minutesField(
        'tier3Minutes',
        'Tier 3 after (minutes without acknowledgement)',
        tier3,
        setTier3,
      )}
      <div className={form.switchRow}>
        <input
          id={remindersId}
          type="checkbox"
          checked={reminders}
          onChange={(event) => {
            setReminders(event.target.checked);
            changed();
          }}
        />
        <label htmlFor={remindersId}>Send reminders until someone acknowledges</label>
      </div>
      {reminders &&
        minutesField('reminderMinutes', 'Reminder every (minutes)', reminder, setReminder)}
      <p className={form.note}>
        A change applies to alerts raised after it is saved; open alerts keep the escalation they
        were raised under.
      </p>
      {failure}
      <div className={form.inputRow}>
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
        <Button variant="secondary" onClick={props.onDone} disabled={save.isPending}>
          Cancel
        </Button>
        {escalation.custom && (
          <Button variant="quiet" onClick={reset} disabled={save.isPending}>
            Use the defaults
          </Button>
        )}
      </div>
    </form>
  );
}
