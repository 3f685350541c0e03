import { at } from '../analytics/at.ts';
import type { TrainedDetector } from '../analytics/detector-types.ts';
import { forecastIndicator } from '../analytics/forecast.ts';
import { applyCompensation } from '../analytics/health-indicator.ts';
import { restorePreprocessor } from '../analytics/preprocess.ts';
import type { Schemas } from '../contract-types.ts';
import { DAY_MS, dayStart, FORECAST_DAYS, HISTORY_DAYS } from './analysis-rules.ts';
import type { ScoredWindow } from './evaluation-report.ts';
import { ssiFeatureLabels } from './ssi-features.ts';
import type { StoredModel } from './stored-model.ts';
import { type FeatureLabels, featureText, ssiModeOf } from '../../domain/feature-words.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export interface SeriesInput {
  sid: string;
  bridgeId: number;
  model: StoredModel;
  /** Scored windows of the days to (re)compute. */
  scored: ScoredWindow[];
  /**
   * Every window scored in this run (at least the evaluation period): the days recomputed when
   * the plotted mode changes, since the stored days are of another mode then.
   */
  allScored: ScoredWindow[];
  detector: TrainedDetector;
  /** The report's alarm episodes: only days inside one are marked (issue 36). */
  episodes: readonly { start: string; end: string }[];
  /** The report's period start: days from it on are marked from `episodes` alone. */
  periodStart: number;
  /** The feature whose shift the alerts state (physicalChangeOf), null without one. */
  alertFeature: string | null;
  /** The last stored series, whose older days are kept (null after a retraining). */
  previous: Schemas['ForecastSeries'] | null;
  newest: number;
  generatedAt: Date;
}

/** How one window's value of the plotted mode is read: compensated where the model allows. */
type ValueOf = (w: ScoredWindow) => number;

/**
 * The plotted mode. The model's indicator comes with its own temperature compensation; any other
 * mode is compensated with the detector's expected value at the window's temperature, the same
 * expectation its frequency shift is measured against (frequency-shift.ts modeShifts), so the
 * chart shows the shift the alert states. The alert's mode comes first: an alert that names one
 * stream must not send the reader to a chart of another (issue 36).
 */
function plottedMode(input: SeriesInput): { feature: string; valueOf: ValueOf } | null {
  const { model, alertFeature, detector } = input;
  const indicator = model.indicator;
  const feature = alertFeature ?? indicator?.feature ?? null;
  const column = feature === null ? -1 : model.featureNames.indexOf(feature);
  if (feature === null || column < 0) return null;
  if (indicator && feature === indicator.feature) {
    const compensation = indicator.compensation;
    return {
      feature,
      valueOf: (w) => {
        const frequency = at(w.features, column);
        return compensation
          ? applyCompensation(compensation, frequency, w.context[0] ?? Number.NaN)
          : frequency;
      },
    };
  }
  const pre = restorePreprocessor(detector.model.preprocessor);
  const scale = at(detector.model.preprocessor.featureScales, column);
  return {
    feature,
    // measured − expected at this temperature + the baseline's mean: the frequency the mode
    // would show at the baseline's mean conditions.
    valueOf: (w) =>
      at(w.features, column) - scale.std * at(pre.expected(pre.scaleContext(w.context)), column),
  };
}

/** Whether a day (its start, ms) overlaps one of the alarm episodes. */
function inEpisode(day: number, episodes: readonly { start: string; end: string }[]): boolean {
  return episodes.some((e) => Date.parse(e.start) < day + DAY_MS && Date.parse(e.end) >= day);
}

/** Daily mean of the plotted mode over the computed windows. */
function computedDays(
  windows: readonly ScoredWindow[],
  valueOf: ValueOf,
): Map<number, Schemas['IndicatorPoint']> {
  const days = new Map<number, { sum: number; count: number }>();
  for (const w of windows) {
    const day = dayStart(w.start);
    const entry = days.get(day) ?? { sum: 0, count: 0 };
    const value = valueOf(w);
    if (Number.isFinite(value)) {
      entry.sum += value;
      entry.count += 1;
    }
    days.set(day, entry);
  }
  return new Map(
    [...days].map(([day, e]) => [
      day,
      { t: iso(day), value: e.count > 0 ? e.sum / e.count : null, anomalous: false },
    ]),
  );
}

