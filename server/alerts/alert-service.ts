import { randomUUID } from 'node:crypto';
import { checkCalibrationsDue } from './calibration-check.ts';
import { checkInspectionsDue } from './inspection-check.ts';
import type { Db } from '../db/client.ts';
import type { FatigueRepository } from '../fatigue/fatigue-repository.ts';
import { applyFatigueAlerts } from './fatigue-alerts.ts';
import { clearAlertsOfMaintenance, type MaintenanceFacts } from './maintenance-alerts.ts';
import type { InspectionsRepository } from '../inspections/inspections-repository.ts';
import type { Viewer } from '../repositories/visibility.ts';
import type { AlertWebhook } from './alert-webhook.ts';
import { createDeliveryLog, type LoggedDelivery } from './alert-deliveries.ts';
import { withToldTiers } from './told-people.ts';
import { type AlertActionDto, createAlertActions } from './alert-actions.ts';
import { type CompanyDeliveryFilter, companyDeliveries } from './company-deliveries.ts';
import { ackLinkKey } from './ack-link.ts';
import { createLinkAcknowledgement } from './link-acknowledgement.ts';
import type { AlertNotifier } from './email-notifier.ts';
import { DEFAULT_ESCALATION, type EscalationPolicy } from './escalation-policy.ts';
import { webhookEscalationsDue } from './webhook-escalations.ts';
import { createInAppNotifications } from './in-app-notifications.ts';
import { claimOverdueActions } from './overdue-actions.ts';
import type { AlertDto, AlertsRepository, AlertStateFilter } from './alerts-repository.ts';
import type { Schemas } from '../contract-types.ts';
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
  /** Set when SMTP_URL is configured: newly raised alerts are emailed to those who see them. */
  notifier?: AlertNotifier | undefined;
  /** Set when SMS_BASE_URL is configured: Critical and High alerts are texted. */
  sms?: AlertNotifier | undefined;
  /**
   * The server's secret, from which the acknowledge links' key is derived (config.jwtSecret).
   * Without it (tests of other outlets) a key of this process alone: no link verifies.
   */
  linkSecret?: string;
  /** When unacknowledged alerts escalate: the bell tells of tiers 2 and 3 as the emails do. */
  escalation?: EscalationPolicy;
  /** Where an outlet's failure to take a raised alert is reported (default: console.warn). */
  log?: (message: string) => void;
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
  notifier,
  sms,
  linkSecret,
  escalation = DEFAULT_ESCALATION,
  log = (message) => console.warn(message),
  now = () => new Date(),
}: AlertServiceOptions) {
  const deliveries = createDeliveryLog(db);
  const actions = createAlertActions(db);
  const links = createLinkAcknowledgement(db, repository, ackLinkKey(linkSecret ?? randomUUID()));
  const inApp = createInAppNotifications(db, escalation);
  /** Hands the ids to one outlet; its failure is reported and stops no other outlet. */
  const tell = async (outlet: string, raised: number[], hand: () => unknown) => {
    try {
      await hand();
    } catch (error: unknown) {
      // A failed query's own message is the SQL; the database's reason is its cause.
      const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
      log(`Alerts ${raised.join(', ')}: the ${outlet} did not take them: ${String(error)}${cause}`);
    }
  };
  /**
   * Every newly raised alert goes to each outlet, each on its own: a failed bell write must not
   * keep the webhook, the emails and the texts from a Critical alert (issue 32). The background
   * outlets are handed the ids first (they never wait); the bell's rows are written before this
   * returns, so a raise that could write them is never without them.
   */
  const announce = async (raised: number[]) => {
    await tell('webhook', raised, () => webhook?.enqueue(raised));
    await tell('email notifier', raised, () => notifier?.enqueue(raised));
    await tell('SMS notifier', raised, () => sms?.enqueue(raised));
    await tell('in-app notifications', raised, () => inApp.raised(raised));
  };
  return {
    webhook,
    notifier,
    sms,

    async analysisCompleted(outcome: AnalysisOutcome): Promise<void> {
      const raised = await applyAnalysisOutcome(db, outcome, now());
      await announce(raised);
    },

    async sensorsChecked(checks: SensorChecks): Promise<void> {
      const raised = await applySensorChecks(db, checks, now());
      await announce(raised);
    },

    /** One pass of the 'Sensor offline' monitor; tests call it with the time they need. */
    async checkSensorsOffline(at: Date = now()): Promise<OfflineCheckResult> {
      const result = await checkSensorsOffline(db, at);
      await announce(result.raised);
      return result;
    },

    /** One pass of the 'Calibration due' check (server/alerts/calibration-check.ts). */
    async checkCalibrationsDue(at: Date = now()): Promise<number[]> {
      const raised = await checkCalibrationsDue(db, at);
      await announce(raised);
      return raised;
    },

    /** One pass of the inspection due/overdue check (server/alerts/inspection-check.ts). */
    async checkInspectionsDue(at: Date = now()): Promise<number[]> {
      const raised = await checkInspectionsDue(db, inspections, at);
      await announce(raised);
      return raised;
    },

    /** Raise, update or clear a bridge's fatigue damage-level alerts (their settings changed). */
    async reviewFatigue(bridgeId: number, at: Date = now()): Promise<number[]> {
      const raised = await applyFatigueAlerts(db, fatigueDetails, bridgeId, at);
      await announce(raised);
      return raised;
    },

    /**
     * Escalates and reminds of the actions found undone past their due time by `at` (decision
     * 077): each step (the tier above the owner at the due time, the next tier, each reminder)
     * claimed once, then handed to the emails, the texts and the bell. Returns the ids of the
     * actions whose step this call claimed.
     */
    async escalateOverdueActions(at: Date = now()): Promise<number[]> {
      const { claimed, notices } = await claimOverdueActions(db, at, escalation);
      if (claimed.length === 0) return [];
      const alertIds = [...new Set(claimed.map((action) => action.alertId))];
      await tell('email notifier', alertIds, () => notifier?.enqueueNotices(notices));
      await tell('SMS notifier', alertIds, () => sms?.enqueueNotices(notices));
      // The bell names the tier the notice reached (the highest with people), not the one asked.
      await tell('in-app notifications', alertIds, async () =>
        inApp.actionsOverdue(await withToldTiers(db, notices, at), at),
      );
      return claimed.map((action) => action.id);
    },

    /**
     * Tells the bell, and the webhook, of the active alerts that reached tier 2 or 3 by `at`
     * (idempotent: the bell's key, the webhook's `webhook_tier`).
     */
    async escalateInApp(at: Date = now()): Promise<void> {
      await inApp.escalate(at);
      if (webhook) webhook.escalated(await webhookEscalationsDue(db, at, escalation));
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

    /**
     * One alert for its page, and whether the viewer may also open its bridge (decision 080:
     * being told of an alert opens it, not the bridge); null when the viewer may not read it.
     */
    async read(viewer: Viewer, id: number): Promise<Schemas['AlertView'] | null> {
      const alert = await repository.findVisibleDto(viewer, id);
      if (!alert) return null;
      const bridgeVisible = await repository.bridgeIsVisible(viewer, alert.bridge);
      return {
        alert,
        bridge_visible: bridgeVisible,
        display: await repository.displayOf(alert.bridge),
      };
    },

    acknowledge(viewer: Viewer, id: number, comment: string | null): Promise<AlertDto> {
      return repository.acknowledge(viewer, id, comment, now());
    },

    /** The alert a signed acknowledge link stands for, or why the link cannot be used. */
    readAcknowledgeLink: (viewer: Viewer, token: string) => links.read(viewer, token, now()),

    /** Acknowledges through a signed link from an alert email (once, by its recipient). */
    acknowledgeByLink: (viewer: Viewer, token: string, comment: string) =>
      links.acknowledge(viewer, token, comment, now()),

    /** Who was notified of the alert and how it went; null when the viewer may not see it. */
    async deliveries(viewer: Viewer, id: number): Promise<LoggedDelivery[] | null> {
      if (!(await repository.isVisible(viewer, id))) return null;
      return deliveries.ofAlert(id);
    },

    /** The actions the alert's trigger levels required (decision 077); null: not visible. */
    async actions(viewer: Viewer, id: number): Promise<AlertActionDto[] | null> {
      if (!(await repository.isVisible(viewer, id))) return null;
      return actions.ofAlert(id);
    },

    /** Ticks one of the alert's actions off with a comment; whoever may see the alert may. */
    async completeAction(
      viewer: Viewer,
      id: number,
      actionId: number,
      comment: string,
    ): Promise<AlertActionDto | null> {
      if (!(await repository.isVisible(viewer, id))) return null;
      return actions.complete(id, actionId, { userId: viewer.id, comment }, now());
    },

    /** A page of the log across the company's alerts; the caller has checked the company. */
    companyDeliveries: (companyId: number, filter: CompanyDeliveryFilter) =>
      companyDeliveries(db, companyId, filter),
  };
}

export type AlertsService = ReturnType<typeof createAlertService>;
