import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { type OnCall, onCallQueryOptions } from '../api/queries/on-call';
import { useDisplaySettings } from './display-settings';

/**
 * HH:MM, with the weekday when the hand-off is not within a day: in the bridge company's zone,
 * named, on a dashboard (decision 064), else in the reader's.
 */
function untilText(until: string, now: number, zone: string | undefined): string {
  const at = new Date(until);
  return new Intl.DateTimeFormat(undefined, {
    ...(at.getTime() - now < 86_400_000 ? {} : { weekday: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
    ...(zone === undefined ? {} : { timeZone: zone, timeZoneName: 'short' }),
  }).format(at);
}

/** 'On call now: NAME until HH:MM' (with the rota's name when the company keeps several). */
export function onCallText(
  entries: readonly OnCall[],
  now: number,
  zone: string | undefined = undefined,
): string[] {
  const named = entries.filter((entry) => entry.username !== null);
  return named.map((entry) => {
    const rota = named.length > 1 ? ` (${entry.rota_name})` : '';
    const until = entry.until === null ? '' : ` until ${untilText(entry.until, now, zone)}`;
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
  const { timeZone } = useDisplaySettings();
  const onCall = useQuery(onCallQueryOptions(api, companyId));
  const lines = onCallText(onCall.data ?? [], onCall.dataUpdatedAt || Date.now(), timeZone);
  if (lines.length === 0) return null;
  return (
    <ul aria-label="On call" className={className}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
