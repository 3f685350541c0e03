import type { ClimateSpec } from './scenario.ts';
import { deriveSeed, createRng } from '../analytics/rng.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const YEAR_DAYS = 365.25;

// Weather swings as a few slow sinusoids with seeded phases: smooth, deterministic, and a pure
// function of time, so any window can be generated without replaying the past.
const WEATHER_PERIODS_DAYS = [3.1, 5.7, 9.3, 17.9];

export interface ClimateModel {
  /** Air temperature in °C at time t (epoch ms): what a temperature stream reads. */
  temperatureAt(t: number): number;
  /**
   * Deck temperature at time t: the air through the spec's first-order lag (equal to the air
   * without one). The modes follow this one.
   */
  deckTemperatureAt(t: number): number;
}

/**
 * A sinusoid through a first-order lag of time constant `lagMs` keeps its period; its amplitude
 * shrinks by 1/√(1+(ωτ)²) and its phase falls behind by atan(ωτ). Being exact for every
 * sinusoid, the lagged climate stays a pure function of time.
 */
function lagged(periodMs: number, lagMs: number): Lag {
  const omegaTau = ((2 * Math.PI) / periodMs) * lagMs;
  return { gain: 1 / Math.sqrt(1 + omegaTau * omegaTau), delay: Math.atan(omegaTau) };
}

interface Lag {
  gain: number;
  delay: number;
}

/** Every sinusoid's lag terms for one lag: the year's, the day's, each weather swing's. */
function lagTerms(lagMs: number): { year: Lag; day: Lag; swings: Lag[] } {
  return {
    year: lagged(YEAR_DAYS * DAY_MS, lagMs),
    day: lagged(DAY_MS, lagMs),
    swings: WEATHER_PERIODS_DAYS.map((period) => lagged(period * DAY_MS, lagMs)),
  };
}

export function createClimate(spec: ClimateSpec, seed: number): ClimateModel {
  const rng = createRng(deriveSeed(seed, 'climate'));
  const phases = WEATHER_PERIODS_DAYS.map(() => rng.next() * 2 * Math.PI);
  const weights = WEATHER_PERIODS_DAYS.map(() => 0.5 + rng.next());
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const deckLagMs = (spec.deckLagHours ?? 0) * HOUR_MS;
  // The lags' gains and delays depend on the lag alone: computed once per lag (air and deck), not
  // at every call, which the simulator makes every simulated second.
  const lags = new Map([0, deckLagMs].map((lagMs) => [lagMs, lagTerms(lagMs)]));
  // With no lag every gain is 1 and every delay 0, so the air is exactly the unlagged formula.
  const at = (t: number, lagMs: number) => {
    const { year, day, swings } = lags.get(lagMs) ?? lagTerms(lagMs);
    const days = t / DAY_MS;
    const dayOfYear = days % YEAR_DAYS;
    const hour = (days - Math.floor(days)) * 24;
    // Coldest around 15 January, warmest mid-July; daily peak mid-afternoon.
    const seasonal =
      -spec.seasonalAmpC *
      year.gain *
      Math.cos((2 * Math.PI * (dayOfYear - 15)) / YEAR_DAYS - year.delay);
    const daily =
      spec.dailyAmpC * day.gain * Math.cos((2 * Math.PI * (hour - 15)) / 24 - day.delay);
    let weather = 0;
    for (let i = 0; i < WEATHER_PERIODS_DAYS.length; i += 1) {
      const period = WEATHER_PERIODS_DAYS[i] as number;
      const swing = swings[i] as Lag;
      weather +=
        (weights[i] ?? 1) *
        swing.gain *
        Math.sin((2 * Math.PI * days) / period + (phases[i] ?? 0) - swing.delay);
    }
    weather *= spec.weatherAmpC / weightSum;
    // A cold spell lasts days: the lag only delays its edges.
    let spell = 0;
    for (const cold of spec.coldSpells) {
      spell += cold.deltaC * smoothBox(t - lagMs, cold.from, cold.to, DAY_MS / 2);
    }
    return spec.meanC + seasonal + daily + weather + spell;
  };
  return {
    temperatureAt: (t) => at(t, 0),
    deckTemperatureAt: (t) => at(t, deckLagMs),
  };
}

/** 1 inside [from, to], easing in and out over `ramp` ms. */
function smoothBox(t: number, from: number, to: number, ramp: number): number {
  const rise = 1 / (1 + Math.exp(-(t - from) / (ramp / 6)));
  const fall = 1 / (1 + Math.exp((t - to) / (ramp / 6)));
  return rise * fall;
}
