/**
 * How much decision 030's twin-residual figures (2026-12-01) rest on the invented twin: the rules
 * as chosen on seeds 1-5 (drift 6 h at 0.75 µε/h, offset K = 10), run on the reporting seeds with
 * rougher twins: a larger local difference between the two gauges and a larger thermal mismatch.
 * Chooses nothing. `npx tsx tests/bench/sensor-twin-sensitivity.ts`; not part of `npm test`.
 */

import { driftFaults } from '../../server/analytics/sensor-validation/drift.ts';
import { residualStepFaults } from '../../server/analytics/sensor-validation/residual-step.ts';
import { median } from '../../server/analytics/sensor-validation/robust.ts';
import { TWIN_OFFSET_SIGMAS } from '../../server/analytics/sensor-validation/thresholds.ts';
import { twinEstimate } from '../../server/analytics/sensor-validation/twin-residual.ts';
import type {
  ValidationFault,
  WindowSummary,
} from '../../server/analytics/sensor-validation/types.ts';
import { simulateTwinMeans, type TwinShape } from './sensor-twin-sim.ts';
import { injectSimFault, SIM_WINDOW_MS, simulateStream } from './sensor-window-sim.ts';

/** The fixed-slope drift rule chosen first (decision 030, 2026-12-01), since scaled to the pair. */
const FIXED_DRIFT = { minSlopePerHour: 0.75, horizonHours: 6, blockHours: 1 };
const HEALTHY = [111, 112, 113, 114, 115, 116, 117, 118, 119, 120];
const TRIALS = [211, 212, 213, 214, 215, 216, 217, 218, 219, 220];
const DAY = 144;
const SHAPES: (TwinShape & { label: string })[] = [
  { label: 'as chosen (local 0.5 µε, 10.5 µε/°C)' },
  { label: 'local difference 1 µε', localSigma: 1 },
  { label: 'local difference 2 µε', localSigma: 2 },
  { label: 'thermal mismatch 20 % (12 µε/°C)', alpha: 12 },
];
const log = (line = '') => process.stdout.write(`${line}\n`);

type Rule = (w: WindowSummary[], twin: number[]) => ValidationFault[];
const estimate = (w: WindowSummary[], twin: number[]) =>
  twinEstimate(
    w.map((x) => x.mean),
    [twin],
    DAY,
  );
const drift: Rule = (w, twin) =>
  driftFaults(w, FIXED_DRIFT, { mean: estimate(w, twin).prediction });
const offset: Rule = (w, twin) =>
  residualStepFaults(w, estimate(w, twin), { sigmas: TWIN_OFFSET_SIGMAS });

log('| twin | rule | false faults in 10 sensor-years | found | median delay (h) | max (h) |');
log('|---|---|---|---|---|---|');
for (const shape of SHAPES) {
  for (const [name, rule, kind, size] of [
    ['drift', drift, 'drift', 2],
    ['offset', offset, 'offset', 5],
  ] as const) {
    let falseFaults = 0;
    for (const seed of HEALTHY) {
      const s = simulateStream({ seed, days: 365 });
      falseFaults += rule(s.windows, simulateTwinMeans(s, seed, shape)).length;
    }
    const delays: number[] = [];
    for (const seed of TRIALS) {
      const s = simulateStream({ seed, days: 30 });
      const onset = 14 * DAY + ((seed * 37) % DAY);
      const windows = injectSimFault(s.windows, kind, onset, size);
      const hit = rule(windows, simulateTwinMeans(s, seed, shape)).find(
        (f) => f.detectedWindow >= onset,
      );
      if (hit) delays.push(((hit.detectedWindow + 1 - onset) * SIM_WINDOW_MS) / 3_600_000);
    }
    delays.sort((a, b) => a - b);
    log(
      `| ${shape.label} | ${name} ${size} | ${falseFaults} | ${delays.length}/10 | ` +
        `${delays.length ? median(delays).toFixed(2) : '–'} | ${delays.at(-1)?.toFixed(2) ?? '–'} |`,
    );
  }
}
