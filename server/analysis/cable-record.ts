// Which samples of a 10-minute window a cable's tension is estimated from (decision 079's
// 2026-12-01 amendment). Pure: a sample grid in, a record out.
import { MIN_COVERAGE } from './modal-record.ts';

/**
 * A gap-free run shorter than this holds too few spectrum segments (256 samples, half overlap)
 * to average: four segments' worth, seven averaged. At the demo's 20 Hz that is 51 s, under the
 * minute it records in every ten. Our choice, not tuned.
 */
export const MIN_CABLE_RUN_SAMPLES = 4 * 256;

export type CableRecord =
  { kind: 'window' | 'run'; samples: Float64Array } | { kind: 'too-short'; longestRun: number };

/** The longest run of finite samples: [from, to) of the grid; [0, 0) when none. */
function longestRun(grid: Float64Array): [number, number] {
  let best: [number, number] = [0, 0];
  let start = -1;
  for (let i = 0; i <= grid.length; i += 1) {
    const finite = i < grid.length && Number.isFinite(grid[i] ?? Number.NaN);
    if (finite && start < 0) start = i;
    if (!finite && start >= 0) {
      if (i - start > best[1] - best[0]) best = [start, i];
      start = -1;
    }
  }
  return best;
}

/**
 * The whole window when it holds MIN_COVERAGE of its samples (its Welch spectrum leaves out
 * the few segments a gap touches, as before); else its longest gap-free run, the burst a
 * duty-cycled accelerometer recorded, whose segments are then sized on the run itself rather
 * than on a window none of them fits in. Too short a run: nothing to estimate from.
 */
export function cableRecord(grid: Float64Array): CableRecord {
  let finite = 0;
  for (const v of grid) if (Number.isFinite(v)) finite += 1;
  if (grid.length > 0 && finite / grid.length >= MIN_COVERAGE) {
    return { kind: 'window', samples: grid };
  }
  const [from, to] = longestRun(grid);
  if (to - from < MIN_CABLE_RUN_SAMPLES) return { kind: 'too-short', longestRun: to - from };
  return { kind: 'run', samples: grid.subarray(from, to) };
}
