// Health derivation and alert rules of spec §4, shared by the SPA dashboard and the server's
// alert generator so both always agree.

export type Condition = 'Good' | 'Fair' | 'Poor' | 'Critical';
/** A quasi-static channel beyond a limit staff set (domain/sensor-limits.ts). */
export const LIMIT_EXCEEDED_ALERT = 'Limit exceeded';
export type Threat = 'Low' | 'Medium' | 'High' | 'Critical';
export type GaugeColour = 'green' | 'orange' | 'red';
export type ColourClass = 'green' | 'yellow' | 'orange' | 'red';
/** The alert types the spec §4 health table raises from an analysis. */
export type HealthAlertType = 'Structural Warning' | 'Maintenance Required' | 'Anomaly Detection';
/** Stored alert types: the health ones, a silent data stream and a breached sensor limit. */
export type AlertType = HealthAlertType | typeof SENSOR_OFFLINE_ALERT | typeof LIMIT_EXCEEDED_ALERT;

export interface HealthSummary {
  condition: Condition;
  threat: Threat;
  /**
   * Whole days from today to the next maintenance: the table's 180 / 90 / 30 / 7 on the day the
   * condition was reached, counting down from there (0 once due).
   */
  maintenanceDays: number;
  /** YYYY-MM-DD (UTC): the day the condition was reached plus the table's days. */
  nextMaintenance: string;
  gauge: 90 | 75 | 60;
  gaugeColour: GaugeColour;
}

export interface HealthAlert {
  type: HealthAlertType;
  severity: Threat;
  message: string;
}

interface HealthRow {
  /** Largest anomaly count of the row (Infinity for "more than 5"). */
  maxCount: number;
  condition: Condition;
  threat: Threat;
  maintenanceDays: number;
}

const CRITICAL_ROW: HealthRow = {
  maxCount: Infinity,
  condition: 'Critical',
  threat: 'Critical',
  maintenanceDays: 7,
};

// The table of spec §4, top to bottom.
const HEALTH_TABLE: readonly HealthRow[] = [
  { maxCount: 0, condition: 'Good', threat: 'Low', maintenanceDays: 180 },
  { maxCount: 2, condition: 'Fair', threat: 'Medium', maintenanceDays: 90 },
  { maxCount: 5, condition: 'Poor', threat: 'High', maintenanceDays: 30 },
  CRITICAL_ROW,
];

/** Spec §9 thresholds. */
export const MAINTENANCE_ALERT_DAYS = 30;
export const MAINTENANCE_HIGH_DAYS = 7;
export const ANOMALY_CRITICAL_ABOVE = 3;

const DAY_MS = 86_400_000;

function checkCount(anomalyCount: number): void {
  if (!Number.isInteger(anomalyCount) || anomalyCount < 0) {
    throw new RangeError(`Anomaly count must be a whole number of 0 or more, got ${anomalyCount}`);
  }
}

/** Gauge rule of spec §4: 0 gives 90, under 3 gives 75, otherwise 60. */
export function gaugeValue(anomalyCount: number): 90 | 75 | 60 {
  checkCount(anomalyCount);
  if (anomalyCount === 0) return 90;
  return anomalyCount < 3 ? 75 : 60;
}

export function gaugeColour(gauge: 90 | 75 | 60): GaugeColour {
  if (gauge === 90) return 'green';
  return gauge === 75 ? 'orange' : 'red';
}

const utcDay = (at: Date): number => Math.floor(at.getTime() / DAY_MS) * DAY_MS;

/** The spec §4 row of an anomaly count. */
export function conditionOfCount(anomalyCount: number): Condition {
  checkCount(anomalyCount);
  return (HEALTH_TABLE.find((r) => anomalyCount <= r.maxCount) ?? CRITICAL_ROW).condition;
}

/** Spec §4: the condition from the latest evaluation's anomaly events; null if never assessed. */
export function conditionOf(numAnomalies: number | null | undefined): Condition | null {
  return numAnomalies === null || numAnomalies === undefined
    ? null
    : conditionOfCount(numAnomalies);
}

/**
 * Spec §4 for an anomaly count. The next maintenance is due the table's days after the condition
 * was first reached (`conditionSince`, default today), so it stays put from one evaluation to the
 * next and the days to it count down; without that date it would recede every day and never come.
 */
export function deriveHealth(
  anomalyCount: number,
  today: Date,
  conditionSince: Date = today,
): HealthSummary {
  checkCount(anomalyCount);
  const row = HEALTH_TABLE.find((r) => anomalyCount <= r.maxCount) ?? CRITICAL_ROW;
  const gauge = gaugeValue(anomalyCount);
  // A start after today (clocks apart) counts from today: never further out than the table says.
  const reached = Math.min(utcDay(conditionSince), utcDay(today));
  const next = reached + row.maintenanceDays * DAY_MS;
  return {
    condition: row.condition,
    threat: row.threat,
    maintenanceDays: Math.max(0, Math.round((next - utcDay(today)) / DAY_MS)),
    nextMaintenance: new Date(next).toISOString().slice(0, 10),
    gauge,
    gaugeColour: gaugeColour(gauge),
  };
}

