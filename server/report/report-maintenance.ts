import { and, asc, eq, gte } from 'drizzle-orm';
import { MAINTENANCE_KIND_LABELS, type MaintenanceKind } from '../../domain/maintenance.ts';
import { dataExtent, loadBridgeStreams } from '../analysis/bridge-streams.ts';
import { loadMaintenance, maintenancePlan } from '../analysis/maintenance-plan.ts';
import type { Db } from '../db/client.ts';
import type { MaintenanceRepository } from '../maintenance/maintenance-repository.ts';
import { auditLog, maintenanceEvents, sensors, spans } from '../db/schema.ts';
import { maintenanceMeaning } from './maintenance-meaning.ts';
import type { MaintenanceEventFact } from './report-facts.ts';
import type { ReportMonth } from './report-month.ts';

const dateMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * The month's maintenance events, oldest first, each with what it meant for the monitoring at
 * the month's end: the analysis' plan of every event recorded up to then, at the newest data of
 * the month (as the analysis makes it at its newest data).
 */
export async function maintenanceFacts(
  db: Db,
  maintenanceRepository: MaintenanceRepository,
  bridgeId: number,
  month: ReportMonth,
  modelBaselineEnd: number | null,
): Promise<MaintenanceEventFact[]> {
  const rows = await db
    .select({ event: maintenanceEvents, sensor: sensors.label, span: spans.label })
    .from(maintenanceEvents)
    .leftJoin(sensors, eq(sensors.id, maintenanceEvents.sensorId))
    .leftJoin(spans, eq(spans.id, maintenanceEvents.spanId))
    .where(eq(maintenanceEvents.bridgeId, bridgeId))
    .orderBy(asc(maintenanceEvents.occurredOn), asc(maintenanceEvents.id));
  const inMonth = rows.filter((r) => r.event.occurredOn.slice(0, 7) === month.label);
  if (inMonth.length === 0) return [];

  const streams = await loadBridgeStreams(db, bridgeId);
  const extent = await dataExtent(
    db,
    streams.map((s) => s.id),
  );
  const newest = extent ? Math.min(month.endMs, extent.newest) : null;
  const maintenance = await loadMaintenance(db, maintenanceRepository, bridgeId);
  const events = maintenance.facts.filter((e) => dateMs(e.occurredOn) < month.endMs);
  const plan = maintenancePlan(events, newest ?? 0);
  const streamName = new Map(streams.map((s) => [s.id, s.streamId]));
  const sensorLabel = new Map(rows.map((r) => [r.event.sensorId, r.sensor]));
  const context = {
    plan,
    events,
    newest,
    modelBaselineEnd,
    sensorLabel: (id: number) => sensorLabel.get(id) ?? 'its sensor',
    streamsOf: (id: number) =>
      maintenance.streamsOfSensor(id).map((stream) => streamName.get(stream) ?? String(stream)),
  };
  const recordedBy = await recorders(db, bridgeId, month);
  return inMonth.map(({ event, sensor, span }) => ({
    occurredOn: event.occurredOn,
    kind: MAINTENANCE_KIND_LABELS[event.kind as MaintenanceKind],
    sensorLabel: sensor,
    spanLabel: span,
    note: event.note,
    recordedBy: recordedBy.get(event.id) ?? null,
    meaning: maintenanceMeaning({ ...event, kind: event.kind as MaintenanceKind }, context),
  }));
}

/**
 * Who recorded each event: the register keeps no author, but its table is audited as part of
 * its bridge (migration 0011), so the entry creating the row names them.
 */
async function recorders(db: Db, bridgeId: number, month: ReportMonth) {
  const entries = await db
    .select({ actor: auditLog.actorName, changes: auditLog.changes })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.objectType, 'bridge'),
        eq(auditLog.objectId, String(bridgeId)),
        eq(auditLog.record, 'maintenance_events'),
        eq(auditLog.action, 'create'),
        // No event of the month is recorded before the month: a date after today is refused.
        gte(auditLog.at, new Date(month.startMs)),
      ),
    );
  const byEvent = new Map<number, string>();
  for (const { actor, changes } of entries) {
    const id = (changes.id as { after?: unknown } | undefined)?.after;
    if (typeof id === 'number') byEvent.set(id, actor);
  }
  return byEvent;
}
