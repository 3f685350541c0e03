import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  ACTION_TEXT_MAX,
  ACTIONS_PER_LEVEL_MAX,
  ADMINISTRATORS_OWNER,
  DUE_HOURS_MAX,
  PLAN_LEVELS,
  type PlanLevel,
  REMINDER_MINUTES_MAX,
  REMINDER_MINUTES_MIN,
  responsePlanProblem,
} from '../../../domain/response-plan';
import { useApi } from '../../api/api-context';
import { saveResponsePlanMutationOptions } from '../../api/mutations/response-plans';
import type { ResponsePlan } from '../../api/queries/response-plans';
import { Button } from '../../ui/button';
import { DialogActions } from '../../ui/dialog-actions';
import * as form from '../../ui/company/company-form.css';
import { type FieldRefusal, fieldRefusalOf, refusalOfDetail } from '../../ui/company/rota-form';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { useNotify } from '../../ui/use-notify';

export const PLAN_SAVED = 'Response plan saved';

/** The fields the API names in its refusals (response-plan-handlers.ts), e.g. `red[1].due_hours`. */
const PLAN_FIELD =
  /^((?:amber|red)(?:\[\d+\]\.(?:text|due_hours|owner_group|reminder_minutes))?):\s*(.+)$/s;

interface Row {
  text: string;
  dueHours: string;
  /** '' for the company's administrators, else the contact group's id. */
  owner: string;
  /** '' for the alert's own reminder interval, else minutes. */
  reminderMinutes: string;
}

const LEVEL_NAME: Record<PlanLevel, string> = { amber: 'Amber', red: 'Red' };

const rowsOf = (plan: ResponsePlan, level: PlanLevel): Row[] =>
  plan[level].map((action) => ({
    text: action.text,
    dueHours: String(action.due_hours),
    owner: action.owner_group === null ? '' : String(action.owner_group),
    reminderMinutes: action.reminder_minutes === null ? '' : String(action.reminder_minutes),
  }));

const inputOf = (rows: Row[]) =>
  rows.map((row) => ({
    text: row.text,
    dueHours: row.dueHours.trim() === '' ? Number.NaN : Number(row.dueHours),
    ownerGroupId: row.owner === '' ? null : Number(row.owner),
    reminderMinutes: row.reminderMinutes.trim() === '' ? null : Number(row.reminderMinutes),
  }));

/**
 * Edits a bridge's trigger-action-response plan (decision 077): per level its actions, each a
 * text, a due time in hours, an owner and optionally its own reminder interval in minutes (the company's administrators or one of its contact
 * groups). The form checks with the domain rules the server uses; a refusal shows beside the
 * field it names; a toast says it was saved.
 */