/** The alerts spec §4 generates for a derived health and its anomaly count. */
export function healthAlerts(health: HealthSummary, anomalyCount: number): HealthAlert[] {
  checkCount(anomalyCount);
  const alerts: HealthAlert[] = [];
  if (health.condition === 'Poor' || health.condition === 'Critical') {
    alerts.push({
      type: 'Structural Warning',
      severity: health.threat,
      message: `Structural condition is ${health.condition}`,
    });
  }
  if (health.maintenanceDays <= MAINTENANCE_ALERT_DAYS) {
    alerts.push({
      type: 'Maintenance Required',
      severity: health.maintenanceDays <= MAINTENANCE_HIGH_DAYS ? 'High' : 'Medium',
      message: `Maintenance due within ${health.maintenanceDays} days`,
    });
  }
  if (anomalyCount > 0) {
    alerts.push({
      type: 'Anomaly Detection',
      severity: anomalyCount > ANOMALY_CRITICAL_ABOVE ? 'Critical' : 'High',
      message: `${anomalyCount} ${anomalyCount === 1 ? 'anomaly' : 'anomalies'} detected`,
    });
  }
  return alerts;
}

/** Colour classes of spec §4: Good/Low green, Fair/Medium yellow, Poor/High orange, Critical red. */
export function colourClass(level: Condition | Threat): ColourClass {
  switch (level) {
    case 'Good':
    case 'Low':
      return 'green';
    case 'Fair':
    case 'Medium':
      return 'yellow';
    case 'Poor':
    case 'High':
      return 'orange';
    case 'Critical':
      return 'red';
  }
}

/** The health alert types in the order healthAlerts lists them. */
export const HEALTH_ALERT_TYPES: readonly HealthAlertType[] = [
  'Structural Warning',
  'Maintenance Required',
  'Anomaly Detection',
];

const SEVERITY_ORDER: readonly Threat[] = ['Low', 'Medium', 'High', 'Critical'];

/**
 * The most severe first; alerts of one severity keep the order they came in (the server's is
 * newest first). The responder reads down the list: a Critical structural warning listed under
 * a Medium 'Inspection due' raised a minute later read as the lesser matter (issue 36, item 6).
 */
export function mostSevereFirst<T extends { severity: string }>(alerts: readonly T[]): T[] {
  const rank = (severity: string) => SEVERITY_ORDER.indexOf(severity as Threat);
  return [...alerts].sort((a, b) => rank(b.severity) - rank(a.severity));
}

/** True when `next` is a more serious severity than `previous` (Low < Medium < High < Critical). */
export function severityRises(previous: Threat, next: Threat): boolean {
  return SEVERITY_ORDER.indexOf(next) > SEVERITY_ORDER.indexOf(previous);
}

// 'Sensor offline' (not in spec §4; decided in docs/decisions/004-alerts.md).
export const SENSOR_OFFLINE_ALERT = 'Sensor offline';
/** A silent stream is worth a look, not an emergency: the structure itself is not known to be worse. */
export const SENSOR_OFFLINE_SEVERITY: Threat = 'Medium';
/** Never call a stream offline sooner than this, however often it usually sends. */
export const SENSOR_OFFLINE_MIN_SILENCE_MS = 15 * 60 * 1000;
/** A stream is offline after this many of its usual gaps between blocks without data. */
export const SENSOR_OFFLINE_GAP_FACTOR = 5;

/** How long a stream may stay silent: max(15 minutes, 5 × its usual gap between blocks). */
export function sensorOfflineAfterMs(usualGapMs: number | null): number {
  const fromGap =
    usualGapMs !== null && usualGapMs > 0 ? usualGapMs * SENSOR_OFFLINE_GAP_FACTOR : 0;
  return Math.max(SENSOR_OFFLINE_MIN_SILENCE_MS, fromGap);
}

/** Offline once the newest sample is older than the allowed silence (a stream never seen is not). */
export function isSensorOffline(
  lastSeen: Date | null,
  usualGapMs: number | null,
  now: Date,
): boolean {
  if (lastSeen === null) return false;
  return now.getTime() - lastSeen.getTime() > sensorOfflineAfterMs(usualGapMs);
}

/** The alert for a silent stream; the message names the stream and the last sample's time. */
export function sensorOfflineAlert(
  streamLabel: string,
  lastSeen: Date,
): { type: typeof SENSOR_OFFLINE_ALERT; severity: Threat; message: string } {
  return {
    type: SENSOR_OFFLINE_ALERT,
    severity: SENSOR_OFFLINE_SEVERITY,
    message: `No data from stream ${streamLabel} since ${lastSeen.toISOString()}`,
  };
}
