import { mac } from './mode-shape.ts';
import type { Pole } from './ssi-cov.ts';

/** Stability tolerances between a pole and its nearest pole at the previous order. */
export interface StabilityTolerances {
  /** Relative frequency change, e.g. 0.01. */
  frequency: number;
  /** Relative damping change, e.g. 0.05. */
  damping: number;
  /** Lowest MAC, e.g. 0.98. */
  mac: number;
}

export const DEFAULT_TOLERANCES: StabilityTolerances = {
  frequency: 0.01,
  damping: 0.05,
  mac: 0.98,
};

export type Stability = 'stable' | 'frequency' | 'new';

export interface RatedPole extends Pole {
  /** stable: frequency, damping and shape agree with the previous order; frequency: only the frequency. */
  stability: Stability;
}

/**
 * The stabilisation diagram's classification: each pole at an order is compared with the pole of
 * the previous order nearest in frequency. Physical modes recur at the same frequency, damping and
 * shape as the order grows; the poles that only fit the noise move from order to order.
 */
export function ratePoles(poles: readonly Pole[], tolerances = DEFAULT_TOLERANCES): RatedPole[] {
  const byOrder = new Map<number, Pole[]>();
  for (const pole of poles) byOrder.set(pole.order, [...(byOrder.get(pole.order) ?? []), pole]);
  const orders = [...byOrder.keys()].sort((a, b) => a - b);
  const rated: RatedPole[] = [];
  orders.forEach((order, index) => {
    const previous = index > 0 ? (byOrder.get(orders[index - 1] ?? -1) ?? []) : [];
    for (const pole of byOrder.get(order) ?? []) {
      let nearest: Pole | undefined;
      for (const candidate of previous) {
        if (
          !nearest ||
          Math.abs(candidate.frequencyHz - pole.frequencyHz) <
            Math.abs(nearest.frequencyHz - pole.frequencyHz)
        )
          nearest = candidate;
      }
      let stability: Stability = 'new';
      if (
        nearest &&
        Math.abs(nearest.frequencyHz - pole.frequencyHz) <= tolerances.frequency * pole.frequencyHz
      ) {
        const dampingAgrees =
          Math.abs(nearest.dampingRatio - pole.dampingRatio) <=
          tolerances.damping * Math.abs(pole.dampingRatio);
        stability =
          dampingAgrees && mac(nearest.shape, pole.shape) >= tolerances.mac
            ? 'stable'
            : 'frequency';
      }
      rated.push({ ...pole, stability });
    }
  });
  return rated;
}
