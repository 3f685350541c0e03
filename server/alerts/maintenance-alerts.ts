import { and, eq, ne } from 'drizzle-orm';
import {
  HEALTH_ALERT_TYPES,
  LIMIT_EXCEEDED_ALERT,
  SENSOR_OFFLINE_ALERT,
} from '../../domain/health.ts';
import {
  MAINTENANCE_KIND_LABELS,
  type MaintenanceKind,
  STRUCTURAL_KINDS,
} from '../../domain/maintenance.ts';
import { TRIGGER_LEVEL_ALERT } from '../../domain/reference-shift.ts';
import { SENSOR_FAULT_ALERT } from '../../domain/sensor-faults.ts';
import type { Db } from '../db/client.ts';
import { alerts, datastreamSensors } from '../db/schema.ts';
import { clearWithNote } from './alert-store.ts';
import type { AlertCause } from './alerts-repository.ts';

export interface MaintenanceFacts {
  bridgeId: number;
  kind: MaintenanceKind;
  occurredOn: string;
  sensorId: number | null;
  note: string | null;
}

/**
 * Alert types about one sensor's output (their subject is a data stream id). A limit breach is
 * among them: a re-zeroed or replaced sensor measures from a new reference, so a breach read
 * against the old one no longer stands (the next analysis raises it again if the new output is
 * still beyond the limit).
 */
const SENSOR_ALERT_TYPES = [SENSOR_FAULT_ALERT, SENSOR_OFFLINE_ALERT, LIMIT_EXCEEDED_ALERT];

export function clearedNote(event: MaintenanceFacts): string {
  const what = `${MAINTENANCE_KIND_LABELS[event.kind]} recorded on ${event.occurredOn}`;
  return `Cleared by maintenance: ${what}${event.note ? `: ${event.note}` : ''}`;
}

/**
 * Which open alerts the maintenance resolves, given the data streams the maintained sensor
 * feeds: a repair or bearing replacement resolves the bridge's structural (health) alerts, since
 * the structure they judged is no longer the one measured; a sensor re-zero or replacement
 * resolves that sensor's fault and offline alerts, and the health alerts whose every
 * contributing stream is the sensor's own. Any maintenance releases a latched trigger level.
 */
export function resolvedByMaintenance(
  event: Pick<MaintenanceFacts, 'kind'>,
  sensorStreams: ReadonlySet<number>,
  alert: { type: string; subject: string; cause: AlertCause },
): boolean {
  // A latched trigger level is released by any maintenance an engineer records (decision 051).
  if (alert.type === TRIGGER_LEVEL_ALERT) return true;
  const health = (HEALTH_ALERT_TYPES as readonly string[]).includes(alert.type);
  if (STRUCTURAL_KINDS.includes(event.kind)) return health;
  if (sensorStreams.size === 0) return false;
  if (SENSOR_ALERT_TYPES.includes(alert.type)) return sensorStreams.has(Number(alert.subject));
  const streams = alert.cause.datastreams;
  return health && streams.length > 0 && streams.every((s) => sensorStreams.has(s.id));
}

/** Clears (with a note) the open alerts the recorded maintenance resolves; returns their ids. */
export async function clearAlertsOfMaintenance(
  db: Db,
  event: MaintenanceFacts,
  now: Date,
): Promise<number[]> {
  const sensorStreams = new Set(
    event.sensorId === null
      ? []
      : (
          await db
            .select({ id: datastreamSensors.datastreamId })
            .from(datastreamSensors)
            .where(eq(datastreamSensors.sensorId, event.sensorId))
        ).map((row) => row.id),
  );
  const open = await db
    .select({ id: alerts.id, type: alerts.type, subject: alerts.subject, cause: alerts.cause })
    .from(alerts)
    .where(and(eq(alerts.bridgeId, event.bridgeId), ne(alerts.state, 'cleared')));
  const ids = open
    .filter((alert) =>
      resolvedByMaintenance(event, sensorStreams, { ...alert, cause: alert.cause as AlertCause }),
    )
    .map((alert) => alert.id);
  await clearWithNote(db, ids, clearedNote(event), now);
  return ids;
}
