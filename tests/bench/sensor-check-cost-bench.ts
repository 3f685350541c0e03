/**
 * What the sensor checks of one evaluation cost (decision 048, section 2026-11-29 afternoon): the
 * signal rules over a stream's last day and the window summaries the measurement rules read, on
 * a day of a continuous stream at 10 Hz and at 100 Hz (a slow wave, noise at five decimals, three
 * glitches). Every evaluation pays this per active stream. Part of `npm run bench:sensors`.
 */

import { sensorFaults } from '../../server/analytics/sensor-health.ts';
import { summariseWindows } from '../../server/analytics/sensor-validation/window-summary.ts';

const DAY_MS = 86_400_000;
const WINDOW_SECONDS = 600;
const ROUNDS = 3;

/** A day at `rateHz` in 10-minute blocks; a seeded generator, so every run checks the same day. */
function day(rateHz: number) {
  const n = Math.round((DAY_MS / 1000) * rateHz);
  let state = 7;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const values = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const signal = Math.sin(i / (5 * rateHz)) * 0.01 + (random() - 0.5) * 0.002;
    values[i] = Math.round(signal * 1e5) / 1e5;
  }
  for (const [at, glitch] of [
    [0.01, 5],
    [0.4, -4],
    [0.8, 6],
  ] as const) {
    values[Math.floor(at * n)] = glitch;
  }
  const per = rateHz * WINDOW_SECONDS;
  const blocks = [];
  for (let i = 0; i < n; i += per) {
    blocks.push({ startMs: (i / rateHz) * 1000, rateHz, values: values.subarray(i, i + per) });
  }
  return { values, blocks };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

console.log('| stream | samples | signal rules (ms) | window summaries (ms) | ns a sample |');
console.log('|---|---:|---:|---:|---:|');
for (const rateHz of [10, 100]) {
  const { values, blocks } = day(rateHz);
  const signal: number[] = [];
  const windows: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    let started = performance.now();
    const faults = sensorFaults(blocks, 0, DAY_MS, { checkStuck: true });
    signal.push(performance.now() - started);
    started = performance.now();
    const summaries = summariseWindows(values, rateHz, 0, rateHz * WINDOW_SECONDS);
    windows.push(performance.now() - started);
    if (faults.length !== 1 || summaries.length !== 144) {
      throw new Error(`unexpected result: ${JSON.stringify(faults)}, ${summaries.length} windows`);
    }
  }
  const total = median(signal) + median(windows);
  console.log(
    `| ${rateHz} Hz day | ${values.length.toLocaleString('en')} | ${median(signal).toFixed(0)} | ${median(windows).toFixed(0)} | ${((total * 1e6) / values.length).toFixed(0)} |`,
  );
}
