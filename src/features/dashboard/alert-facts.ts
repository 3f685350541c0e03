import type { Alert } from '../../api/queries/alerts';
import { countOf, formatCalendarDate, formatInstant, formatNumber } from '../../../domain/formats';
import {
  ANOMALY_CRITICAL_ABOVE,
  MAINTENANCE_ALERT_DAYS,
  SENSOR_OFFLINE_MIN_SILENCE_MS,
} from '../../../domain/health';
import { describePhysicalChange } from '../../../domain/trigger-levels';
import type { BridgeEvaluation } from './bridge-evaluation';

// What an operator needs to judge one alarm: where it comes from, how far past its trigger it
// is, since when, and what to do first.
export interface AlertFacts {
  source: string;
  /** Null where the alert's own message is its reading: the screens show that message once. */
  reading: string | null;
  /** ISO times. */
  firstSeen: string;
  lastSeen: string;
  /** The rule or level the alert was raised against, in words (issue 36). */
  trigger: string;
  action: string;
  /**
   * The frequency shift behind a structural alert and the trigger level it crossed
   * (docs/decisions/025); null for alerts that state none.
   */
  physical: string | null;
}

function streamsOf(alert: Alert): string {
  const streams = alert.cause.datastreams.map((d) =>
    d.sensors.length > 0 ? `${d.stream_id} (sensor ${d.sensors.join(', ')})` : d.stream_id,
  );
  return streams.join('; ');
}

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;

/**
 * The stored message with any ISO time in it written as every other time on the screen: in
 * `zone` (the bridge company's, decision 064), else the reader's.
 */
export function alertMessage(alert: Alert, zone?: string): string {
  return alert.message.replace(ISO_TIME, (iso) => formatInstant(iso, zone));
}

function peakError(alert: Alert): number | null {
  const errors = alert.cause.windows.map((w) => w.error);
  return errors.length > 0 ? Math.max(...errors) : null;
}

function seenSpan(alert: Alert): { first: string; last: string } {
  const starts = alert.cause.windows.map((w) => Date.parse(w.start));
  const ends = alert.cause.windows.map((w) => Date.parse(w.end));
  return starts.length > 0
    ? {
        first: new Date(Math.min(...starts)).toISOString(),
        last: new Date(Math.max(...ends)).toISOString(),
      }
    : { first: alert.raised_at, last: alert.updated_at };
}

/** Why a structural warning is up: the spec's count, or a red crossing when the count is lower. */
function structuralReason(alert: Alert, evaluation: BridgeEvaluation): string {
  const poor =
    evaluation.health?.condition === 'Poor' || evaluation.health?.condition === 'Critical';
  return alert.cause.physical_change?.level === 'red' && !poor
    ? 'A frequency drop past the red trigger level'
    : 'Condition Poor or worse: 3 or more anomaly episodes';
}

export function alertFacts(alert: Alert, evaluation: BridgeEvaluation): AlertFacts {
  const change = alert.cause.physical_change;
  const facts = factsOfType(alert, evaluation);
  return {
    ...facts,
    // The frequency trigger level the change was judged against (docs/decisions/025).
    trigger:
      change && change.level !== 'none' && change.level_percent !== null
        ? `${facts.trigger}; ${change.level} frequency trigger level ${String(change.level_percent).replace('-', '\u2212')} % crossed`
        : facts.trigger,
    physical: change ? describePhysicalChange(change, evaluation.report?.feature_labels) : null,
  };
}

