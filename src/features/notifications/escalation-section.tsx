import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { escalationInWords } from '../../../domain/escalation-settings';
import { useApi } from '../../api/api-context';
import {
  type CompanyEscalation,
  companyEscalationQueryOptions,
} from '../../api/queries/escalation';
import { Button } from '../../ui/button';
import { EscalationEditor } from '../../ui/company/escalation-editor';
import { useFailureNotice } from '../../ui/use-failure-notice';
import * as styles from './notifications-screen.css';
import { ScreenSection } from './screen-section';

const settingsOf = (escalation: CompanyEscalation) => ({
  tier2Minutes: escalation.tier2_minutes,
  tier3Minutes: escalation.tier3_minutes,
  reminderMinutes: escalation.reminder_minutes,
});

/**
 * When the company's unacknowledged alerts go further and are repeated (decision 069), in
 * words, with Edit opening the form in place.
 */
export function EscalationSection({ companyId }: { companyId: number }) {
  const escalation = useQuery(companyEscalationQueryOptions(useApi(), companyId));
  const [editing, setEditing] = useState(false);
  const failure = useFailureNotice(escalation.error?.message, { as: 'banner' });
  return (
    <ScreenSection
      id="escalation"
      title="Escalation"
      actions={
        !editing && (
          <Button disabled={!escalation.data} onClick={() => setEditing(true)}>
            Edit escalation
          </Button>
        )
      }
    >
      {escalation.isPending && <p className={styles.note}>Loading the escalation…</p>}
      {failure}
      {escalation.data && !editing && (
        <>
          <ul className={styles.words} aria-label="Escalation in force">
            {escalationInWords(settingsOf(escalation.data)).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className={styles.note}>
            {escalation.data.custom
              ? "The company's own escalation. "
              : "The server's default escalation; the company has not set its own. "}
            A change applies to alerts raised after it; open alerts keep theirs.
          </p>
        </>
      )}
      {escalation.data && editing && (
        <EscalationEditor
          companyId={companyId}
          escalation={escalation.data}
          onDone={() => setEditing(false)}
        />
      )}
    </ScreenSection>
  );
}
