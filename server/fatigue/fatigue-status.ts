// A fatigue detail's state from its gauge's daily histograms: damage, Δσ_E,2, remaining life,
// rate jump, monthly damage and the stress-range histogram (docs/decisions/007-fatigue.md).
import {
  type DailyDamage,
  equivalentRangeAt2M,
  minerDamage,
  type RemainingLife,
} from '../analytics/fatigue/miner.ts';
import {
  fromSparse,
  mergeInto,
  type RangeHistogram,
} from '../analytics/fatigue/range-histogram.ts';

import { mpaPerMicrostrain, type DetailFactors } from '../analytics/fatigue/stress.ts';
import { type Coverage, coverageLife, coverageLives, coverageOf } from './coverage.ts';
import { curveFacts, type CurveFacts, storedCurve } from './curve-facts.ts';
import { rateCheck, type RateCheck } from './rate-check.ts';

export interface DetailSettings {
  name: string;
  curve: string;
  modulusGpa: number;
  stressConcentration: number;
  gammaFf: number;
  gammaMf: number;
  designLifeYears: number;
  alertLifeYears: number;
  alertRateFactor: number;
  alertDamageHigh: number;
  alertDamageCritical: number;
  /** D₀ before counting began; part of the cumulative D and so of the remaining life. */
  priorDamage: number;
}

/** One stored day: its histogram in microstrain, and what it stands for (null: not recorded). */
export interface DayHistogram {
  day: string;
  binWidth: number;
  bins: [number, number][];
  monitoredSeconds?: number | null;
  sampleRateHz?: number | null;
  highpassHz?: number | null;
  excludedSamples?: number | null;
  stretches?: number | null;
  /** The day (YYYY-MM-DD) a recount last replaced this day's histogram; null: counted once. */
  recountedOn?: string | null;
}

/** What the gauge's place and the bridge add: its span's length, the traffic's growth. */
export interface DetailContext {
  spanLengthM?: number | null;
  /** Per year, in percent (geometric). */
  trafficGrowthPercent?: number;
}

/** What was counted: the dynamic part after the high-pass, or the samples as given. */
export interface CountingFacts {
  highpassHz: number | null;
  text: string;
  stretches: number;
  excludedHours: number;
}

export interface FatigueState {
  /** Cumulative D: the prior damage plus that of the counted days. */
  damage: number;
  equivalentRangeMpa: number;
  firstDay: string | null;
  daysWithData: number;
  daily: DailyDamage[];
  last90Days: RemainingLife | null;
  last365Days: RemainingLife | null;
  /** Rate of the last 7 days over the rate of the last 90; null without both. */
  rateJump: number | null;
  monthly: { month: string; damage: number }[];
  /** Gauge stress ranges (MPa) of every counted day; bin 0 (noise) left out. */
  histogram: { binWidthMpa: number; bins: [number, number][] };
  assumptions: string[];
  coverage: Coverage;
  /** The basis of the remaining life, in words. */
  lifeBasis: string;
  counting: CountingFacts;
  rateCheck: RateCheck | null;
  curve: CurveFacts;
  trafficGrowthPercent: number;
}

const round = (x: number, digits: number) => Number(x.toPrecision(digits));

export function factorsOf(settings: DetailSettings): DetailFactors {
  return {
    stressConcentration: settings.stressConcentration,
    gammaFf: settings.gammaFf,
    gammaMf: settings.gammaMf,
  };
}

/**
 * `days` oldest first; `countedThrough` is the last day counted (the rate windows end there, so
 * a day without data inside them counts as unknown, not as a day without traffic).
 */