function factsOfType(alert: Alert, evaluation: BridgeEvaluation): Omit<AlertFacts, 'physical'> {
  const { first: firstSeen, last: lastSeen } = seenSpan(alert);
  const streams = streamsOf(alert);
  const threshold = evaluation.report?.threshold;
  const episodes = `${countOf(evaluation.episodes, 'anomaly episode', 'anomaly episodes')} in the last ${evaluation.periodDays} days`;
  switch (alert.type) {
    case 'Sensor offline':
      return {
        source: streams ? `Data stream ${streams}` : 'A data stream of the bridge',
        reading: `Silent longer than allowed (at least ${SENSOR_OFFLINE_MIN_SILENCE_MS / 60_000} minutes, or 5 of its usual gaps)`,
        firstSeen,
        lastSeen,
        trigger: `Silent at least ${SENSOR_OFFLINE_MIN_SILENCE_MS / 60_000} minutes, or 5 of its usual gaps`,
        action:
          'Check the sensor and its gateway on site (power, cable, network); until it reports, this part of the bridge is not watched.',
      };
    case 'Anomaly Detection': {
      const peak = peakError(alert);
      return {
        source: streams ? `Detector over ${streams}` : 'The anomaly detector over all data streams',
        reading:
          peak !== null && threshold !== undefined
            ? `Peak error ${formatNumber(peak)} against the threshold ${formatNumber(threshold)}; ${episodes} (Critical above ${ANOMALY_CRITICAL_ABOVE})`
            : `${episodes} (Critical above ${ANOMALY_CRITICAL_ABOVE})`,
        firstSeen,
        lastSeen,
        trigger:
          threshold === undefined
            ? `More than ${ANOMALY_CRITICAL_ABOVE} episodes is Critical`
            : `Detector threshold ${formatNumber(threshold)}; more than ${ANOMALY_CRITICAL_ABOVE} episodes is Critical`,
        action:
          'Open Details to see each episode; rule out a sensor fault, then have an engineer review the affected span.',
      };
    }
    case 'Structural Warning':
      return {
        source: 'Bridge condition from the anomaly evaluation',
        reading: `Condition ${evaluation.health?.condition ?? 'unknown'} (${episodes})`,
        firstSeen,
        lastSeen,
        trigger: structuralReason(alert, evaluation),
        action: 'Arrange a visual inspection of the bridge and check the prediction chart below.',
      };
    case 'Maintenance Required':
      return {
        source: 'Maintenance plan from the bridge condition',
        reading: evaluation.health
          ? `Next maintenance by ${formatCalendarDate(evaluation.health.nextMaintenance)}; raised at ${MAINTENANCE_ALERT_DAYS} days or fewer`
          : `Raised when maintenance is due within ${MAINTENANCE_ALERT_DAYS} days`,
        firstSeen,
        lastSeen,
        trigger: `Maintenance due within ${MAINTENANCE_ALERT_DAYS} days`,
        action: 'Schedule the maintenance visit before the date shown.',
      };
    case 'Fatigue':
      return {
        source: streams ? `Fatigue detail on ${streams}` : 'A fatigue detail of the bridge',
        reading: null,
        firstSeen,
        lastSeen,
        trigger: "The detail's fatigue damage levels",
        action:
          'Open the Fatigue card below: check the detail category and factors, then have an engineer plan an inspection of the detail.',
      };
    case 'Calibration due':
      return {
        source: 'Sensor calibration register',
        reading: null,
        firstSeen,
        lastSeen,
        trigger: "The sensor's next calibration date",
        action:
          'Book the calibration and record it in Bridge Management (Sensors); readings after the due date are marked out of calibration.',
      };
    case 'Sensor fault':
      return {
        source: streams ? `Data stream ${streams}` : 'A data stream of the bridge',
        reading: null,
        firstSeen,
        lastSeen,
        trigger: 'Signal checks: stuck values, spikes, dropouts',
        action:
          'Check the sensor on site; after a re-zero or replacement, record it in Bridge Management (Maintenance) so the analysis relearns it.',
      };
    case 'Sensor disagreement':
      return {
        source: streams ? `Twin data streams ${streams}` : 'Two twin data streams of the bridge',
        reading: null,
        firstSeen,
        lastSeen,
        trigger:
          'Gain check of co-located twins: the ratio of their responses moved over 5 % from the one learnt for them',
        action:
          'Inspect both gauges on site: one of them reads wrong, and both stay in the analysis, the limits and the fatigue counting until one is serviced (record it in Bridge Management, Maintenance).',
      };
    case 'Limit exceeded':
      return {
        source: streams ? `Limits of data stream ${streams}` : 'Limits of a sensor of the bridge',
        reading: null,
        firstSeen,
        lastSeen,
        trigger: "The sensor's limits set in Bridge Management",
        action:
          'Compare with the other gauges of the span and the temperature, rule out a sensor fault, then have an engineer assess the member; limits set wrong are changed in Bridge Management (Sensors).',
      };
    case 'Mode tracking lost':
      return {
        source: "The analysis' mode trackers (accelerometers)",
        reading: null,
        firstSeen,
        lastSeen,
        trigger: "Over 20 % of tracked modes not found and at least twice the baseline's share",
        action:
          'Check the accelerometers and their mounting; a mode lost at a large change of temperature or after works is followed again once found. Structural alarms rest on the other features meanwhile.',
      };
    case 'Trigger level crossed':
      return {
        source: "The tracked modes' compensated frequencies against the accepted reference",
        reading: null,
        firstSeen,
        lastSeen,
        trigger:
          "The bridge's amber and red trigger levels, applied to the trailing day's shift all the time",
        action:
          'Read the shift chart: a drop of every mode together is a loss of global stiffness. Have an engineer assess the bridge; the level stays crossed until the shift comes back, a maintenance is recorded or a new reference is accepted.',
      };
    case 'Inspection due':
    case 'Inspection overdue':
      return {
        source: "The bridge's inspection programme",
        reading: null,
        firstSeen,
        lastSeen,
        trigger: "The bridge's inspection programme",
        action:
          'Book the inspection and record it under Inspections; the alert clears once a newer inspection of this kind is recorded.',
      };
  }
}
