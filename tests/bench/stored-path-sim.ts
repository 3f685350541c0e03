// The stored analysis' reference path replayed on a feature table (issue 29, decision 073): the
// pure steps evaluateBridge runs, in its order and with its rules, without the database. Each
// evaluation (every EVALUATE_EVERY_HOURS of data) may train a new reference version (the 30-day
// schedule from the active or waiting version's end, the last 365 days up to 7 days before the
// newest, alarm episodes and time since an open structural alert left out, decision 041) and
// decide it (reference-acceptance.ts); runs the active version's control charts over the windows
// an evaluation reads (the period's 7 days and the alarm rule's lead, from a zero state,
// decision 067); stores their episodes and raises or clears 'Anomaly Detection' by them; feeds
// the cumulative shift's latches (every mode and the modes' mean, 10-minute windows, decision
// 051), released when another version becomes active; and raises or clears 'Trigger level
// crossed' by them. Which alerts block an acceptance and exclude training windows is the
// product's own list (STRUCTURAL_ALERT_TYPES).
// Left out, and said so in the bench's output: the moving model (its episodes would add
// exclusions and alerts), its 'outside learned conditions' retraining trigger, maintenance.
import { at } from '../../server/analytics/at.ts';
import { DEFAULT_TRIGGER_LEVELS, type TriggerLevel } from '../../domain/trigger-levels.ts';
import {
  ALARM_LEAD_WINDOWS,
  BASELINE_MAX_DAYS,
  PERIOD_DAYS,
  RETRAIN_EVERY_DAYS,
} from '../../server/analysis/analysis-rules.ts';
import { summariseBaseline } from '../../server/analysis/baseline-summary.ts';
import { chartEpisodes, scoreReferenceCharts } from '../../server/analysis/chart-scores.ts';
import type { BaselineMode } from '../../server/db/schema.ts';
import { meanOfModes, meanReferenceUncertaintyPercent } from '../../server/analysis/mean-shift.ts';
import { compareWithActive, decideVersion } from '../../server/analysis/reference-acceptance.ts';
import {
  type ReferenceCharts,
  trainReferenceCharts,
} from '../../server/analysis/reference-charts.ts';
import { referenceShifts, type ShiftPoint } from '../../server/analysis/reference-shift.ts';
import { feedLatch, type LatchState, RELEASED } from '../../server/analysis/shift-latch.ts';
import {
  alertsBlockSince,
  type Interval,
  isExcluded,
  STRUCTURAL_ALERT_TYPES,
} from '../../server/analysis/training-exclusions.ts';
import { TRIGGER_LEVEL_ALERT } from '../../domain/reference-shift.ts';
import { WINDOW_SECONDS } from '../../server/analysis/dataset-plan.ts';

export const FEATURES = ['acc.f1', 'acc.f2', 'acc.f3', 'acc.f4'];
const HOUR_MS = 3_600_000;
const WINDOW_MS = WINDOW_SECONDS * 1000;
const WINDOWS_AN_HOUR = HOUR_MS / WINDOW_MS;
/** How often the replay evaluates, hours of data (the product: whenever new data arrived). */
export const EVALUATE_EVERY_HOURS = 6;
const LEAD_HOURS = Math.ceil((ALARM_LEAD_WINDOWS * WINDOW_MS) / HOUR_MS);
const RANK: Record<TriggerLevel, number> = { none: 0, amber: 1, red: 2 };

export interface Series {
  /** f1..f4 per hour. */
  features: readonly (readonly number[])[];
  /** Air temperature per hour. */
  temperature: readonly number[];
}

interface Version {
  version: number;
  modes: BaselineMode[];
  charts: ReferenceCharts | null;
  trainedTo: number;
  acceptedAt: number;
}

interface Raised {
  raisedAt: number;
  clearedAt: number | null;
}

/** Raises or clears the newest alert of a kind as an evaluation says (syncAlerts). */
function sync(list: Raised[], firing: boolean, at: number): void {
  const open = list.at(-1);
  if (firing && (!open || open.clearedAt !== null)) list.push({ raisedAt: at, clearedAt: null });
  else if (!firing && open && open.clearedAt === null) open.clearedAt = at;
}

