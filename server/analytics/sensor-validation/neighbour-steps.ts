/**
 * An offset step confirmed against the bridge's other quasi-static channels (decision 030's
 * known limit, decision 048): a support settling or a load placed moves the structure, so the
 * neighbouring strain, tilt, displacement and force channels step in the same window too; a
 * knocked or re-zeroed gauge steps alone. A step is the sensor's fault only if no neighbour's
 * own shift in that window reaches NEIGHBOUR_SIGMAS of its usual shift (a quarter of the
 * OFFSET_SIGMAS a fault needs: a neighbour further from the cause moves less).
 *
 * Limit: the real Munich records hold each support lowering on one channel only, so the rule is
 * checked on the records where channels were logged together (the load test) with steps
 * injected, not on a real settlement (decision 048).
 */

import { offsetScale } from './offset-step.ts';
import type { ValidationFault, WindowSummary } from './types.ts';

export const NEIGHBOUR_SIGMAS = 8;

/** The neighbour's shift in the window starting at `startMs`, in its own usual shifts. */
function shiftScore(windows: readonly WindowSummary[], startMs: number): number {
  const i = windows.findIndex((w) => w.startMs === startMs);
  if (i < 0) return 0;
  const scale = offsetScale(windows, i);
  const step = windows[i]?.step ?? 0;
  return Number.isFinite(scale) && scale > 0 ? Math.abs(step) / scale : 0;
}

/** Whether a neighbour stepped with the offset `fault` (then it is the structure, not the gauge). */
export function steppedWithNeighbours(
  fault: ValidationFault,
  neighbours: readonly (readonly WindowSummary[])[],
): boolean {
  return (
    fault.kind === 'offset' &&
    neighbours.some((windows) => shiftScore(windows, fault.onsetMs) >= NEIGHBOUR_SIGMAS)
  );
}
