import { inArray } from 'drizzle-orm';
import {
  type MaintenanceKind,
  REBASELINE_DAYS,
  SENSOR_KINDS,
  STRUCTURAL_KINDS,
} from '../../domain/maintenance.ts';
import type { Db } from '../db/client.ts';
import { datastreamSensors } from '../db/schema.ts';
import type { MaintenanceRepository } from '../maintenance/maintenance-repository.ts';
import { DAY_MS, PERIOD_DAYS } from './analysis-rules.ts';

/** A recorded maintenance event as the analysis needs it. */
export interface MaintenanceFact {
  occurredOn: string;
  kind: MaintenanceKind;
  sensorId: number | null;
}

export interface Rebaselining {
  /** The structural event's date (YYYY-MM-DD). */
  since: string;
  /** Whole days of data stored since it. */
  days: number;
  of: number;
}

/**
 * What the recorded maintenance means for one evaluation (docs/decisions/023):
 * - a repair or bearing replacement starts a new baseline at the start of its day: no data
 *   before it is learnt or judged again, and until REBASELINE_DAYS days of data follow it the
 *   bridge is re-baselining (nothing after it is judged);
 * - a sensor re-zero or replacement (after that) changes one sensor's output: its data before the
 *   event is blanked in any baseline, and its streams are left out of the scoring until a
 *   baseline holds REBASELINE_DAYS days of its data after the event.
 */
export interface MaintenancePlan {
  /** Epoch ms where the latest structural event's baseline starts, or null. */
  structuralSince: number | null;
  rebaselining: Rebaselining | null;
  /** Sensor id → epoch ms before which its data is blanked in a baseline. */
  sensorSince: Map<number, number>;
}

const dateMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function maintenancePlan(
  events: readonly MaintenanceFact[],
  newest: number,
): MaintenancePlan {
  const structural = events
    .filter((e) => STRUCTURAL_KINDS.includes(e.kind))
    .map((e) => dateMs(e.occurredOn))
    .reduce<number | null>((latest, t) => (latest === null || t > latest ? t : latest), null);
  const sensorSince = new Map<number, number>();
  for (const event of events) {
    if (!SENSOR_KINDS.includes(event.kind) || event.sensorId === null) continue;
    const at = dateMs(event.occurredOn);
    // A later structural event restarts everything: the sensor event is inside the new baseline.
    if (structural !== null && at <= structural) continue;
    sensorSince.set(event.sensorId, Math.max(at, sensorSince.get(event.sensorId) ?? at));
  }
  const stored = structural === null ? 0 : Math.max(0, newest - structural);
  const rebaselining =
    structural !== null && stored < REBASELINE_DAYS * DAY_MS
      ? {
          since: new Date(structural).toISOString().slice(0, 10),
          days: Math.floor(stored / DAY_MS),
          of: REBASELINE_DAYS,
        }
      : null;
  return { structuralSince: structural, rebaselining, sensorSince };
}

/**
 * Sensors whose post-event data the model has not learnt yet: the model's baseline must reach
 * REBASELINE_DAYS days past the event. Their streams are left out of the scoring meanwhile.
 */
export function settlingSensors(plan: MaintenancePlan, modelBaselineEnd: number | null): number[] {
  return [...plan.sensorSince].flatMap(([sensor, since]) =>
    modelBaselineEnd === null || modelBaselineEnd < since + REBASELINE_DAYS * DAY_MS
      ? [sensor]
      : [],
  );
}

/**
 * Whether the stored model must be trained again for the maintenance: it learnt from before the
 * structural event (once the re-baselining is over), or a sensor's post-event days can now fill
 * a baseline (the baseline ends where the 7-day evaluation period starts) that it lacks.
 */
export function maintenanceRetrainDue(
  plan: MaintenancePlan,
  model: { baselineStart: number; baselineEnd: number },
  newest: number,
  periodDays: number,
): boolean {
  if (plan.rebaselining) return false;
  if (plan.structuralSince !== null && model.baselineStart < plan.structuralSince) return true;
  const learnable = newest - periodDays * DAY_MS;
  return settlingSensors(plan, model.baselineEnd).some(
    (sensor) => learnable >= (plan.sensorSince.get(sensor) ?? 0) + REBASELINE_DAYS * DAY_MS,
  );
}

/**
 * The date (YYYY-MM-DD) of the maintenance a retraining is due for, or null: the structural
 * event the model predates, else the latest sensor event. A version trained for it is accepted
 * as the new reference (decision 041): recording maintenance is an engineer's act.
 */
export function maintenanceDueSince(
  plan: MaintenancePlan,
  baselineStart: number,
  baselineEnd: number,
  newest: number,
): string | null {
  if (!maintenanceRetrainDue(plan, { baselineStart, baselineEnd }, newest, PERIOD_DAYS)) {
    return null;
  }
  const structural = plan.structuralSince;
  const at =
    structural !== null && baselineStart < structural
      ? structural
      : Math.max(...plan.sensorSince.values());
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * The repair or bearing replacement (epoch ms) a retraining due for maintenance is made for, or
 * null: a model that learnt from before the latest structural event. Its version keeps the
 * previous reference's temperature sensitivity and refits the level (decision 051); a sensor
 * event's retraining does not (the structure, and so its frequencies' level, did not change).
 */
export function repairDueSince(plan: MaintenancePlan, baselineStart: number): number | null {
  const structural = plan.structuralSince;
  return !plan.rebaselining && structural !== null && baselineStart < structural
    ? structural
    : null;
}

/** The bridge's maintenance events and which data streams each maintained sensor feeds. */
export async function loadMaintenance(
  db: Db,
  maintenanceEvents: MaintenanceRepository,
  bridgeId: number,
) {
  const events = await maintenanceEvents.list(bridgeId);
  const sensorIds = [...new Set(events.flatMap((e) => (e.sensorId === null ? [] : [e.sensorId])))];
  const links =
    sensorIds.length === 0
      ? []
      : await db
          .select({ sensor: datastreamSensors.sensorId, stream: datastreamSensors.datastreamId })
          .from(datastreamSensors)
          .where(inArray(datastreamSensors.sensorId, sensorIds));
  return {
    facts: events.map((e) => ({
      occurredOn: e.occurredOn,
      kind: e.kind as MaintenanceKind,
      sensorId: e.sensorId,
    })),
    /** When the latest event was recorded (wall clock, epoch ms), null: none recorded. */
    recordedAt: events.reduce<number | null>(
      (latest, e) => Math.max(latest ?? 0, e.createdAt.getTime()),
      null,
    ),
    /** The data streams a maintained sensor feeds. */
    streamsOfSensor: (sensor: number) =>
      links.filter((l) => l.sensor === sensor).map((l) => l.stream),
  };
}
