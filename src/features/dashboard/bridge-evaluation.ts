import type { Alert } from '../../api/queries/alerts';
import type { AnomalyReport } from '../../api/queries/analytics';
import type { Datastream, Sensor, Span } from '../../api/queries/structures';
import { currentSituation } from '../../../domain/dashboard-messages';
import {
  type StreamState,
  type StreamTrustFacts,
  type TrustBadge,
  type TrustCounts,
  badgesOf,
  countTrust,
  trustLine,
  unwatchedSpans,
  worstSensorStatus,
} from '../../../domain/data-trust';
import { isDataType } from '../../../domain/enums';
import { type StreamTwin, streamTwinsOf } from '../../api/queries/stream-twins';
import { countOf } from '../../../domain/formats';
import {
  MIN_JUDGED_SHARE_TO_IMPROVE,
  conditionCount,
  judgedEnough,
} from '../../../domain/held-condition';
import {
  type HealthSummary,
  SENSOR_OFFLINE_ALERT,
  deriveHealth,
  mostSevereFirst,
} from '../../../domain/health';

// Everything the dashboard states about a bridge's condition, computed once from the latest
// evaluation, the open alerts and the streams, so the strip, the cards, the badge and the charts
// can never disagree (issue 18: 'Normal Operation' beside an active 'Sensor offline').

export type { StreamState };

export interface BridgeStream {
  stream: Datastream;
  sensors: readonly Sensor[];
  span: Span | undefined;
  /** It sends, it has sent but went quiet, or it never sent. */
  state: StreamState;
  /** What it can be trusted for (the server's answer, else the register and the alerts). */
  facts: StreamTrustFacts;
  badges: TrustBadge[];
  /** The other gauges of its co-located pair, and whether they disagree (decision 074). */
  twins: StreamTwin[];
}

export type SituationTone = 'calm' | 'warning' | 'critical' | 'unknown';

export interface BridgeEvaluation {
  report: AnomalyReport | null;
  health: HealthSummary | null;
  episodes: number;
  windows: number;
  /** Whole days the evaluation covers (7 for the usual last week of data). */
  periodDays: number;
  windowMinutes: number;
  /** '13 anomaly episodes in the last 7 days of data'. */
  countsText: string;
  situation: string;
  tone: SituationTone;
  active: Alert[];
  acknowledged: Alert[];
  offline: Alert[];
  streams: BridgeStream[];
  /** ISO time of the newest sample of any of the bridge's streams, null when none ever came. */
  lastDataReceived: string | null;
  trust: TrustCounts;
  /** '6 of 9 streams reporting · 1 faulty · 1 silent' */
  trustLine: string;
  /**
   * Spans no trusted stream watches. With no anomaly found, the bridge then reads 'Not
   * assessed' instead of Good (health null): missing evidence is not evidence of health.
   */
  unwatched: string[];
  /**
   * The evaluation judged too little to set the condition, so it is held from the last one
   * that judged enough (decision 017, amendment 2026-12-02 (b)); null when it judged enough.
   */
  held: HeldFacts | null;
}

export interface HeldFacts {
  /** The episodes the held condition stands on; null: none judged enough yet (not assessed). */
  count: number | null;
  /** When the evaluation the condition is held from was made (null: not known). */
  from: string | null;
  /** 'only 3 % of the last 7 days' windows were within the conditions the reference learnt' */
  why: string;
}

/**
 * Why a condition is held, in words: the share judged, never rounded up to a quarter; from a
 * quarter on, a week held only because it would have lowered the condition, which asks more.
 */
export function heldWhy(judgedShare: number, periodDays: number): string {
  const percent = Math.floor(Math.max(0, judgedShare) * 100);
  const share = percent === 0 && judgedShare > 0 ? 'under 1 %' : `only ${percent} %`;
  const period =
    periodDays === 7
      ? "this week's"
      : periodDays === 1
        ? "the last day's"
        : `the last ${periodDays} days'`;
  const why = `${share} of ${period} windows were within the conditions the reference learnt`;
  return judgedEnough(judgedShare)
    ? `${why}, and a better condition needs ${MIN_JUDGED_SHARE_TO_IMPROVE * 100} % of them`
    : why;
}

const DAY_MS = 86_400_000;
const DEFAULT_WINDOW_MINUTES = 10;

export interface EvaluationInput {
  report: AnomalyReport | null;
  alerts: readonly Alert[];
  bridgeId: number;
  sensors: readonly Sensor[];
  spans: readonly Span[];
  datastreams: readonly Datastream[];
  today: Date;
}

function streamsOf(input: EvaluationInput, offline: readonly Alert[]): BridgeStream[] {
  const own = input.sensors.filter((s) => s.bridge === input.bridgeId);
  const silentIds = new Set(offline.flatMap((a) => a.cause.datastreams.map((d) => d.id)));
  const twins = streamTwinsOf(input.datastreams, own, input.report?.sensor_disagreements);
  return input.datastreams
    .map((stream) => {
      const sensors = own.filter((s) => stream.sensors.includes(s.id));
      const span = input.spans.find((p) => p.id === sensors[0]?.span);
      const state: StreamState =
        stream.trust?.state ??
        (stream.last_seen === null ? 'never' : silentIds.has(stream.id) ? 'silent' : 'reporting');
      const facts: StreamTrustFacts = {
        state,
        // The register's status is honoured even from a server that does not send trust.
        sensorStatus:
          stream.trust?.sensor_status ?? worstSensorStatus(sensors.map((x) => x.status)),
        findings: stream.trust?.findings ?? [],
      };
      const badges = badgesOf(facts);
      return { stream, sensors, span, state, facts, badges, twins: twins.get(stream.id) ?? [] };
    })
    .filter((s) => s.sensors.length > 0);
}

