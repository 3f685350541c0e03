import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { type OnCall, onCallQueryOptions } from '../api/queries/on-call';

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayAndClock = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** HH:MM in the reader's zone; with the weekday when the hand-off is not within a day. */
function untilText(until: string, now: number): string {
  const at = new Date(until);
  return at.getTime() - now < 86_400_000 ? clock.format(at) : dayAndClock.format(at);
}

/** 'On call now: NAME until HH:MM' (with the rota's name when the company keeps several). */
export function onCallText(entries: readonly OnCall[], now: number): string[] {
  const named = entries.filter((entry) => entry.username !== null);
  return named.map((entry) => {
    const rota = named.length > 1 ? ` (${entry.rota_name})` : '';
    const until = entry.until === null ? '' : ` until ${untilText(entry.until, now)}`;
    return `On call now${rota}: ${entry.username}${until}`;
  });
}

/**
 * Who answers the company's alarms now, from its rotas (decision 056): on a bridge's dashboard
 * and in the Notifications panel. Nothing while it loads, when no one is on call, or when it
 * cannot be read: it is a pointer, not evidence.
 */
export function OnCallLine({ companyId, className }: { companyId: number; className?: string }) {
  const api = useApi();
  const onCall = useQuery(onCallQueryOptions(api, companyId));
  const lines = onCallText(onCall.data ?? [], onCall.dataUpdatedAt || Date.now());
  if (lines.length === 0) return null;
  return (
    <ul aria-label="On call" className={className}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
