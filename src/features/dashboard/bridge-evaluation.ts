import type { Alert } from '../../api/queries/alerts';
import type { AnomalyReport } from '../../api/queries/analytics';
import type { Datastream, Sensor, Span } from '../../api/queries/structures';
import { currentSituation } from '../../../domain/dashboard-messages';
import { countOf } from '../../../domain/formats';
import { type HealthSummary, SENSOR_OFFLINE_ALERT, deriveHealth } from '../../../domain/health';

// Everything the dashboard states about a bridge's condition, computed once from the latest
// evaluation, the open alerts and the streams, so the strip, the cards, the badge and the charts
// can never disagree (issue 18: 'Normal Operation' beside an active 'Sensor offline').

/** How a stream stands: it sends, it has sent but went quiet, or it never sent. */
export type StreamState = 'reporting' | 'silent' | 'never';

export interface BridgeStream {
  stream: Datastream;
  sensors: readonly Sensor[];
  span: Span | undefined;
  state: StreamState;
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
  /** '13 anomaly episodes in the last 7 days of data; 204 anomalous 10-minute windows'. */
  countsText: string;
  situation: string;
  tone: SituationTone;
  active: Alert[];
  acknowledged: Alert[];
  offline: Alert[];
  streams: BridgeStream[];
  /** ISO time of the newest sample of any of the bridge's streams, null when none ever came. */
  lastDataReceived: string | null;
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
  return input.datastreams
    .map((stream) => {
      const sensors = own.filter((s) => stream.sensors.includes(s.id));
      const span = input.spans.find((p) => p.id === sensors[0]?.span);
      const state: StreamState =
        stream.last_seen === null ? 'never' : silentIds.has(stream.id) ? 'silent' : 'reporting';
      return { stream, sensors, span, state };
    })
    .filter((s) => s.sensors.length > 0);
}

function windowMinutesOf(report: AnomalyReport): number {
  const first = report.windows[0];
  if (!first) return DEFAULT_WINDOW_MINUTES;
  const minutes = Math.round((Date.parse(first.end) - Date.parse(first.start)) / 60_000);
  return minutes > 0 ? minutes : DEFAULT_WINDOW_MINUTES;
}

export function countsText(
  episodes: number,
  days: number,
  windows: number,
  minutes: number,
): string {
  return (
    `${countOf(episodes, 'anomaly episode', 'anomaly episodes')} in the last ` +
    `${countOf(days, 'day', 'days')} of data; ` +
    countOf(windows, `anomalous ${minutes}-minute window`, `anomalous ${minutes}-minute windows`)
  );
}

function offlineText(offline: readonly Alert[]): string {
  const streams = offline.flatMap((a) => a.cause.datastreams.map((d) => d.stream_id));
  const named = streams.length > 0 ? `: ${streams.join(', ')}` : '';
  return `${SENSOR_OFFLINE_ALERT}${named}`;
}

function situationOf(
  report: AnomalyReport | null,
  health: HealthSummary | null,
  offline: readonly Alert[],
): { situation: string; tone: SituationTone } {
  if (!report || !health) {
    return offline.length > 0
      ? { situation: `Not assessed yet; ${offlineText(offline)}`, tone: 'warning' }
      : { situation: 'Not assessed yet', tone: 'unknown' };
  }
  const tone: SituationTone =
    health.condition === 'Good' ? 'calm' : health.condition === 'Fair' ? 'warning' : 'critical';
  if (offline.length === 0) return { situation: currentSituation(report.num_anomalies), tone };
  // A silent sensor means part of the bridge is unwatched: never 'Normal Operation' beside it.
  if (report.num_anomalies === 0) return { situation: offlineText(offline), tone: 'warning' };
  return { situation: `${currentSituation(report.num_anomalies)}; ${offlineText(offline)}`, tone };
}

export function evaluateBridge(input: EvaluationInput): BridgeEvaluation {
  const { report } = input;
  const own = input.alerts.filter((a) => a.bridge === input.bridgeId);
  const active = own.filter((a) => a.state === 'active');
  const acknowledged = own.filter((a) => a.state === 'acknowledged');
  const offline = active.filter((a) => a.type === SENSOR_OFFLINE_ALERT);
  const streams = streamsOf(input, offline);
  const lastSeen = streams
    .map((s) => s.stream.last_seen)
    .filter((t): t is string => t !== null)
    .sort((a, b) => Date.parse(b) - Date.parse(a));
  // The next maintenance counts from when the condition was reached (older reports: today).
  const since = report?.condition_since ? new Date(report.condition_since) : input.today;
  const health = report ? deriveHealth(report.num_anomalies, input.today, since) : null;
  const periodDays = report
    ? Math.max(
        1,
        Math.round((Date.parse(report.period_end) - Date.parse(report.period_start)) / DAY_MS),
      )
    : 0;
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
    countsText: report ? countsText(episodes, periodDays, windows, windowMinutes) : '',
    ...situationOf(report, health, offline),
    active,
    acknowledged,
    offline,
    streams,
    lastDataReceived: lastSeen[0] ?? null,
  };
}
