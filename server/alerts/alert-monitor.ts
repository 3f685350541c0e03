import type { AlertsService } from './alert-service.ts';

export interface AlertMonitor {
  stop(): Promise<void>;
}

/**
 * The background side of alerts in a running server: the 'Sensor offline', calibration and
 * inspection checks, the bell's escalations and the overdue actions' (decision 077) every
 * `checkSeconds`, and (with a webhook or SMTP) the alerts and
 * notifications a previous run left undelivered.
 */
export function startAlertMonitor(
  alerts: AlertsService,
  options: {
    checkSeconds: number;
    log: (message: string) => void;
    /** False in processes that do not lead the schedules (server/ops/advisory-lock.ts). */
    leads?: () => boolean;
  },
): AlertMonitor {
  let running: Promise<unknown> | null = null;

  const tick = () => {
    // A slow check is never overlapped by the next one.
    if (running || options.leads?.() === false) return;
    running = alerts
      .checkSensorsOffline()
      .then(() => alerts.checkCalibrationsDue())
      .then(() => alerts.checkInspectionsDue())
      .then(() => alerts.escalateInApp())
      .then(() => alerts.escalateOverdueActions())
      .catch((error: unknown) => options.log(`Alert check failed: ${String(error)}`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.checkSeconds * 1000);
  timer.unref();

  void alerts.webhook
    ?.deliverPending()
    .catch((error: unknown) => options.log(`Alert webhook: ${String(error)}`));
  for (const notifier of [alerts.notifier, alerts.sms]) {
    void notifier
      ?.deliverPending()
      .catch((error: unknown) => options.log(`Alert notifications: ${String(error)}`));
  }

  return {
    async stop() {
      clearInterval(timer);
      await running;
      await alerts.webhook?.stop();
      await alerts.notifier?.stop();
      await alerts.sms?.stop();
    },
  };
}
