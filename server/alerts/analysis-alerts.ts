import { sql } from 'drizzle-orm';
import {
  deriveHealth,
  HEALTH_ALERT_TYPES,
  type HealthAlertType,
  healthAlerts,
  LIMIT_EXCEEDED_ALERT,
} from '../../domain/health.ts';
import { withPhysicalSeverity } from '../../domain/physical-severity.ts';
import { SENSOR_FAULT_ALERT, SENSOR_FAULT_SEVERITY } from '../../domain/sensor-faults.ts';
import { limitExceededMessage } from '../../domain/sensor-limits.ts';
import { tensionBreachMessage } from '../../domain/cable.ts';
import type { Db } from '../db/client.ts';
import { type RaisedAlert, syncAlerts } from './alert-store.ts';
import { anomalySources } from './anomaly-sources.ts';
import { causeStreams } from './cause-streams.ts';
import { applySensorDisagreements } from './sensor-disagreement-alerts.ts';
import { applyModeTracking } from './mode-tracking-alerts.ts';
import { applyTriggerLevels } from './trigger-level-alerts.ts';
import type { AlertCause } from './alerts-repository.ts';
import type { AnalysisOutcome, SensorChecks } from './analysis-outcome.ts';

// One key for every lock the alert side takes, so its advisory locks never meet another's.
export const ALERT_LOCK_SPACE = 7_410_001;

/** The structural alerts, which state the frequency shift behind them (decision 025). */
const STATES_PHYSICAL_CHANGE = new Set<HealthAlertType>([
  'Structural Warning',
  'Anomaly Detection',
]);

/** Keeps a stored row and a webhook payload small when a long period is anomalous. */
export const MAX_CAUSE_WINDOWS = 100;

/** The newest anomalous windows, oldest first; an error that is not a finite number is dropped. */
function causeWindows(windows: AnalysisOutcome['anomalousWindows']): AlertCause['windows'] {
  return [...windows]
    .filter((w) => Number.isFinite(w.error))
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .slice(-MAX_CAUSE_WINDOWS)
    .map((w) => ({ start: w.start.toISOString(), end: w.end.toISOString(), error: w.error }));
}

/**
 * Turns one evaluation into stored alerts (spec §4): raise or update what fires, clear what no
 * longer does. One transaction holding a per-bridge advisory lock, so two evaluations of the same
 * bridge apply one after the other. Returns the ids of newly raised alerts. An evaluation that
 * held its condition (too little judged) leaves the health alerts as they are; the sensor,
 * limit, mode-tracking and trigger-level alerts still apply.
 */
export async function applyAnalysisOutcome(
  db: Db,
  outcome: AnalysisOutcome,
  now: Date,
): Promise<number[]> {
  const health = deriveHealth(
    outcome.numAnomalies,
    outcome.evaluatedAt,
    outcome.conditionSince ?? outcome.evaluatedAt,
  );
  const firing = withPhysicalSeverity(
    healthAlerts(health, outcome.numAnomalies),
    outcome.physicalChange,
  );
  return db.transaction(async (tx) => {
    await lockBridgeAlerts(tx, outcome.bridgeId);
    const cause: AlertCause = {
      windows: causeWindows(outcome.anomalousWindows),
      datastreams: firing.length === 0 ? [] : await causeStreams(tx, outcome.contributingStreams),
    };
    const health = firing.map((alert) => ({
      bridgeId: outcome.bridgeId,
      subject: '',
      cause:
        outcome.physicalChange && STATES_PHYSICAL_CHANGE.has(alert.type)
          ? { ...cause, physical_change: outcome.physicalChange }
          : cause,
      ...alert,
      message:
        alert.type === 'Anomaly Detection' ? anomalySources(alert.message, outcome) : alert.message,
    }));
    const scope = { bridgeId: outcome.bridgeId, types: HEALTH_ALERT_TYPES };
    // A held condition is no verdict: its health alerts are neither raised nor cleared.
    const { raised } = outcome.conditionHeld
      ? { raised: [] as number[] }
      : await syncAlerts(tx, health, scope, now);
    raised.push(...(await applySensorFaults(tx, outcome, now)));
    raised.push(...(await applySensorDisagreements(tx, outcome, now)));
    raised.push(...(await applyLimitBreaches(tx, outcome, now)));
    raised.push(...(await applyModeTracking(tx, outcome, now)));
    raised.push(...(await applyTriggerLevels(tx, outcome, now)));
    return raised;
  });
}

