import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PLAN_LEVELS } from '../../../domain/response-plan';
import { useApi } from '../../api/api-context';
import { listContactGroupsQueryOptions } from '../../api/queries/contact-groups';
import { responsePlanQueryOptions } from '../../api/queries/response-plans';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { useFailureNotice } from '../../ui/use-failure-notice';
import * as styles from './notifications-screen.css';
import { ResponsePlanEditor } from './response-plan-editor';
import { ScreenSection } from './screen-section';

const hoursInWords = (hours: number) => (hours === 1 ? 'within 1 hour' : `within ${hours} hours`);
/** An action's own reminder interval once overdue (decision 077); none: the alert's. */
const remindersInWords = (minutes: number | null) =>
  minutes === null ? '' : `, reminders every ${minutes} minutes once overdue`;

/**
 * Each bridge's trigger-action-response plan (decision 077): a Bridge chooser among the
 * company's bridges, the plan in words per level, and Edit opening the form in place.
 */
export function ResponsePlansSection(props: {
  companyId: number;
  bridges: { id: number; name: string }[];
}) {
  const api = useApi();
  const [chosen, setChosen] = useState<number>();
  const bridgeId = chosen ?? props.bridges[0]?.id;
  const [editing, setEditing] = useState(false);
  const plan = useQuery({
    ...responsePlanQueryOptions(api, bridgeId ?? 0),
    enabled: bridgeId !== undefined,
  });
  const groups = useQuery(listContactGroupsQueryOptions(api, props.companyId));
  const failure = useFailureNotice(plan.error?.message, { as: 'banner' });
  return (
    <ScreenSection
      id="response-plans"
      title="Response plans"
      actions={
        !editing &&
        bridgeId !== undefined && (
          <Button disabled={!plan.data || !groups.data} onClick={() => setEditing(true)}>
            Edit plan
          </Button>
        )
      }
    >
      {bridgeId === undefined ? (
        <p className={styles.note}>The company has no bridges yet, so no plans.</p>
      ) : (
        <>
          <SelectField
            label="Bridge"
            value={String(bridgeId)}
            disabled={editing}
            options={props.bridges.map((b) => ({ value: String(b.id), label: b.name }))}
            onChange={(event) => setChosen(Number(event.target.value))}
          />
          {plan.isPending && <p className={styles.note}>Loading the plan…</p>}
          {failure}
          {plan.data && !editing && (
            <>
              {PLAN_LEVELS.map((level) => (
                <div key={level}>
                  <h3 className={styles.subheading}>
                    {level === 'amber' ? 'Amber level' : 'Red level'}
                  </h3>
                  {plan.data[level].length === 0 ? (
                    <p className={styles.note}>No actions.</p>
                  ) : (
                    <ul className={styles.words} aria-label={`${level} level actions`}>
                      {plan.data[level].map((action, index) => (
                        <li key={index}>
                          {action.text}, {hoursInWords(action.due_hours)}
                          {remindersInWords(action.reminder_minutes)} ({action.owner_name})
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ))}
              <p className={styles.note}>
                When the bridge crosses a level, its actions appear on the alert with a due time and
                an owner. A change applies to levels crossed after it.
              </p>
            </>
          )}
          {plan.data && groups.data && editing && (
            <ResponsePlanEditor
              key={bridgeId}
              bridgeId={bridgeId}
              plan={plan.data}
              groups={groups.data}
              onDone={() => setEditing(false)}
            />
          )}
        </>
      )}
    </ScreenSection>
  );
}
