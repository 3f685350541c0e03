// Dashboard texts of spec §8 and §5, shared by the screen and its tests.
export const ANOMALY_FETCH_FAILED = 'Failed to fetch anomaly count';
export const INVALID_ANOMALY_RESPONSE = 'Invalid response format from anomaly API';
export const NO_ACTIVE_ALERTS = 'No active alerts';
export const NORMAL_OPERATION = 'Normal Operation';

/** Spec §5: an anomaly answer is usable only when it carries a numeric `num_anomalies`. */
export function hasAnomalyCount(body: unknown): body is { num_anomalies: number } {
  if (typeof body !== 'object' || body === null || !('num_anomalies' in body)) return false;
  const { num_anomalies: count } = body;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0;
}

/** Spec §2, Current situation, worded as the spec writes it (also for one anomaly). */
export function currentSituation(anomalies: number): string {
  return anomalies === 0 ? NORMAL_OPERATION : `${anomalies} Anomalies Detected`;
}
