import { checkCalibrationsDue } from './calibration-check.ts';
import { checkInspectionsDue } from './inspection-check.ts';
import type { Db } from '../db/client.ts';
import type { FatigueRepository } from '../fatigue/fatigue-repository.ts';
import { applyFatigueAlerts } from './fatigue-alerts.ts';
import { clearAlertsOfMaintenance, type MaintenanceFacts } from './maintenance-alerts.ts';
import type { InspectionsRepository } from '../inspections/inspections-repository.ts';
import type { Viewer } from '../repositories/visibility.ts';
import type { AlertWebhook } from './alert-webhook.ts';
import type { AlertDto, AlertsRepository, AlertStateFilter } from './alerts-repository.ts';
import { applyAnalysisOutcome, applySensorChecks } from './analysis-alerts.ts';
import { checkSensorsOffline, type OfflineCheckResult } from './offline-check.ts';
import type { AnalysisOutcome, SensorChecks } from './analysis-outcome.ts';

export interface AlertService {
  /** Raise, update or clear the bridge's analysis alerts after an evaluation. */
  analysisCompleted(outcome: AnalysisOutcome): Promise<void>;
  /** Raise, update or clear only the sensor checks' alerts of a bridge not yet assessed. */
  sensorsChecked(checks: SensorChecks): Promise<void>;
  /** Raise, update or clear a bridge's fatigue alerts (new days counted, or settings changed). */
  reviewFatigue(bridgeId: number): Promise<number[]>;
}

export interface AlertServiceOptions {
  db: Db;
  repository: AlertsRepository;
  /** The inspection programme, read by the inspection due/overdue check. */
  inspections: Pick<InspectionsRepository, 'schedulePlans'>;
  /** The sensors' fatigue details, read by the damage-level alerts. */
  fatigueDetails: FatigueRepository;
  /** Set when ALERT_WEBHOOK_URL is configured: newly raised alerts are handed to it. */
  webhook?: AlertWebhook | undefined;
  now?: () => Date;
}

/**
 * Stored alerts: every raise, update, acknowledgement and clearing goes through here (and on to
 * alert-store.ts, the only writer of the table), so every newly raised alert reaches the webhook.
 */
export function createAlertService({
  db,
  repository,
  inspections,
  fatigueDetails,
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

    /** Raise, update or clear a bridge's fatigue damage-level alerts (their settings changed). */
    async reviewFatigue(bridgeId: number, at: Date = now()): Promise<number[]> {
      const raised = await applyFatigueAlerts(db, fatigueDetails, bridgeId, at);
      webhook?.enqueue(raised);
      return raised;
    },

    /** Clears the alerts a recorded maintenance event answers; returns their ids. */
    clearForMaintenance(event: MaintenanceFacts, at: Date = now()): Promise<number[]> {
      return clearAlertsOfMaintenance(db, event, at);
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
