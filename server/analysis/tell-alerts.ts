import type { AlertService } from '../alerts/alert-service.ts';
import type { EvaluationResult } from './evaluation-result.ts';

/**
 * Hands an evaluation's result to the alerts: all of it, or only the sensor checks of a bridge
 * not ready (they need no baseline). Its own file, so the API thread that calls it after a job
 * does not load the training code.
 */
export async function tellAlerts(alerts: AlertService, result: EvaluationResult): Promise<void> {
  if (result.kind === 'evaluated') await alerts.analysisCompleted(result.outcome);
  if (result.kind === 'not-ready' && result.checks) await alerts.sensorsChecked(result.checks);
}
