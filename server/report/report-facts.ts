// The facts a monthly report is drawn from: plain data (it crosses from the gathering to the
// drawing, and tests build it by hand), every figure taken from stored results.
import type { CableSettings } from '../../domain/cable.ts';
import type { UnitSystem } from '../../domain/company-settings.ts';
import type { Condition } from '../../domain/health.ts';
import type { LocatedChangeFigures } from '../../domain/located-change-text.ts';
import type { ModeRow } from '../../domain/mode-rows.ts';

/** A register status in force during the report's month (decision 045, 2026-12-03 (i)). */
export interface StatusPeriodFact {
  status: string;
  /** ISO; the month's start for a status already in force then. */
  from: string;
  /** ISO of the next change; null when it was still in force at the month's end. */
  to: string | null;
  /** False for a history's undated first row that began in the month: since when is not known. */
  startKnown: boolean;
  /** It was in force when the month began. */
  fromMonthStart: boolean;
}

export interface SensorFact {
  label: string;
  type: string;
  /** The status now. */
  status: string;
  installationDate: string;
  /** The statuses in force during the month, oldest first, from the dated history. */
  statusInMonth: StatusPeriodFact[];
}

export interface SpanFact {
  label: string;
  length: number;
  sensors: SensorFact[];
}

export interface EpisodeFact {
  start: string;
  end: string;
  windows: number;
  peakError: number;
  /**
   * The tracked mode that moved most, as text with its uncertainty and the trigger level crossed
   * ('s1-acc.f1 −2.3 % ± 0.4 % over 36 h; crossed amber (−2 %)'), or null.
   */
  frequencyShift: string | null;
}

export interface ConditionFacts {
  evaluatedAt: string | null;
  periodStart: string;
  periodEnd: string;
  /** The condition of the latest evaluation (spec §4, from its episode count). */
  current: Condition | null;
  episodes: EpisodeFact[];
  /** Windows of the month scored, anomalous, and outside the learned conditions. */
  windowsScored: number;
  windowsAnomalous: number;
  windowsOutsideLearned: number;
}

export interface ConditionChangeFact {
  /** When the evaluation that first found the new condition ran. */
  at: string;
  /** null: the first evaluation ever stored. */
  from: Condition | null;
  to: Condition;
}

/** The month from the stored condition history (one row per evaluation). */
export interface ConditionHistoryFacts {
  /** The last evaluation before the month; null when none was stored before it. */
  atMonthStart: Condition | null;
  /** Each evaluation in the month whose condition differs from the one before it, oldest first. */
  changes: ConditionChangeFact[];
  /** The last evaluation before the month's end; null: no evaluation in or before the month. */
  atMonthEnd: Condition | null;
  evaluationsInMonth: number;
  /** False for the current month: its end is the latest evaluation so far. */
  monthEnded: boolean;
}

export interface AlertFact {
  type: string;
  severity: string;
  message: string;
  state: string;
  raisedAt: string;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  comment: string | null;
  clearedAt: string | null;
}

export interface GapFact {
  start: string;
  hours: number;
}

export type AvailabilityBasis = 'continuous' | 'usual' | 'fullest';

export interface StreamAvailability {
  streamId: string;
  dataType: string;
  sensors: string[];
  /**
   * Samples expected per hour, on `basis`: the block rate × 3600 ('continuous'); the median of the
   * month's hours with data when that is at most half of it ('usual': a duty-cycled stream); or
   * for single readings the fullest hour ('fullest').
   */
  expectedPerHour: number | null;
  basis: AvailabilityBasis;
  /** The block rate of the newest block of the month (0: single readings). */
  rateHz: number;
  /** Percent of continuous sampling at `rateHz` (null for single readings or nothing expected). */
  percentOfContinuous: number | null;
  samples: number;
  expected: number;
  /** null when nothing was expected (the stream started after the month). */
  percent: number | null;
  /** Runs of whole hours without a sample, longest first (at most five listed). */
  gaps: GapFact[];
  gapCount: number;
  hoursMissing: number;
  /** Per day of the month: percent of the expected samples, null when nothing was expected. */
  daily: (number | null)[];
}

