// npm run bench:modal — speed and accuracy of the automated SSI-COV (issue 31): a 10-storey
// shear frame, 10 channels × 10 minutes at 100 Hz, 2 % measurement noise. Time per window
// (correlations, SVD, 30 model orders, stabilisation, clustering, spectral check) on one core;
// medians of several rounds, and the first four modes against the model. Then the EFDD
// cross-check, a 0.05 Hz fundamental, damage localisation on a beam, cable tension and the
// Munich record (decision 046). The localisation's tuning and reporting trials: see
// modal-localisation.ts (LOCALISATION_SETS, LOCALISATION_CACHE); the strip's persistence rule:
// strip-persistence.ts (PERSIST_SET, PERSIST_CACHE).
import { loadavg } from 'node:os';
import { identifyModes } from '../../server/analytics/modal/identify-modes.ts';
import { realMac } from '../../server/analytics/modal/mode-shape.ts';
import { shearFrame, simulateAccelerations } from '../../server/sim/modal-response.ts';
import { fddOnFrames, longSpan, munich } from './modal-bench-checks.ts';
import { cable } from './modal-bench-structures.ts';
import { localisation } from './modal-localisation.ts';
import { stripPersistence } from './strip-persistence.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL_SECONDS = 1;
const stiffness = Array.from({ length: 10 }, (_, j) => 15_000 - 1_000 * j);
const frame = shearFrame(
  stiffness,
  Array.from({ length: 10 }, (_, m) => 0.01 + 0.001 * m),
);
const record = simulateAccelerations(frame, { rateHz: 100, samples: 60_000, noise: 0.02, seed: 1 });
const times: number[] = [];
const walls: number[] = [];
let result = identifyModes(record, { rateHz: 100 });
for (let round = 0; round < ROUNDS; round += 1) {
  // CPU time of this process: on a shared machine the wall clock also counts other processes.
  const started = process.cpuUsage();
  const wall = performance.now();
  result = identifyModes(record, { rateHz: 100 });
  const used = process.cpuUsage(started);
  times.push((used.user + used.system) / 1e6);
  walls.push((performance.now() - wall) / 1000);
}
times.sort((a, b) => a - b);
walls.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
const medianWall = walls[Math.floor(walls.length / 2)] ?? Number.NaN;
console.log(
  `load average ${loadavg()[0]?.toFixed(2)}; block rows ${result.blockRows}, orders 2-${Math.max(...result.orders)}`,
);
console.log(
  `per window (10 ch × 10 min): median CPU ${median.toFixed(2)} s, wall ${medianWall.toFixed(2)} s (goal < ${GOAL_SECONDS} s) ${median < GOAL_SECONDS ? 'met' : 'NOT met'}; per bridge-day (144 windows): ${((median * 144) / 60).toFixed(1)} min`,
);
console.log('mode | model Hz | identified Hz | error % | damping model/identified % | MAC');
frame.frequenciesHz.slice(0, 4).forEach((f, m) => {
  const mode = [...result.modes].sort(
    (a, b) => Math.abs(a.frequency_hz - f) - Math.abs(b.frequency_hz - f),
  )[0];
  if (!mode) return;
  console.log(
    `${m + 1} | ${f.toFixed(3)} | ${mode.frequency_hz.toFixed(3)} | ${(100 * (mode.frequency_hz / f - 1)).toFixed(3)} | ${(100 * (frame.dampingRatios[m] ?? 0)).toFixed(2)}/${(100 * mode.damping_ratio).toFixed(2)} | ${realMac(mode.shape, frame.shapes[m] ?? []).toFixed(4)}`,
  );
});
console.log(
  `${result.modes.length} modes reported: ${result.modes.map((m) => m.frequency_hz.toFixed(2)).join(', ')}`,
);

fddOnFrames(10);
longSpan(3);
munich();
cable(12);
localisation();
// The located-change strip's persistence rule on its reporting trials (decision 076, 2026-12-02).
stripPersistence('reporting');
