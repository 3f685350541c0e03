import { at } from '../analytics/at.ts';
import { forecastIndicator } from '../analytics/forecast.ts';
import { applyCompensation } from '../analytics/health-indicator.ts';
import type { Schemas } from '../contract-types.ts';
import { DAY_MS, dayStart, FORECAST_DAYS, HISTORY_DAYS } from './analysis-rules.ts';
import type { ScoredWindow } from './evaluation-report.ts';
import type { StoredModel } from './stored-model.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export interface SeriesInput {
  sid: string;
  bridgeId: number;
  model: StoredModel;
  /** Scored windows of the days to (re)compute. */
  scored: ScoredWindow[];
  /** The last stored series, whose older days are kept (null after a retraining). */
  previous: Schemas['ForecastSeries'] | null;
  newest: number;
  generatedAt: Date;
}

/** Daily value and anomaly flag of the indicator over the computed windows. */
function computedDays(input: SeriesInput): Map<number, Schemas['IndicatorPoint']> {
  const indicator = input.model.indicator;
  const days = new Map<number, { sum: number; count: number; anomalous: boolean }>();
  if (!indicator) return new Map();
  const column = input.model.featureNames.indexOf(indicator.feature);
  for (const w of input.scored) {
    const day = dayStart(w.start);
    const entry = days.get(day) ?? { sum: 0, count: 0, anomalous: false };
    const frequency = at(w.features, column);
    const value = indicator.compensation
      ? applyCompensation(indicator.compensation, frequency, w.context[0] ?? Number.NaN)
      : frequency;
    if (Number.isFinite(value)) {
      entry.sum += value;
      entry.count += 1;
    }
    entry.anomalous ||= w.anomalous;
    days.set(day, entry);
  }
  return new Map(
    [...days].map(([day, e]) => [
      day,
      { t: iso(day), value: e.count > 0 ? e.sum / e.count : null, anomalous: e.anomalous },
    ]),
  );
}

/**
 * The ForecastSeries of the contract: daily means of the temperature-compensated first natural
 * frequency over up to the last 8 weeks (days holding an anomalous window marked), and a 30-day
 * damped-trend forecast with 80 % and 95 % bands (forecast.ts) once 4 days are known.
 */
export function buildForecastSeries(input: SeriesInput): Schemas['ForecastSeries'] {
  const lastDay = dayStart(input.newest - 1);
  const firstDay = lastDay - (HISTORY_DAYS - 1) * DAY_MS;
  const points = new Map<number, Schemas['IndicatorPoint']>();
  for (const point of input.previous?.history ?? []) {
    const day = Date.parse(point.t);
    if (day >= firstDay) points.set(day, point);
  }
  for (const [day, point] of computedDays(input)) if (day >= firstDay) points.set(day, point);
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
  const indicator = input.model.indicator;
  return {
    sid: input.sid,
    bridge: input.bridgeId,
    indicator: indicator
      ? `Temperature-compensated first natural frequency (${indicator.feature.replace(/\.f1$/, '')})`
      : 'No accelerometer with a trackable mode: no natural frequency to follow',
    unit: 'Hz',
    history,
    forecast,
    alarm_low: indicator?.alarmLow ?? null,
    generated_at: input.generatedAt.toISOString(),
  };
}