export interface FrequencyPoint {
  t: string;
  value: number | null;
  anomalous: boolean;
}

export interface FrequencyFacts {
  indicator: string;
  unit: string;
  points: FrequencyPoint[];
  alarmLow: number | null;
  /** How temperature is taken out, in words from the stored fit; null without a temperature stream. */
  compensation: string | null;
}

export interface FatigueFact {
  name: string;
  sensorLabel: string;
  curve: string;
  /** Cumulative damage at the month's end, and the part done in the month. */
  damage: number;
  damageInMonth: number;
  daysInMonth: number;
  /**
   * The month's days counted ('1–2 December', decision 045 (f)): the period of the month's
   * damage, counted days and coverage; null when none was. Absent: the whole month.
   */
  period?: string | null;
  equivalentRangeMpa: number;
  /** At the rate of the last 365 days once counted, else of the last 90; null without data. */
  remainingLifeYears: number | 'no damage' | null;
  /** Per day of the month, the Miner damage of that day (0 without data). */
  daily: number[];
  histogram: { binWidthMpa: number; bins: [number, number][] };
  /**
   * Decision 045: the rate check's warning when the stream's rate cannot resolve its load cycles
   * (with the estimated undercount), and the coverage, curve, counting and remaining-life basis.
   */
  rateWarning?: string | null;
  notes?: string[];
}

export interface MaintenanceEventFact {
  /** YYYY-MM-DD */
  occurredOn: string;
  /** The kind in words ('Sensor replacement'). */
  kind: string;
  sensorLabel: string | null;
  spanLabel: string | null;
  note: string | null;
  /** Who recorded it, from the audit log; null when no entry names them (e.g. the seed). */
  recordedBy: string | null;
  /** What it meant for the monitoring, by the analysis' maintenance rules (decision 023). */
  meaning: string;
}

export interface SensorFaultFact {
  streamId: string;
  /** The kind in words ('Offset step'). */
  kind: string;
  /** ISO times: its onset, and its end when that fell in the month (null: still in force). */
  onset: string;
  ended: string | null;
  reason: string;
}

/** Twin sensors that disagreed in the month, neither faulted (decisions 068, 074). */
export interface SensorDisagreementFact {
  /** The pair's stream ids, in name order. */
  streamIds: string[];
  /** ISO time the disagreement is estimated to have started. */
  since: string;
  /** ISO time it was no longer found, when that fell in the month (null: still disagreeing). */
  ended: string | null;
  /** The analysis' words: which response moved against the other's, and by how much. */
  detail: string;
}

export interface InspectionPhotoFact {
  /** The name it is downloaded under ('inspection-photo-12.jpg'). */
  fileName: string;
  contentType: string;
  sizeBytes: number;
  /** The bytes to draw (a JPEG or PNG within the report's bounds); null: listed, not drawn. */
  data: Uint8Array | null;
  /** Why it is not drawn, when `data` is null. */
  note: string | null;
}

export interface InspectionFact {
  /** YYYY-MM-DD */
  inspectedOn: string;
  /** The kind in words ('Routine'). */
  kind: string;
  inspector: string;
  /** The ratings in words, on the record's scale. */
  rating: string;
  findings: string | null;
  /** The photos shown, oldest first (bounded per inspection and per report). */
  photos: InspectionPhotoFact[];
  /** Photos of the inspection not shown because of those bounds. */
  photosLeftOut: number;
}

/** A mode of the month's newest window as the dashboard's Modes card derives it (shape left out). */
export type ModeFact = Omit<ModeRow, 'referenceShape' | 'latestShape'> & {
  /** Over the month's windows, for a reference mode: how many found it and lost it. */
  windowsFound: number | null;
  windowsLost: number | null;
  /** The lowest and highest frequency it was found at in the month; null when never found. */
  lowHz: number | null;
  highHz: number | null;
  /** A reference mode's month, UTC day by day (decision 076, 2026-12-01); empty for the others. */
  daily: ModeDayFact[];
};

/** Median and quartiles over a day's windows that found the mode. */
export interface DaySpread {
  median: number;
  q1: number;
  q3: number;
}