function windowMinutesOf(report: AnomalyReport): number {
  const first = report.windows[0];
  if (!first) return DEFAULT_WINDOW_MINUTES;
  const minutes = Math.round((Date.parse(first.end) - Date.parse(first.start)) / 60_000);
  return minutes > 0 ? minutes : DEFAULT_WINDOW_MINUTES;
}

/**
 * The anomaly count in its one unit, the episode (what the condition is derived from, spec §4).
 * The anomalous windows stay in the error chart and the details, where windows are the subject:
 * '6 Anomalies Detected' beside '602 anomalous windows' read as two verdicts (issue 36).
 */
export function countsText(episodes: number, days: number): string {
  return (
    `${countOf(episodes, 'anomaly episode', 'anomaly episodes')} in the last ` +
    `${countOf(days, 'day', 'days')} of data`
  );
}

function offlineText(offline: readonly Alert[]): string {
  const streams = offline.flatMap((a) => a.cause.datastreams.map((d) => d.stream_id));
  const named = streams.length > 0 ? `: ${streams.join(', ')}` : '';
  return `${SENSOR_OFFLINE_ALERT}${named}`;
}

/** 'west_span and east_span': the spans no trusted data watches. */
export function spansText(spans: readonly string[]): string {
  if (spans.length <= 1) return spans.join('');
  return `${spans.slice(0, -1).join(', ')} and ${spans.at(-1) ?? ''}`;
}

function situationOf(
  report: AnomalyReport | null,
  health: HealthSummary | null,
  offline: readonly Alert[],
  unwatched: readonly string[],
  held: HeldFacts | null,
): { situation: string; tone: SituationTone } {
  if (report && held && held.count === null) {
    const text = `Not assessed: ${held.why}`;
    return offline.length > 0
      ? { situation: `${text}; ${offlineText(offline)}`, tone: 'warning' }
      : { situation: text, tone: 'unknown' };
  }
  if (report && !health) {
    const text = `Not assessed: no trusted data from ${spansText(unwatched)}`;
    return offline.length > 0
      ? { situation: `${text}; ${offlineText(offline)}`, tone: 'warning' }
      : { situation: text, tone: 'unknown' };
  }
  if (!report || !health) {
    return offline.length > 0
      ? { situation: `Not assessed yet; ${offlineText(offline)}`, tone: 'warning' }
      : { situation: 'Not assessed yet', tone: 'unknown' };
  }
  const tone: SituationTone =
    health.condition === 'Good' ? 'calm' : health.condition === 'Fair' ? 'warning' : 'critical';
  // A held condition is the last judged one's: its words, marked as held.
  const count = conditionCount(report) ?? 0;
  const words = held ? `Condition held: ${currentSituation(count)}` : currentSituation(count);
  if (offline.length === 0) return { situation: words, tone };
  // A silent sensor means part of the bridge is unwatched: never 'Normal Operation' beside it.
  if (count === 0 && !held) return { situation: offlineText(offline), tone: 'warning' };
  return { situation: `${words}; ${offlineText(offline)}`, tone };
}

export function evaluateBridge(input: EvaluationInput): BridgeEvaluation {
  const { report } = input;
  const own = input.alerts.filter((a) => a.bridge === input.bridgeId);
  const active = mostSevereFirst(own.filter((a) => a.state === 'active'));
  const acknowledged = own.filter((a) => a.state === 'acknowledged');
  const offline = active.filter((a) => a.type === SENSOR_OFFLINE_ALERT);
  const streams = streamsOf(input, offline);
  const lastSeen = streams
    .map((s) => s.stream.last_seen)
    .filter((t): t is string => t !== null)
    .sort((a, b) => Date.parse(b) - Date.parse(a));
  const unwatched = unwatchedSpans(
    streams.map((s) => ({
      facts: s.facts,
      dataType: isDataType(s.stream.data_type) ? s.stream.data_type : 'acceleration',
      span: s.span?.span_id ?? null,
    })),
  );
  // The next maintenance counts from when the condition was reached (older reports: today).
  const since = report?.condition_since ? new Date(report.condition_since) : input.today;
  // Spec §4's table when anomalies were found, or when no anomaly was found and the data covers
  // every instrumented span; 'Not assessed' when Good would rest on missing evidence.
  // An evaluation that judged too little holds the last judged count (null: none yet).
  const count = report ? conditionCount(report) : null;
  const judged = report && count !== null && (count > 0 || unwatched.length === 0);
  const health = judged ? deriveHealth(count, input.today, since) : null;
  const trust = countTrust(streams.map((s) => s.facts));
  const periodDays = report
    ? Math.max(
        1,
        Math.round((Date.parse(report.period_end) - Date.parse(report.period_start)) / DAY_MS),
      )
    : 0;
  const heldCondition = report?.held_condition;
  const held: HeldFacts | null = heldCondition
    ? {
        count: heldCondition.num_anomalies,
        from: heldCondition.from,
        why: heldWhy(heldCondition.judged_share, periodDays),
      }
    : null;
  const windowMinutes = report ? windowMinutesOf(report) : DEFAULT_WINDOW_MINUTES;
  const episodes = report?.num_anomalies ?? 0;
  const windows = report?.anomaly_count ?? 0;
  return {
    report,
    health,
    episodes,
    windows,
    periodDays,
    windowMinutes,
    countsText: report ? countsText(episodes, periodDays) : '',
    ...situationOf(report, health, offline, unwatched, held),
    active,
    acknowledged,
    offline,
    streams,
    lastDataReceived: lastSeen[0] ?? null,
    trust,
    trustLine: trustLine(trust),
    unwatched,
    held,
  };
}