export function fatigueState(
  settings: DetailSettings,
  days: readonly DayHistogram[],
  countedThrough: string | null,
  context: DetailContext = {},
): FatigueState {
  const curve = storedCurve(settings.curve);
  const factors = factorsOf(settings);
  const scale = mpaPerMicrostrain(settings.modulusGpa);
  let total: RangeHistogram | null = null;
  const daily: DailyDamage[] = [];
  for (const day of days) {
    // σ = E·ε is linear, so a histogram in µε is one in MPa with its bin width scaled.
    const histogram = fromSparse({ binWidth: day.binWidth * scale, bins: day.bins });
    daily.push({ day: day.day, damage: minerDamage(histogram, curve, factors) });
    total = total ? mergeInto(total, histogram) : histogram;
  }
  const countedDamage = daily.reduce((sum, d) => sum + d.damage, 0);
  const damage = settings.priorDamage + countedDamage;
  const covered = daily.map((d, i) => ({
    ...d,
    monitoredSeconds: days[i]?.monitoredSeconds ?? null,
  }));
  const coverage = coverageOf(covered, countedThrough);
  const growth = (context.trafficGrowthPercent ?? 0) / 100;
  // The unmonitored hours' damage is estimated, not measured: it shortens the life, not D.
  const left = 1 - damage - coverage.unmonitoredDamageEstimate;
  const lives =
    countedThrough && daily.length > 0
      ? coverageLives(left, covered, countedThrough, growth)
      : { last90Days: null, last365Days: null };
  const week =
    countedThrough && daily.length > 0 ? coverageLife(left, covered, countedThrough, 7) : null;
  const rateJump =
    week && lives.last90Days && lives.last90Days.ratePerYear > 0
      ? week.ratePerYear / lives.last90Days.ratePerYear
      : null;
  const monthly = new Map<string, number>();
  for (const d of daily)
    monthly.set(d.day.slice(0, 7), (monthly.get(d.day.slice(0, 7)) ?? 0) + d.damage);
  const bins: [number, number][] = [];
  total?.counts.forEach((cycles, bin) => {
    if (bin > 0 && cycles > 0) bins.push([round(bin * total.binWidth, 6), cycles]);
  });
  const factor = settings.stressConcentration * settings.gammaFf * settings.gammaMf;
  const counting = countingFacts(days);
  const latestRate = [...days].reverse().find((d) => d.sampleRateHz)?.sampleRateHz ?? null;
  const check =
    latestRate && context.spanLengthM
      ? rateCheck(latestRate, context.spanLengthM, curve.equivalentSlope ?? 3)
      : null;
  const lifeBasis = lifeBasisText(coverage, growth) + recountText(days);
  return {
    damage,
    // Δσ_E,2 stands for the counted cycles only: the prior damage has no measured spectrum.
    equivalentRangeMpa: equivalentRangeAt2M(countedDamage, curve, factors),
    firstDay: daily[0]?.day ?? null,
    daysWithData: daily.length,
    daily,
    last90Days: lives.last90Days,
    last365Days: lives.last365Days,
    rateJump,
    monthly: [...monthly].map(([month, value]) => ({ month, damage: value })),
    histogram: { binWidthMpa: total?.binWidth ?? (days[0]?.binWidth ?? 0) * scale, bins },
    assumptions: [
      `Stress σ = E·ε with E = ${settings.modulusGpa} GPa (strain in microstrain, stress in MPa)`,
      'Rainflow counting per ASTM E1049 (four-point), per UTC day; the residue is carried into the next day',
      `Ranges binned at ${round(total?.binWidth ?? 0.5, 4)} MPa (nearest bin)`,
      `Each range × Kf·γFf·γMf = ${round(factor, 6)} against the ${curve.name} S-N curve`,
      settings.priorDamage > 0
        ? `Palmgren-Miner linear damage sum D = D₀ + Σ n/N, with D₀ = ${settings.priorDamage} done before the first counted day`
        : 'Palmgren-Miner linear damage sum D = Σ n/N since the first counted day',
      lifeBasis,
      counting.text,
    ],
    coverage,
    lifeBasis,
    counting,
    rateCheck: check,
    curve: curveFacts(curve),
    trafficGrowthPercent: growth * 100,
  };
}

function countingFacts(days: readonly DayHistogram[]): CountingFacts {
  const latest = days.at(-1);
  const highpassHz = latest?.highpassHz ?? null;
  const filtered = days.filter((d) => d.highpassHz).length;
  const recorded = days.filter((d) => d.stretches !== undefined && d.stretches !== null);
  const excludedHours = days.reduce(
    (sum, d) =>
      sum + (d.excludedSamples && d.sampleRateHz ? d.excludedSamples / d.sampleRateHz / 3600 : 0),
    0,
  );
  const corner = highpassHz ? `1/${Math.round(1 / highpassHz)} Hz` : '';
  const text =
    latest === undefined
      ? 'Nothing counted yet'
      : highpassHz
        ? `Counted: the dynamic (traffic) part, a moving-median high-pass at ${corner} removing the quasi-static (thermal) part (${filtered} of ${days.length} days)`
        : 'Counted: the strain as given, quasi-static (thermal) part included';
  return {
    highpassHz,
    text:
      recorded.length > 0
        ? `${text}; each gap-free stretch alone, residue as half cycles; faulty, maintenance and uncalibrated data left out`
        : text,
    stretches: recorded.reduce((sum, d) => sum + (d.stretches ?? 0), 0),
    excludedHours,
  };
}

const percent = (x: number) => `${Number((x * 100).toPrecision(3))} %`;

function lifeBasisText(coverage: Coverage, growth: number): string {
  const hours = Math.round(coverage.monitoredHours);
  const period = Math.round(coverage.periodHours);
  const growthText =
    growth === 0 ? 'no traffic growth' : `traffic growing ${percent(growth)} a year (geometric)`;
  return (
    `Remaining life = (1 − D − the unmonitored hours' estimated damage) / (damage per monitored hour × 8,766 h a year) ` +
    `over the last 90 days (365 once a year is counted), ${growthText}; ` +
    `${hours} of ${period} hours monitored (${percent(coverage.monitoredShare)}), the rest assumed to carry the same traffic` +
    (coverage.daysWithoutRecord > 0
      ? `; ${coverage.daysWithoutRecord} days counted before coverage was recorded weigh as whole days`
      : '')
  );
}

/**
 * The audit line of recounts (decision 045, 2026-12-02 (d) and (e)): the figures changed after
 * they were first shown because a sensor fault, maintenance or calibration record entered later
 * changed which samples of days already counted count. The register's status never recounts.
 */
export function recountText(days: readonly DayHistogram[]): string {
  const recounted = days.filter((d) => d.recountedOn);
  if (recounted.length === 0) return '';
  const last = recounted.reduce(
    (a, d) => ((d.recountedOn ?? '') > a ? (d.recountedOn ?? '') : a),
    '',
  );
  const first = recounted[0]?.day;
  const end = recounted[recounted.length - 1]?.day;
  const span = first === end ? `${first}` : `${first} to ${end}`;
  return (
    `; ${recounted.length} ${recounted.length === 1 ? 'day' : 'days'} (${span}) recounted ` +
    `(last on ${last}) because a sensor fault, maintenance or calibration record entered after ` +
    'they were first counted changed which of their samples count'
  );
}
