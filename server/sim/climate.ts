import type { ClimateSpec } from './scenario.ts';
import { deriveSeed, createRng } from './rng.ts';

const DAY_MS = 86_400_000;
const YEAR_DAYS = 365.25;

// Weather swings as a few slow sinusoids with seeded phases: smooth, deterministic, and a pure
// function of time, so any window can be generated without replaying the past.
const WEATHER_PERIODS_DAYS = [3.1, 5.7, 9.3, 17.9];

export interface ClimateModel {
  /** Structure temperature in °C at time t (epoch ms). */
  temperatureAt(t: number): number;
}

export function createClimate(spec: ClimateSpec, seed: number): ClimateModel {
  const rng = createRng(deriveSeed(seed, 'climate'));
  const phases = WEATHER_PERIODS_DAYS.map(() => rng.next() * 2 * Math.PI);
  const weights = WEATHER_PERIODS_DAYS.map(() => 0.5 + rng.next());
  const weightSum = weights.reduce((a, b) => a + b, 0);
  return {
    temperatureAt(t: number): number {
      const days = t / DAY_MS;
      const dayOfYear = days % YEAR_DAYS;
      const hour = (days - Math.floor(days)) * 24;
      // Coldest around 15 January, warmest mid-July; daily peak mid-afternoon.
      const seasonal = -spec.seasonalAmpC * Math.cos((2 * Math.PI * (dayOfYear - 15)) / YEAR_DAYS);
      const daily = spec.dailyAmpC * Math.cos((2 * Math.PI * (hour - 15)) / 24);
      let weather = 0;
      WEATHER_PERIODS_DAYS.forEach((period, i) => {
        weather += (weights[i] ?? 1) * Math.sin((2 * Math.PI * days) / period + (phases[i] ?? 0));
      });
      weather *= spec.weatherAmpC / weightSum;
      let spell = 0;
      for (const cold of spec.coldSpells) {
        spell += cold.deltaC * smoothBox(t, cold.from, cold.to, DAY_MS / 2);
      }
      return spec.meanC + seasonal + daily + weather + spell;
    },
  };
}

/** 1 inside [from, to], easing in and out over `ramp` ms. */
function smoothBox(t: number, from: number, to: number, ramp: number): number {
  const rise = 1 / (1 + Math.exp(-(t - from) / (ramp / 6)));
  const fall = 1 / (1 + Math.exp((t - to) / (ramp / 6)));
  return rise * fall;
}