/** The alerts the product counts as structural (training-exclusions.ts), as the replay keeps them. */
const structural = (state: ReplayState): Raised[] => [
  ...state.alerts,
  ...(STRUCTURAL_ALERT_TYPES.includes(TRIGGER_LEVEL_ALERT) ? state.levelAlerts : []),
];

interface Line {
  feature: string;
  uRef: number;
  state: LatchState;
  /** Judged points of the day before `state.fedUntil` (what the store reads back). */
  recent: ShiftPoint[];
}

/** Options the replay calibrates every version's charts with (tuning candidates; {}: the product's). */
export type ChartOptions = Parameters<typeof trainReferenceCharts>[3];

/** Everything the replay carries between evaluations; plain data, so it can be cloned. */
export interface ReplayState {
  now: number;
  chartOptions: ChartOptions;
  /** Agreement-test candidates (decision 067, amended 2026-12-01); {}: the product's rule. */
  acceptance: {
    stifferShareOfAmber?: number;
    /** Cumulative-check candidates (decision 073, amended 2026-12-01 morning); null: none. */
    cumulative?: { stifferShareOfAmber: number; lowerShareOfAmber: number } | null;
    /** K4: the anchor moves once to the first accepted version learnt on a full year. */
    anchorOnAYear?: boolean;
  };
  active: Version;
  /** The version an engineer last confirmed: commissioning's, as no engineer acts here. */
  confirmed: { version: number; modes: BaselineMode[]; spanHours: number };
  latest: { status: 'active' | 'proposed'; trainedTo: number };
  versions: {
    version: number;
    status: 'active' | 'proposed';
    at: number;
    reason: string;
    /** Each mode against the active version: shift in % of its mean, E_n (null: not compared). */
    shifts?: ({ percent: number; en: number } | null)[];
    /** Each mode against the confirmed version, likewise (absent: it is the active one). */
    cumulativeShifts?: ({ percent: number; en: number } | null)[];
  }[];
  alarmEpisodes: Interval[];
  /** 'Anomaly Detection' alerts (by the charts): raised and cleared (null: open), data time ms. */
  alerts: Raised[];
  /** 'Trigger level crossed' alerts, likewise. */
  levelAlerts: Raised[];
  lines: Line[];
  /** Evaluations' observations, appended in time order. */
  log: Observation[];
}

export interface Observation {
  at: number;
  /** The charts reported an episode reaching into this evaluation's period. */
  chartRaised: boolean;
  /** The highest latched level of any line after this evaluation. */
  level: TriggerLevel;
  /** Hours new in this evaluation that the active charts left unjudged / had. */
  unjudged: number;
  hours: number;
  /** Hours new in this evaluation inside every mode's learnt temperatures (the levels judge). */
  levelJudged: number;
  activeVersion: number;
}

const hourlyWindows = (series: Series, fromHour: number, toHour: number) => {
  const rows = [];
  for (let h = Math.max(0, fromHour); h < toHour; h += 1) {
    rows.push({
      start: h * HOUR_MS,
      end: (h + 1) * HOUR_MS,
      features: [...at(series.features, h)],
      temperatureC: at(series.temperature, h),
    });
  }
  return rows;
};

/**
 * The 10-minute windows of hours [from, to): the analogue is hourly, so each hour's six windows
 * carry its identification (the latch's day needs a quarter of 144 windows; its estimate's
 * uncertainty shrinks the count by the lag-1 autocorrelation the repeats make).
 */
const tenMinuteWindows = (series: Series, fromHour: number, toHour: number) =>
  hourlyWindows(series, fromHour, toHour).flatMap((w) =>
    Array.from({ length: WINDOWS_AN_HOUR }, (_, k) => ({
      ...w,
      start: w.start + k * WINDOW_MS,
      end: w.start + (k + 1) * WINDOW_MS,
    })),
  );

function linesOf(modes: readonly BaselineMode[]): Line[] {
  const fresh = (feature: string, uRef: number): Line => ({
    feature,
    uRef,
    state: { ...RELEASED, fedUntil: 0 },
    recent: [],
  });
  return [
    ...modes.map((m) => fresh(m.feature, (100 * m.uncertainty_hz) / m.mean_hz)),
    fresh('all-modes', meanReferenceUncertaintyPercent(modes)),
  ];
}

