import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  ESCALATION_BOUNDS,
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
import { type FieldRefusal, fieldRefusalOf } from './rota-form';
import * as form from './company-form.css';

export const ESCALATION_SAVED = 'Escalation saved';
export const ESCALATION_RESET = 'Escalation returned to the defaults';

/** The fields the API names in its refusals (company-escalation-handlers.ts). */
const ESCALATION_FIELD = /^(tier2_minutes|tier3_minutes|reminder_minutes):\s*(.+)$/s;

const sentenceOf = (reason: string) => reason.charAt(0).toUpperCase() + reason.slice(1);

/** The form's own check, in the server's words, beside the field it names. */
function problemOf(settings: EscalationSettings): FieldRefusal | undefined {
  const problem = escalationProblem(settings);
  const named = problem === null ? null : ESCALATION_FIELD.exec(problem);
  return named ? { field: named[1] ?? '', message: sentenceOf(named[2] ?? '') } : undefined;
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
  const bounds = (field: keyof typeof ESCALATION_BOUNDS) => ({
    min: ESCALATION_BOUNDS[field].min,
    max: ESCALATION_BOUNDS[field].max,
  });
  return (
    <form onSubmit={submit} noValidate className={form.form} aria-label="Edit escalation">
      <TextField
        label="Tier 2 after (minutes without acknowledgement)"
        type="number"
        inputMode="numeric"
        step={1}
        {...bounds('tier2Minutes')}
        value={tier2}
        error={errorOf('tier2_minutes')}
        onChange={(event) => {
          setTier2(event.target.value);
          changed();
        }}
      />
      <TextField
        label="Tier 3 after (minutes without acknowledgement)"
        type="number"
        inputMode="numeric"
        step={1}
        {...bounds('tier3Minutes')}
        value={tier3}
        error={errorOf('tier3_minutes')}
        onChange={(event) => {
          setTier3(event.target.value);
          changed();
        }}
      />
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
      {reminders && (
        <TextField
          label="Reminder every (minutes)"
          type="number"
          inputMode="numeric"
          step={1}
          {...bounds('reminderMinutes')}
          value={reminder}
          error={errorOf('reminder_minutes')}
          onChange={(event) => {
            setReminder(event.target.value);
            changed();
          }}
        />
      )}
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
