/**
 * Decision 030's unmet offset and clipping goals (issue 30), measured:
 * - Offset: how many of the stream's usual shifts a 5 µε step is, and the false faults the
 *   offset rule gives at thresholds that low (tuning seeds 1-5).
 * - Clipping, candidate 'the ceiling repeats': a window whose extreme is held by at least 2
 *   holds and equals exactly the extreme of one of the 6 windows before it (a live signal's
 *   extreme does not repeat to the last digit; a clipped one sits on the same value).
 *   Tuning: healthy simulated years 1-5 and the healthy real Munich records (which are
 *   quantised, as real loggers are); reporting: injections on seeds 201-210.
 * `npx tsx tests/bench/sensor-offset-clip-bench.ts`; not part of `npm test`.
 */

import { clippingFaults } from '../../server/analytics/sensor-validation/clipping.ts';
import { offsetFaults, offsetScale } from '../../server/analytics/sensor-validation/offset-step.ts';
import { median } from '../../server/analytics/sensor-validation/robust.ts';
import type { WindowSummary } from '../../server/analytics/sensor-validation/types.ts';
import { summariseWindows } from '../../server/analytics/sensor-validation/window-summary.ts';
import {
  MUNICH_CHANNELS,
  MUNICH_RATE_HZ,
  munichAvailable,
  readMunichChannel,
} from './munich-records.ts';
import { injectSimFault, SIM_WINDOW_MS, simulateStream } from './sensor-window-sim.ts';

const TUNING_SEEDS = [1, 2, 3, 4, 5];
const TRIAL_SEEDS = [201, 202, 203, 204, 205, 206, 207, 208, 209, 210];
const DAY_WINDOWS = 144;
const REPEAT_LOOKBACK = 6;
const log = (line = '') => process.stdout.write(`${line}\n`);

/** Windows the repeated-ceiling candidate fires on. */
function repeatedCeiling(windows: readonly WindowSummary[]): number[] {
  const firing: number[] = [];
  windows.forEach((w, i) => {
    const hold = Math.max(1, w.holdRun);
    const before = windows.slice(Math.max(0, i - REPEAT_LOOKBACK), i);
    const high = w.atMax >= 2 * hold && before.some((b) => b.max === w.max);
    const low = w.atMin >= 2 * hold && before.some((b) => b.min === w.min);
    if (w.max > w.min && (high || low)) firing.push(i);
  });
  return firing;
}

const years = TUNING_SEEDS.map((seed) => simulateStream({ seed, days: 365 }).windows);

log('## Offset step of 5 µε: its size in usual shifts (seeds 201-210), and false faults at low K');
const ratios = TRIAL_SEEDS.map((seed) => {
  const s = simulateStream({ seed, days: 30 });
  const onset = 14 * DAY_WINDOWS + ((seed * 37) % DAY_WINDOWS);
  const windows = injectSimFault(s.windows, 'offset', onset, 5);
  return Math.abs(windows[onset]?.step ?? 0) / offsetScale(windows, onset);
}).sort((a, b) => a - b);
log(
  `5 µε step / usual shift: median ${median(ratios).toFixed(1)}, min ${ratios[0]?.toFixed(1)}, max ${ratios.at(-1)?.toFixed(1)}`,
);
log('| K | false offset faults, seeds 1-5 (5 sensor-years) | per sensor-year |');
log('|---|---|---|');
for (const sigmas of [4, 6, 8, 12]) {
  const n = years.reduce((sum, w) => sum + offsetFaults(w, { sigmas }).length, 0);
  log(`| ${sigmas} | ${n} | ${(n / years.length).toFixed(1)} |`);
}
log();

log('## Clipping, repeated ceiling: firing windows on healthy data (tuning)');
const simFiring = years.reduce((sum, w) => sum + repeatedCeiling(w).length, 0);
log(`Simulated healthy years 1-5: ${simFiring} windows`);
if (munichAvailable()) {
  let windows = 0;
  let firing = 0;
  for (const channel of MUNICH_CHANNELS) {
    const summary = summariseWindows(readMunichChannel(channel), MUNICH_RATE_HZ, 0, 1000);
    const fired = repeatedCeiling(summary).length;
    windows += summary.length;
    firing += fired;
    log(`- ${channel.label}: ${fired} of ${summary.length} windows`);
  }
  log(`Munich, healthy, 10-s windows: ${firing} of ${windows} windows fire`);
}
log();
log('## Clipping 10 µε above the onset mean, seeds 201-210 (reporting)');
const clipTrials = TRIAL_SEEDS.map((seed) => {
  const s = simulateStream({ seed, days: 30 });
  const onset = 14 * DAY_WINDOWS + ((seed * 37) % DAY_WINDOWS);
  const windows = injectSimFault(s.windows, 'clipping', onset, 10);
  const begins = windows.findIndex((w, i) => i >= onset && w.atMax > 1);
  const repeat = repeatedCeiling(windows).find((i) => i >= begins);
  const rule = clippingFaults(windows).find((f) => f.detectedWindow >= begins)?.detectedWindow;
  return { begins, repeat, rule };
});
const delayText = (found: (number | undefined)[]) => {
  const delays = found
    .flatMap((hit, k) => {
      const begins = clipTrials[k]?.begins ?? 0;
      return hit === undefined ? [] : [((hit + 1 - begins) * SIM_WINDOW_MS) / 3_600_000];
    })
    .sort((a, b) => a - b);
  return `found ${delays.length}/10, delay median ${median(delays).toFixed(1)} h, max ${delays.at(-1)?.toFixed(1)} h`;
};
log(`- decision 030's rule: ${delayText(clipTrials.map((t) => t.rule))}`);
log(`- repeated ceiling alone: ${delayText(clipTrials.map((t) => t.repeat))}`);
const either = clipTrials.map((t) =>
  t.rule === undefined ? t.repeat : t.repeat === undefined ? t.rule : Math.min(t.rule, t.repeat),
);
log(`- either: ${delayText(either)} (goal one window, 0.17 h)`);