export function ResponsePlanEditor(props: {
  bridgeId: number;
  plan: ResponsePlan;
  groups: { id: number; name: string }[];
  onDone: () => void;
}) {
  const api = useApi();
  const notify = useNotify();
  const formId = useId();
  const save = useMutation(saveResponsePlanMutationOptions(api, useQueryClient(), props.bridgeId));
  const [levels, setLevels] = useState<Record<PlanLevel, Row[]>>({
    amber: rowsOf(props.plan, 'amber'),
    red: rowsOf(props.plan, 'red'),
  });
  const [problem, setProblem] = useState<FieldRefusal>();
  const refused = problem ?? fieldRefusalOf(save.error, PLAN_FIELD);
  const errorOf = (field: string) => (refused?.field === field ? refused.message : undefined);
  const failure = useFailureNotice(save.isError && !refused ? save.error.message : undefined, {
    as: 'banner',
  });
  const owners = [
    { value: '', label: ADMINISTRATORS_OWNER },
    ...props.groups.map((group) => ({ value: String(group.id), label: group.name })),
  ];
  const change = (level: PlanLevel, rows: Row[]) => {
    setLevels({ ...levels, [level]: rows });
    setProblem(undefined);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const plan = { amber: inputOf(levels.amber), red: inputOf(levels.red) };
    const found = responsePlanProblem(plan, new Set(props.groups.map((group) => group.id)));
    if (found) return setProblem(refusalOfDetail(found, PLAN_FIELD));
    const bodyOf = (actions: typeof plan.amber) =>
      actions.map((a) => ({
        text: a.text.trim(),
        due_hours: a.dueHours,
        owner_group: a.ownerGroupId,
        reminder_minutes: a.reminderMinutes,
      }));
    const body = { amber: bodyOf(plan.amber), red: bodyOf(plan.red) };
    save.mutate(body, {
      onSuccess: () => {
        notify('success', PLAN_SAVED);
        props.onDone();
      },
    });
  };
  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      className={form.form}
      aria-label="Edit response plan"
    >
      {PLAN_LEVELS.map((level) => {
        const rows = levels[level];
        const set = (index: number, patch: Partial<Row>) =>
          change(
            level,
            rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
          );
        return (
          <fieldset key={level} className={form.section}>
            <legend className={form.heading}>{LEVEL_NAME[level]} level actions</legend>
            {errorOf(level) && <p className={form.error}>{errorOf(level)}</p>}
            {rows.length === 0 && <p className={form.note}>None.</p>}
            {rows.map((row, index) => {
              const field = `${level}[${index}]`;
              const name = `${LEVEL_NAME[level]} action ${index + 1}`;
              return (
                <div key={index} className={form.inputRow} role="group" aria-label={name}>
                  <div className={form.grow}>
                    <TextField
                      label={`${name}: what to do`}
                      value={row.text}
                      maxLength={ACTION_TEXT_MAX}
                      error={errorOf(`${field}.text`)}
                      onChange={(event) => set(index, { text: event.target.value })}
                    />
                  </div>
                  <TextField
                    label="Due within (hours)"
                    type="number"
                    inputMode="numeric"
                    step={1}
                    min={1}
                    max={DUE_HOURS_MAX}
                    value={row.dueHours}
                    error={errorOf(`${field}.due_hours`)}
                    onChange={(event) => set(index, { dueHours: event.target.value })}
                  />
                  <TextField
                    label="Remind every (minutes; empty: the alert's interval)"
                    type="number"
                    inputMode="numeric"
                    step={1}
                    min={REMINDER_MINUTES_MIN}
                    max={REMINDER_MINUTES_MAX}
                    value={row.reminderMinutes}
                    error={errorOf(`${field}.reminder_minutes`)}
                    onChange={(event) => set(index, { reminderMinutes: event.target.value })}
                  />
                  <SelectField
                    label="Owner"
                    options={owners}
                    value={row.owner}
                    error={errorOf(`${field}.owner_group`)}
                    onChange={(event) => set(index, { owner: event.target.value })}
                  />
                  <Button
                    variant="quiet"
                    aria-label={`Remove ${name.toLowerCase()}`}
                    onClick={() =>
                      change(
                        level,
                        rows.filter((_, i) => i !== index),
                      )
                    }
                  >
                    Remove
                  </Button>
                </div>
              );
            })}
            <div>
              <Button
                variant="secondary"
                disabled={rows.length >= ACTIONS_PER_LEVEL_MAX}
                onClick={() =>
                  change(level, [
                    ...rows,
                    { text: '', dueHours: '24', owner: '', reminderMinutes: '' },
                  ])
                }
              >
                Add {level} action
              </Button>
            </div>
          </fieldset>
        );
      })}
      <p className={form.note}>
        A change applies to levels crossed after it is saved; an open alert keeps the actions it was
        given.
      </p>
      {failure}
      <div className={form.inputRow}>
        <DialogActions
          form={formId}
          label="Save"
          busyLabel="Saving..."
          busy={save.isPending}
          onCancel={props.onDone}
        />
      </div>
    </form>
  );
}
