/**
 * The simulated bridge of the end-to-end part of bench:detect (issue 15): one 45 m span
 * commissioned on 1 July, with what a first year on a real deck brings:
 * - two closely spaced modes (first bending near 2.05 Hz, first torsion near 2.35 Hz: about two
 *   PSD bins apart at the burst's resolution), stiffening by up to 8 % when the deck freezes;
 * - a temperate climate with a cold spell in the first January, and a deck that follows the air
 *   with a 3-hour lag (the temperature sensor reads the air);
 * - traffic-driven excitation that is weak at night (measurement noise matters then);
 * - duty-cycled accelerometer: a 60 s burst at 9 Hz every 10 minutes (the modes stay below the
 *   0.4 × rate the product looks up to, with PSD bins of 0.14 Hz);
 * - the accelerometer stuck for a few days in March, replaced on the last day (the maintenance);
 * - optionally damage: the first bending mode drops by a percentage from `damageFrom` on.
 */
import type { BridgeScenario, ModeSpec } from '../../server/sim/scenario.ts';
import { TEMPERATE_CLIMATE } from '../../server/sim/scenarios.ts';

const DAY_MS = 86_400_000;

export const E2E_PREFIX = 'e2e';
export const ACCELEROMETER = `${E2E_PREFIX}-s1-acc`;
export const E2E_BURSTS = { everySeconds: 600, burstSeconds: 60, blockSeconds: 10 };

const MODES: ModeSpec[] = [
  { f0Hz: 2.05, damping: 0.012, tempCoefPerC: 0.0016, freezeGain: 0.08 },
  { f0Hz: 2.35, damping: 0.015, tempCoefPerC: 0.0012, freezeGain: 0.06 },
];

export interface E2eTimeline {
  commissioned: number;
  end: number;
  /** The accelerometer is stuck in [faultFrom, faultTo); it is replaced on faultTo's day. */
  faultFrom: number;
  faultTo: number;
  /** Damage starts here (the twins differ from here on only). */
  damageFrom: number;
  firstWinter: { from: number; to: number };
}

/** Commissioning on 1 July 2025, `months` of data (at least 14), damage 21 days before the end. */
export function e2eTimeline(months: number): E2eTimeline {
  const commissioned = Date.UTC(2025, 6, 1);
  const end = Date.UTC(2025, 6 + months, 1);
  return {
    commissioned,
    end,
    faultFrom: Date.UTC(2026, 2, 10, 9),
    faultTo: Date.UTC(2026, 2, 14),
    damageFrom: end - 21 * DAY_MS,
    firstWinter: { from: Date.UTC(2025, 10, 1), to: Date.UTC(2026, 3, 1) },
  };
}

export function e2eScenario(seed: number, timeline: E2eTimeline, dropPercent = 0): BridgeScenario {
  const id = (kind: string) => `${E2E_PREFIX}-s1-${kind}`;
  return {
    seed,
    spans: [{ id: 'span-1', modes: MODES }],
    climate: {
      ...TEMPERATE_CLIMATE,
      deckLagHours: 3,
      coldSpells: [{ from: Date.UTC(2026, 0, 12), to: Date.UTC(2026, 0, 19), deltaC: -7 }],
    },
    streams: [
      {
        id: ACCELEROMETER,
        dataType: 'acceleration',
        span: 'span-1',
        position: 0.25,
        rateHz: 9,
        noise: 0.004,
      },
      { id: id('str'), dataType: 'strain', span: 'span-1', position: 0.5, rateHz: 0.1, noise: 1 },
      {
        id: `${E2E_PREFIX}-temp`,
        dataType: 'temperature',
        span: 'span-1',
        position: 0.5,
        rateHz: 1 / 60,
        noise: 0.1,
      },
    ],
    damage:
      dropPercent > 0
        ? [{ span: 'span-1', modes: [0], dropPercent, from: timeline.damageFrom }]
        : [],
    faults: [
      { stream: ACCELEROMETER, kind: 'stuck', from: timeline.faultFrom, to: timeline.faultTo },
    ],
  };
}