/** A reference mode's day: windows that found and lost it, its frequency and damping ratio. */
export interface ModeDayFact {
  /** YYYY-MM-DD, UTC */
  day: string;
  found: number;
  lost: number;
  frequencyHz: DaySpread | null;
  dampingRatio: DaySpread | null;
}

/**
 * The month's modes (decisions 059, 076): the reference's modes against the newest window of
 * the month, as the Modes card shows them, or why there are none.
 */
export interface ModesFacts {
  /** Why there is no modes table, one sentence; null when there is one. */
  absent: string | null;
  /** The span whose vertical accelerometers are identified together, and how many (now). */
  spanLabel: string | null;
  channels: number;
  referenceVersion: number | null;
  referenceWindowStart: string | null;
  /** The newest window identified in the month; null when none was. */
  latestWindowStart: string | null;
  /** How many sensors' values the newest window's shapes hold. */
  latestSensors: number;
  /** The newest window's modes found, by frequency (Hz), whether or not a reference matches. */
  latestFrequenciesHz: number[];
  windowsInMonth: number;
  tracked: ModeFact[];
  /** The newest window's modes no reference mode matches. */
  unmatched: ModeFact[];
  /** The located-change strip of the newest window; null when the span or windows allow none. */
  locatedChange: LocatedChangeFigures | null;
}

/** One cable's month (decision 079): the figures of the dashboard's Cable tension card. */
export interface CableFact {
  sensorLabel: string;
  streamId: string;
  cable: CableSettings;
  /** The reference in force (set, or the mean of the first stored day); null before it. */
  referenceKn: number | null;
  /** True when the engineer set it; false when it is the first stored day's mean. */
  referenceSet: boolean;
  /** The month's newest window with a tension; null when the month has none. */
  latest: {
    windowStart: string;
    tensionKn: number;
    uncertaintyKn: number | null;
    changePercent: number | null;
  } | null;
  /** Windows stored in the month, and how many of them hold a tension. */
  windowsInMonth: number;
  tensionsInMonth: number;
  meanKn: number | null;
  minKn: number | null;
  maxKn: number | null;
  meanChangePercent: number | null;
  /** Why the month's newest window, newer than `latest`, holds no tension. */
  newestNote: string | null;
}

export interface CablesFacts {
  /** Why there is no cable to report, one sentence; null when the bridge has cables. */
  absent: string | null;
  cables: CableFact[];
}

/** The bridge's company's logo for the title page (decision 063). */
export interface LogoFact {
  contentType: string;
  data: Uint8Array;
}

export interface ReportFacts {
  month: string;
  /** The IANA zone the report writes its times of day in (the month runs in UTC). */
  timeZone: string;
  /** The company's unit system, in which the report writes stresses and temperatures (064). */
  units: UnitSystem;
  generatedAt: string;
  bridge: {
    id: number;
    name: string;
    location: string;
    structureType: string;
    status: string;
    constructionDate: string | null;
  };
  /** The logo of the bridge's company for the title page, if it has one (decision 063). */
  companyLogo: LogoFact | null;
  spans: SpanFact[];
  condition: ConditionFacts | null;
  conditionHistory: ConditionHistoryFacts;
  alerts: AlertFact[];
  /** Alerts left out of `alerts` (the list is bounded). */
  alertsLeftOut: number;
  /** The sensor faults in force during the month, oldest onset first (bounded). */
  sensorFaults: SensorFaultFact[];
  /** Twin pairs that disagreed at some time in the month, kept between evaluations. */
  sensorDisagreements: SensorDisagreementFact[];
  /** The month's maintenance events, oldest first. */
  maintenance: MaintenanceEventFact[];
  /** The month's inspections, oldest first, with their photos (decision 053). */
  inspections: InspectionFact[];
  /** Inspections left out of `inspections` (the list is bounded). */
  inspectionsLeftOut: number;
  streams: StreamAvailability[];
  frequency: FrequencyFacts | null;
  modes: ModesFacts;
  cables: CablesFacts;
  fatigue: FatigueFact[];
}

/** The default damage levels, drawn on each detail's damage bar. */
export const DAMAGE_LEVELS = [0.5, 0.8] as const;
