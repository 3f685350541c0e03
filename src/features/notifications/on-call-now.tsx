import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { onCallQueryOptions } from '../../api/queries/on-call';
import type { Rota } from '../../api/queries/rotas';
import { useFailureNotice } from '../../ui/use-failure-notice';
import * as styles from './notifications-screen.css';
import { ScreenSection } from './screen-section';
import { zoneLabel } from '../../ui/time-zones';
import { zonedText } from './zone-time';

/**
 * Who answers the company's alarms now, per rota, and until when on the rota's own clock (issue
 * 32): the hand-off is agreed in the rota's zone, so it is shown in it and named.
 */
export function OnCallNow({ companyId, rotas }: { companyId: number; rotas: Rota[] | undefined }) {
  const onCall = useQuery(onCallQueryOptions(useApi(), companyId));
  const failure = useFailureNotice(onCall.error?.message, { as: 'banner' });
  const zoneOf = (rotaId: number) => rotas?.find((rota) => rota.id === rotaId)?.time_zone;
  return (
    <ScreenSection id="on-call-now" title="On call now">
      {onCall.isPending && <p className={styles.note}>Loading who is on call…</p>}
      {failure}
      {onCall.data?.length === 0 && (
        <p className={styles.note}>No rotas yet, so no one is on call. Add one under Rotas.</p>
      )}
      {onCall.data && onCall.data.length > 0 && (
        <ul className={styles.onCallList} aria-label="On call now">
          {onCall.data.map((entry) => {
            // The hand-off is shown once the rota's zone is known, never on a guessed clock.
            const zone = zoneOf(entry.rota_id);
            return (
              <li key={entry.rota_id} className={styles.onCallItem}>
                <strong>{entry.rota_name}</strong>
                <br />
                {entry.username ?? 'No one is on call'}
                {entry.override ? ' (override)' : ''}
                {entry.until && zone && (
                  <>
                    <br />
                    <small className={styles.note}>
                      until {zonedText(entry.until, zone)} ({zoneLabel(zone)})
                    </small>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </ScreenSection>
  );
}
