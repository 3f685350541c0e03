import { formatCalendarDate } from '../../../domain/formats';
import { Button } from '../../ui/button';
import * as styles from './inspections.css';
import type { InspectionDraft } from './inspection-draft';
import { useDraftOutbox } from './use-draft-outbox';

/** The words an inspector in the field reads when the network is gone (decision 053). */
export const SAVED_OFFLINE_TEXT = 'Saved on this phone — will send when you are back online';

const photoCount = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);

function describe(draft: InspectionDraft): string {
  const date = draft.values.inspectedOn ? formatCalendarDate(draft.values.inspectedOn) : '';
  return [draft.bridgeName, date, photoCount(draft.photos.length)].filter(Boolean).join(' · ');
}

/** Inspections recorded on this device and not yet confirmed by the server. */
export function DraftOutbox({ userId }: { userId: number }) {
  const { queued, refused, online, sending, sendAll } = useDraftOutbox(userId);
  if (queued.length === 0 && refused.length === 0) return null;
  const waiting = !online
    ? SAVED_OFFLINE_TEXT
    : sending
      ? 'Sending the inspections saved on this phone...'
      : 'Saved on this phone — not sent yet';
  return (
    <section className={styles.outbox} aria-label="Inspections saved on this phone">
      {queued.length > 0 && (
        <>
          <p role="status" className={styles.outboxText}>
            {waiting}
          </p>
          <ul className={styles.outboxList}>
            {queued.map((draft) => (
              <li key={draft.key}>{describe(draft)}</li>
            ))}
          </ul>
          {online && !sending && (
            <Button variant="secondary" onClick={() => void sendAll()}>
              Send now
            </Button>
          )}
        </>
      )}
      {refused.map((draft) => (
        <p key={draft.key} role="alert" className={styles.outboxText}>
          Not sent: {describe(draft)}. {draft.refusal} Open Record inspection to correct it.
        </p>
      ))}
    </section>
  );
}
