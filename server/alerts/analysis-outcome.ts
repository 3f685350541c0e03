import type { ModeLevel } from '../../domain/reference-shift.ts';
import type { PhysicalChange, TriggerLevels } from '../../domain/trigger-levels.ts';
import type { BreachFacts } from '../../domain/sensor-limits.ts';
import type { TensionBreach } from '../../domain/cable.ts';
import type { DisagreementKind } from '../../domain/twin-disagreement.ts';

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
  /**
   * The evaluation judged too little of its period to set the condition (decision 017,
   * amendment 2026-12-02 (b)): its health alerts are left as they are; absent: it judged enough.
   */
  conditionHeld?: boolean;
  /** The anomalous windows of the period, for the alert's cause. */
  anomalousWindows: { start: Date; end: Date; error: number }[];
  /** stream_ids of the data streams contributing most to the anomalies. */
  contributingStreams: string[];
  /** The period's and the baseline's missing-mode rates ('Mode tracking lost'); absent: not judged. */
  missingModes?: { rate: number; baselineRate: number | null };
  /** Streams whose own signal is broken ('Sensor fault' alerts); absent: none checked. */
  sensorFaults?: { datastreamId: number; streamId: string; details: string[] }[];
  /**
   * Twin pairs whose response ratio moved, neither singled out (decision 068; 'Sensor
   * disagreement' alerts, decision 074); absent: not checked.
   */
  sensorDisagreements?: {
    /**
     * What disagrees: the response, or the level (a step, a drift; decision 074, 2026-12-01).
     * Absent: 'gain'.
     */
    kind?: DisagreementKind;
    datastreamIds: [number, number];
    streamIds: [string, string];
    since: Date;
    detail: string;
  }[];
  /** The leading frequency shift of the most serious episode (docs/decisions/025); absent: none. */
  physicalChange?: PhysicalChange | null;
  /**
   * Each mode's latched trigger level of its shift against the accepted reference (decision
   * 051), whether or not an episode is open ('Trigger level crossed'); absent: not judged.
   */
  referenceShift?: { version: number; levels: TriggerLevels; modes: ModeLevel[] } | null;
  /**
   * The control charts' episodes against the accepted reference (decision 067), counted in
   * numAnomalies with the moving model's (an overlapping pair once), and the statistic each
   * crossed; absent: not judged.
   */
  controlChart?: {
    referenceVersion: number;
    /** Which detector found each of numAnomalies' episodes: the model alone, both, the charts alone. */
    sources: { modelAlone: number; both: number; chartsAlone: number };
    evidence: string[];
  } | null;
  /** Engineer-set limits breached at the end of the period ('Limit exceeded'); absent: none checked. */
  limitBreaches?: (BreachFacts & { datastreamId: number; severity: 'High' | 'Critical' })[];
  /**
   * Cables whose tension, estimated from vibration, passed a limit (decision 079; 'Limit
   * exceeded' alerts with subject 'cable:<sensor id>:<side>'); absent: none checked.
   */
  cableTensionBreaches?: (TensionBreach & {
    datastreamId: number;
    sensorId: number;
    severity: 'High' | 'Critical';
  })[];
}

/**
 * The checks that need no baseline ('Sensor fault', 'Sensor disagreement', 'Limit exceeded'):
 * they run on every evaluation, so a bridge not yet assessed is told of them too.
 */
export type SensorChecks = Pick<
  AnalysisOutcome,
  'bridgeId' | 'sensorFaults' | 'sensorDisagreements' | 'limitBreaches' | 'cableTensionBreaches'
>;