function versionOf(
  series: Series,
  version: number,
  fromHour: number,
  toHour: number,
  exclude: readonly Interval[],
) {
  const windows = hourlyWindows(series, fromHour, toHour).filter((w) => !isExcluded(w, exclude));
  return { windows, modes: summariseBaseline(FEATURES, windows, true).modes, version };
}

/** Commissioning: version 1, active, on the first `referenceHours`. */
export function commission(
  series: Series,
  referenceHours: number,
  chartOptions: ChartOptions = {},
  acceptance: ReplayState['acceptance'] = {},
): ReplayState {
  const { windows, modes } = versionOf(series, 1, 0, referenceHours, []);
  const at0 = referenceHours * HOUR_MS;
  return {
    now: referenceHours,
    chartOptions,
    acceptance,
    confirmed: { version: 1, modes, spanHours: referenceHours },
    active: {
      version: 1,
      modes,
      charts: trainReferenceCharts(modes, FEATURES, windows, chartOptions),
      trainedTo: at0,
      acceptedAt: at0,
    },
    latest: { status: 'active', trainedTo: at0 },
    versions: [{ version: 1, status: 'active', at: at0, reason: 'commissioning' }],
    alarmEpisodes: [],
    alerts: [],
    levelAlerts: [],
    lines: linesOf(modes),
    log: [],
  };
}

/** The 30-day schedule of analysis-rules.ts' referenceRetrainReason ('schedule' only). */
function retrainDue(state: ReplayState, newest: number): boolean {
  const end = state.latest.status === 'proposed' ? state.latest.trainedTo : state.active.trainedTo;
  return newest - PERIOD_DAYS * 86_400_000 - end >= RETRAIN_EVERY_DAYS * 86_400_000;
}

function retrain(state: ReplayState, series: Series, newestHour: number): void {
  const newest = newestHour * HOUR_MS;
  const toHour = newestHour - PERIOD_DAYS * 24;
  const fromHour = Math.max(0, toHour - BASELINE_MAX_DAYS * 24);
  const exclude = [
    ...state.alarmEpisodes,
    ...structural(state)
      .filter((a) => a.clearedAt === null)
      .map((a) => ({ from: a.raisedAt, to: Infinity })),
  ];
  const number = state.versions.length + 1;
  const candidate = versionOf(series, number, fromHour, toHour, exclude);
  if (candidate.windows.length < 7 * 24) return; // too little left: the active version goes on
  const since = alertsBlockSince(state.active.acceptedAt, newest);
  const compared = compareWithActive(state.active.modes, FEATURES, candidate.windows);
  const { confirmed } = state;
  const sinceConfirmed =
    confirmed.version === state.active.version
      ? null
      : compareWithActive(confirmed.modes, FEATURES, candidate.windows);
  const decision = decideVersion({
    active: { version: state.active.version, modes: state.active.modes },
    compared,
    confirmed: sinceConfirmed && {
      version: confirmed.version,
      modes: confirmed.modes,
      compared: sinceConfirmed,
    },
    alertSinceAccepted: structural(state).some((a) => a.clearedAt === null || a.clearedAt > since),
    maintenanceSince: null,
    ...state.acceptance,
  });
  state.versions.push({
    version: number,
    status: decision.status,
    at: newest,
    reason: decision.reason,
    shifts: state.active.modes.map((m) => {
      const c = compared.get(m.feature);
      return c ? { percent: (100 * c.shift_hz) / m.mean_hz, en: c.en } : null;
    }),
    ...(sinceConfirmed && {
      cumulativeShifts: confirmed.modes.map((m) => {
        const c = sinceConfirmed.get(m.feature);
        return c ? { percent: (100 * c.shift_hz) / m.mean_hz, en: c.en } : null;
      }),
    }),
  });
  state.latest = { status: decision.status, trainedTo: toHour * HOUR_MS };
  if (decision.status !== 'active') return;
  state.active = {
    version: number,
    modes: candidate.modes,
    // Only an active version's charts ever score, so only they are calibrated here.
    charts: trainReferenceCharts(candidate.modes, FEATURES, candidate.windows, state.chartOptions),
    trainedTo: toHour * HOUR_MS,
    acceptedAt: newest,
  };
  state.lines = linesOf(candidate.modes);
  const span = toHour - fromHour;
  if (state.acceptance.anchorOnAYear && confirmed.spanHours < YEAR_HOURS && span >= YEAR_HOURS)
    state.confirmed = { version: number, modes: candidate.modes, spanHours: span };
}