function indicatorText(
  feature: string | undefined,
  isIndicator: boolean,
  labels: FeatureLabels,
): string {
  if (feature === undefined) {
    return 'No accelerometer with a trackable mode: no natural frequency to follow';
  }
  // An SSI mode names no stream: it is the span's mode (feature-words.ts), e.g.
  // 'Temperature-compensated frequency of Main span mode 1 (SSI, 2.43 Hz)'.
  if (ssiModeOf(feature) !== null) {
    return `Temperature-compensated frequency of ${featureText(feature, labels)}${isIndicator ? '' : ', the mode of the alert'}`;
  }
  return `Temperature-compensated ${feature.endsWith('.f1') ? 'first natural frequency' : `natural frequency ${feature.replace(/^.*\.f/, 'f')}`} (${feature.replace(/\.f\d+$/, '')})${isIndicator ? '' : ', the stream of the alert'}`;
}

/**
 * The ForecastSeries of the contract: daily means of the temperature-compensated first natural
 * frequency over up to the last 8 weeks (days holding an anomalous window marked), and a 30-day
 * damped-trend forecast with 80 % and 95 % bands (forecast.ts) once 4 days are known.
 */
export function buildForecastSeries(input: SeriesInput): Schemas['ForecastSeries'] {
  const lastDay = dayStart(input.newest - 1);
  const firstDay = lastDay - (HISTORY_DAYS - 1) * DAY_MS;
  const mode = plottedMode(input);
  const isIndicator = mode !== null && mode.feature === input.model.indicator?.feature;
  const ssi = input.model.plan.ssi;
  const indicator = indicatorText(mode?.feature, isIndicator, ssi ? ssiFeatureLabels(ssi) : {});
  // The stored days are kept only when they are of the same mode; else the run's windows serve.
  const keep = input.previous?.indicator === indicator ? input.previous : null;
  const points = new Map<number, Schemas['IndicatorPoint']>();
  for (const point of keep?.history ?? []) {
    const day = Date.parse(point.t);
    if (day >= firstDay) points.set(day, point);
  }
  if (mode) {
    const windows = keep ? input.scored : input.allScored;
    for (const [day, point] of computedDays(windows, mode.valueOf)) {
      if (day >= firstDay) points.set(day, point);
    }
  }
  // Only days inside an alarm episode are anomalous: a single window over the threshold is not
  // an alarm, and a chart red on days the count leaves out contradicts it (issue 36). Days before
  // the period keep the mark their own evaluation gave them.
  const periodDay = dayStart(input.periodStart);
  for (const [day, point] of points) {
    if (day >= periodDay) points.set(day, { ...point, anomalous: inEpisode(day, input.episodes) });
  }
  const history = [...points.values()].sort((a, b) => Date.parse(a.t) - Date.parse(b.t));
  const start = history[0] ? Date.parse(history[0].t) : lastDay;
  const daily = Array.from(
    { length: Math.round((lastDay - start) / DAY_MS) + 1 },
    (_, d) => points.get(start + d * DAY_MS)?.value ?? Number.NaN,
  );
  const forecast: Schemas['ForecastPoint'][] = [];
  if (daily.filter(Number.isFinite).length >= 4) {
    const f = forecastIndicator(daily, FORECAST_DAYS);
    f.mean.forEach((mean, h) => {
      forecast.push({
        t: iso(lastDay + (h + 1) * DAY_MS),
        mean,
        lower80: at(f.lower80, h),
        upper80: at(f.upper80, h),
        lower95: at(f.lower95, h),
        upper95: at(f.upper95, h),
      });
    });
  }
  return {
    sid: input.sid,
    bridge: input.bridgeId,
    indicator,
    unit: 'Hz',
    history,
    forecast,
    // The alarm level was learnt for the model's indicator only.
    alarm_low: isIndicator ? (input.model.indicator?.alarmLow ?? null) : null,
    generated_at: input.generatedAt.toISOString(),
  };
}