/**
 * The sensor checks' alerts alone, for a bridge the analysis could not assess yet: its health
 * and mode-tracking alerts are left as they are. Same lock as a full outcome.
 */
export async function applySensorChecks(
  db: Db,
  checks: SensorChecks,
  now: Date,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await lockBridgeAlerts(tx, checks.bridgeId);
    return [
      ...(await applySensorFaults(tx, checks, now)),
      ...(await applySensorDisagreements(tx, checks, now)),
      ...(await applyLimitBreaches(tx, checks, now)),
    ];
  });
}

async function lockBridgeAlerts(tx: Db, bridgeId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ALERT_LOCK_SPACE}::int, ${bridgeId}::int)`);
}

/**
 * 'Sensor fault' alerts, one per stream whose signal the analysis found broken (subject: the
 * data stream id), cleared once its signal is healthy again. Not judged when not checked.
 */
async function applySensorFaults(tx: Db, checks: SensorChecks, now: Date): Promise<number[]> {
  if (!checks.sensorFaults) return [];
  const firing: RaisedAlert[] = [];
  for (const fault of checks.sensorFaults) {
    firing.push({
      bridgeId: checks.bridgeId,
      type: SENSOR_FAULT_ALERT,
      subject: String(fault.datastreamId),
      severity: SENSOR_FAULT_SEVERITY,
      message: `Sensor fault on stream ${fault.streamId}: ${fault.details.join('; ')}`,
      cause: { windows: [], datastreams: await causeStreams(tx, [fault.streamId]) },
    });
  }
  const scope = { bridgeId: checks.bridgeId, types: [SENSOR_FAULT_ALERT] };
  const { raised } = await syncAlerts(tx, firing, scope, now);
  return raised;
}

/**
 * 'Limit exceeded' alerts, one per stream of a quasi-static sensor whose 10-minute means are
 * beyond an engineer-set limit (subject: the data stream id), and one per cable and side whose
 * tension passed its limit (subject 'cable:<sensor id>:<low|high|change>', decision 079);
 * cleared once back inside. Each kind is judged, and so cleared, only when it was checked.
 */
async function applyLimitBreaches(tx: Db, checks: SensorChecks, now: Date): Promise<number[]> {
  const raised: number[] = [];
  if (checks.limitBreaches) raised.push(...(await applyStreamLimits(tx, checks, now)));
  if (checks.cableTensionBreaches) raised.push(...(await applyCableLimits(tx, checks, now)));
  return raised;
}

const CABLE_SUBJECT = 'cable:';

async function applyCableLimits(tx: Db, checks: SensorChecks, now: Date): Promise<number[]> {
  const firing: RaisedAlert[] = [];
  for (const breach of checks.cableTensionBreaches ?? []) {
    firing.push({
      bridgeId: checks.bridgeId,
      type: LIMIT_EXCEEDED_ALERT,
      subject: `${CABLE_SUBJECT}${breach.sensorId}:${breach.side}`,
      severity: breach.severity,
      message: tensionBreachMessage(breach),
      cause: { windows: [], datastreams: await causeStreams(tx, [breach.streamId]) },
    });
  }
  const scope = {
    bridgeId: checks.bridgeId,
    types: [LIMIT_EXCEEDED_ALERT],
    subjectPrefix: CABLE_SUBJECT,
  };
  const { raised } = await syncAlerts(tx, firing, scope, now);
  return raised;
}

async function applyStreamLimits(tx: Db, checks: SensorChecks, now: Date): Promise<number[]> {
  const firing: RaisedAlert[] = [];
  for (const breach of checks.limitBreaches ?? []) {
    firing.push({
      bridgeId: checks.bridgeId,
      type: LIMIT_EXCEEDED_ALERT,
      subject: String(breach.datastreamId),
      severity: breach.severity,
      message: limitExceededMessage(breach),
      cause: { windows: [], datastreams: await causeStreams(tx, [breach.streamId]) },
    });
  }
  const scope = {
    bridgeId: checks.bridgeId,
    types: [LIMIT_EXCEEDED_ALERT],
    subjectNotPrefix: CABLE_SUBJECT,
  };
  const { raised } = await syncAlerts(tx, firing, scope, now);
  return raised;
}