const YEAR_HOURS = 365 * 24;

/** alarm_episodes: an episode reported again, longer, replaces its earlier rows (merged). */
function storeEpisode(stored: Interval[], episode: Interval): void {
  const last = stored.at(-1);
  if (last && episode.from <= last.to) last.to = Math.max(last.to, episode.to);
  else stored.push({ ...episode });
}

function chartStep(state: ReplayState, series: Series, newestHour: number) {
  const charts = state.active.charts;
  const readFrom = newestHour - PERIOD_DAYS * 24 - LEAD_HOURS;
  const periodFrom = (newestHour - PERIOD_DAYS * 24) * HOUR_MS;
  if (!charts) return { raised: false, unjudged: EVALUATE_EVERY_HOURS };
  const windows = hourlyWindows(series, readFrom, newestHour);
  const scores = scoreReferenceCharts(charts, state.active.modes, FEATURES, windows);
  const episodes = chartEpisodes(charts, scores).filter((e) => e.end > periodFrom);
  for (const e of episodes) storeEpisode(state.alarmEpisodes, { from: e.start, to: e.end });
  const fresh = scores.slice(-EVALUATE_EVERY_HOURS);
  return { raised: episodes.length > 0, unjudged: fresh.filter((s) => s.score === null).length };
}

function shiftStep(state: ReplayState, series: Series, newestHour: number): TriggerLevel {
  // Only the windows a latch has not been fed matter to it (a new reference's: all read).
  const fresh = state.lines.some((l) => l.state.fedUntil === 0);
  const readFrom = fresh
    ? newestHour - PERIOD_DAYS * 24 - LEAD_HOURS
    : newestHour - EVALUATE_EVERY_HOURS;
  const windows = tenMinuteWindows(series, readFrom, newestHour);
  const perMode = referenceShifts(state.active.modes, FEATURES, windows);
  const mean = meanOfModes(perMode);
  const series_ = mean ? [...perMode, mean] : perMode;
  let worst: TriggerLevel = 'none';
  for (const line of state.lines) {
    const points = series_.find((s) => s.feature === line.feature)?.points ?? [];
    const fresh = points.filter((p) => p.start > line.state.fedUntil);
    if (fresh.length > 0) {
      line.state = feedLatch(line.state, line.recent, fresh, DEFAULT_TRIGGER_LEVELS, line.uRef);
      const dayFrom = line.state.fedUntil - 86_400_000;
      line.recent = [...line.recent, ...fresh].filter((p) => p.judged && p.start > dayFrom);
    }
    if (RANK[line.state.level] > RANK[worst]) worst = line.state.level;
  }
  return worst;
}

/** Evaluates every EVALUATE_EVERY_HOURS until `untilHour` (data hour, exclusive). */
export function replay(state: ReplayState, series: Series, untilHour: number): ReplayState {
  while (state.now + EVALUATE_EVERY_HOURS <= untilHour) {
    state.now += EVALUATE_EVERY_HOURS;
    const newest = state.now * HOUR_MS;
    if (retrainDue(state, newest)) retrain(state, series, state.now);
    const chart = chartStep(state, series, state.now);
    sync(state.alerts, chart.raised, newest);
    const level = shiftStep(state, series, state.now);
    sync(state.levelAlerts, level !== 'none', newest);
    const inside = (t: number) =>
      state.active.modes.every(
        (m) => !m.compensation || (t >= m.compensation.lowC && t <= m.compensation.highC),
      );
    let levelJudged = 0;
    for (let h = state.now - EVALUATE_EVERY_HOURS; h < state.now; h += 1) {
      if (inside(at(series.temperature, h))) levelJudged += 1;
    }
    state.log.push({
      at: state.now,
      chartRaised: chart.raised,
      level,
      unjudged: chart.unjudged,
      hours: EVALUATE_EVERY_HOURS,
      levelJudged,
      activeVersion: state.active.version,
    });
  }
  return state;
}
