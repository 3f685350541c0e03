import type { FaultSpec } from './scenario.ts';
import type { Rng } from '../analytics/rng.ts';

const HOUR_MS = 3_600_000;

export function isFaultActive(fault: FaultSpec, t: number): boolean {
  return t >= fault.from && (fault.to === undefined || t < fault.to);
}

/** Mutable per-stream fault memory (the value a stuck sensor keeps repeating). */
export interface FaultState {
  stuckValue: number | null;
}

/**
 * Applies the stream's sensor faults to one clean sample. Faults draw from their own random
 * source so adding a fault never changes the clean signal underneath.
 */
export function applyFaults(
  faults: readonly FaultSpec[],
  state: FaultState,
  rng: Rng,
  t: number,
  clean: number,
): number {
  let value = clean;
  for (const fault of faults) {
    if (!isFaultActive(fault, t)) {
      if (fault.kind === 'stuck') state.stuckValue = null;
      continue;
    }
    if (fault.kind === 'drift') {
      value += ((fault.magnitude ?? 1) * (t - fault.from)) / HOUR_MS;
    } else if (fault.kind === 'spikes') {
      if (rng.next() < (fault.rate ?? 0.001)) {
        value += (fault.magnitude ?? 10) * (rng.next() < 0.5 ? -1 : 1);
      }
    } else if (fault.kind === 'offset') {
      value += fault.magnitude ?? 0;
    } else if (fault.kind === 'gain') {
      value *= fault.magnitude ?? 1.1;
    } else if (fault.kind === 'stuck') {
      state.stuckValue ??= value;
      value = state.stuckValue;
    }
  }
  return value;
}

/** Dropout works on whole blocks: a block starting inside a dropout interval is never sent. */
export function isDroppedOut(faults: readonly FaultSpec[], blockStart: number): boolean {
  return faults.some((fault) => fault.kind === 'dropout' && isFaultActive(fault, blockStart));
}
