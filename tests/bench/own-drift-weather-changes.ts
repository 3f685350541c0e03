/**
 * Decision 030 amendment (e): how far a healthy simulated gauge's level, with the day's shape
 * removed as the own-history candidate removes it, moves in 24 h. Tuning years 181-185 only;
 * chooses nothing. `npx tsx tests/bench/own-drift-weather-changes.ts` (a few seconds).
 */

import { median } from '../../server/analytics/sensor-validation/robust.ts';
import { simulateStream } from './sensor-window-sim.ts';

const SEEDS = [181, 182, 183, 184, 185];
const PROFILE_DAYS = 7;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Hourly medians of the 10-minute means, the day's median shape over the week before removed. */
function residual(seed: number): number[] {
  const windows = simulateStream({ seed, days: 365 }).windows;
  const hourly: number[] = [];
  for (let i = 0; i + 6 <= windows.length; i += 6) {
    hourly.push(median(windows.slice(i, i + 6).map((w) => w.mean)));
  }
  const shape = (day: number) => {
    const hours = hourly.slice(day * 24, day * 24 + 24);
    const mean = hours.reduce((a, b) => a + b, 0) / hours.length;
    return hours.map((v) => v - mean);
  };
  const out: number[] = [];
  for (let day = PROFILE_DAYS; (day + 1) * 24 <= hourly.length; day += 1) {
    const shapes = Array.from({ length: PROFILE_DAYS }, (_, k) => shape(day - PROFILE_DAYS + k));
    for (let h = 0; h < 24; h += 1) {
      out.push((hourly[day * 24 + h] ?? Number.NaN) - median(shapes.map((s) => s[h] ?? 0)));
    }
  }
  return out;
}

for (const seed of SEEDS) {
  const z = residual(seed);
  const changes = z.slice(24).map((v, i) => v - (z[i] ?? 0));
  const sigma = Math.sqrt(changes.reduce((a, b) => a + b * b, 0) / changes.length);
  const daysOver = (limit: number) =>
    new Set(changes.flatMap((c, i) => (Math.abs(c) > limit ? [Math.floor(i / 24)] : []))).size;
  const worst = Math.max(...changes.map(Math.abs));
  log(
    `seed ${seed}: 24 h change σ ${sigma.toFixed(1)} µε, worst ${worst.toFixed(0)} µε; ` +
      `days with a change over 24 / 36 / 48 µε: ${daysOver(24)} / ${daysOver(36)} / ${daysOver(48)}`,
  );
}
