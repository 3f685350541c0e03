import { checkCalibrationsDue } from './calibration-check.ts';
import { checkInspectionsDue } from './inspection-check.ts';
import type { PhysicalChange } from '../../domain/trigger-levels.ts';
import type { BreachFacts } from '../../domain/sensor-limits.ts';
import type { Db } from '../db/client.ts';
import type { InspectionsRepository } from '../inspections/inspections-repository.ts';
import type { Viewer } from '../repositories/visibility.ts';
import type { AlertWebhook } from './alert-webhook.ts';
import type { AlertDto, AlertsRepository, AlertStateFilter } from './alerts-repository.ts';
import { applyAnalysisOutcome, applySensorChecks } from './analysis-alerts.ts';
import { checkSensorsOffline, type OfflineCheckResult } from './offline-check.ts';

/**
 * What the analysis hands to the alert side after each evaluation of a bridge. The alert
 * service turns it into stored alerts through the rules of domain/health.ts.
 */
export interface AnalysisOutcome {
  bridgeId: number;
  /** Anomaly events in the evaluation period (drives the spec §4 health table). */
  numAnomalies: number;
  evaluatedAt: Date;
  /** When the bridge first reached this condition: the next maintenance counts from it (absent: now). */
  conditionSince?: Date;
  /** The anomalous windows of the period, for the alert's cause. */
  anomalousWindows: { start: Date; end: Date; error: number }[];
  /** stream_ids of the data streams contributing most to the anomalies. */
  contributingStreams: string[];
  /** The period's and the baseline's missing-mode rates ('Mode tracking lost'); absent: not judged. */
  missingModes?: { rate: number; baselineRate: number | null };
  /** Streams whose own signal is broken ('Sensor fault' alerts); absent: none checked. */
  sensorFaults?: { datastreamId: number; streamId: string; details: string[] }[];
  /** The leading frequency shift of the most serious episode (docs/decisions/025); absent: none. */
  physicalChange?: PhysicalChange | null;
  /** Engineer-set limits breached at the end of the period ('Limit exceeded'); absent: none checked. */
  limitBreaches?: (BreachFacts & { datastreamId: number; severity: 'High' | 'Critical' })[];
}

/**
 * The checks that need no baseline ('Sensor fault', 'Limit exceeded'): they run on every
 * evaluation, so a bridge not yet assessed is told of them too.
 */
export type SensorChecks = Pick<AnalysisOutcome, 'bridgeId' | 'sensorFaults' | 'limitBreaches'>;

export interface AlertService {
  /** Raise, update or clear the bridge's analysis alerts after an evaluation. */
  analysisCompleted(outcome: AnalysisOutcome): Promise<void>;
  /** Raise, update or clear only the sensor checks' alerts of a bridge not yet assessed. */
  sensorsChecked(checks: SensorChecks): Promise<void>;
}

export interface AlertServiceOptions {
  db: Db;
  repository: AlertsRepository;
  /** The inspection programme, read by the inspection due/overdue check. */
  inspections: Pick<InspectionsRepository, 'schedulePlans'>;
  /** Set when ALERT_WEBHOOK_URL is configured: newly raised alerts are handed to it. */
  webhook?: AlertWebhook | undefined;
  now?: () => Date;
}

/** Stored alerts: raised by the analysis and the offline check, read and acknowledged by users. */
export function createAlertService({
  db,
  repository,
  inspections,
  webhook,
  now = () => new Date(),
}: AlertServiceOptions) {
  return {
    webhook,

    async analysisCompleted(outcome: AnalysisOutcome): Promise<void> {
      // Not inside `webhook?.enqueue(...)`: without a webhook the argument would never run.
      const raised = await applyAnalysisOutcome(db, outcome, now());
      webhook?.enqueue(raised);
    },

    async sensorsChecked(checks: SensorChecks): Promise<void> {
      const raised = await applySensorChecks(db, checks, now());
      webhook?.enqueue(raised);
    },

    /** One pass of the 'Sensor offline' monitor; tests call it with the time they need. */
    async checkSensorsOffline(at: Date = now()): Promise<OfflineCheckResult> {
      const result = await checkSensorsOffline(db, at);
      webhook?.enqueue(result.raised);
      return result;
    },

    /** One pass of the 'Calibration due' check (server/alerts/calibration-check.ts). */
    async checkCalibrationsDue(at: Date = now()): Promise<number[]> {
      const raised = await checkCalibrationsDue(db, at);
      webhook?.enqueue(raised);
      return raised;
    },

    /** One pass of the inspection due/overdue check (server/alerts/inspection-check.ts). */
    async checkInspectionsDue(at: Date = now()): Promise<number[]> {
      const raised = await checkInspectionsDue(db, inspections, at);
      webhook?.enqueue(raised);
      return raised;
    },

    list(
      viewer: Viewer,
      filter: { bridgeId?: number | undefined; state: AlertStateFilter },
    ): Promise<AlertDto[]> {
      return repository.list(viewer, filter);
    },

    bridgeIsVisible: (viewer: Viewer, bridgeId: number) =>
      repository.bridgeIsVisible(viewer, bridgeId),

    acknowledge(viewer: Viewer, id: number, comment: string | null): Promise<AlertDto> {
      return repository.acknowledge(viewer, id, comment, now());
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertService>;
