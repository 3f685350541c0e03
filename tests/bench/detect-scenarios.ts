// Simulator scenarios with known truth for the detection benchmark (issue 8, Quality and speed).
import { simulateFeatureWindows, type SimFeatureSet } from '../../server/sim/feature-generator.ts';
import type { FaultSpec } from '../../server/sim/scenario.ts';
import { createScenario } from '../../server/sim/scenarios.ts';

const DAY = 86_400_000;
export const BASELINE_FROM = Date.parse('2025-01-01T00:00:00Z');
/** One year of healthy baseline: every season, freezing included, is in it. */
export const TEST_FROM = BASELINE_FROM + 365 * DAY;
/** 16 weeks of monitoring through the winter: 8 healthy, then damage. */
export const TEST_TO = TEST_FROM + 16 * 7 * DAY;
export const DAMAGE_FROM = TEST_FROM + 8 * 7 * DAY;

export interface BenchCase {
  name: string;
  dropPercent: number;
  set: SimFeatureSet;
  baselineRows: number;
  /** Rows whose windows touch a sensor with faulty status (skipped, as the windowing does). */
  declaredFaulty: boolean[];
}

export function benchCase(dropPercent: number, seed: number): BenchCase {
  const faults: FaultSpec[] = [
    // Declared faulty by the operators (the sensor status says so): windows skipped and counted.
    {
      stream: 'b-s2-str',
      kind: 'drift',
      from: TEST_FROM + 10 * DAY,
      to: TEST_FROM + 20 * DAY,
      magnitude: 0.5,
    },
    {
      stream: 'b-s1-disp',
      kind: 'spikes',
      from: TEST_FROM + 30 * DAY,
      to: TEST_FROM + 33 * DAY,
      magnitude: 20,
    },
    { stream: 'b-s2-tilt', kind: 'stuck', from: TEST_FROM + 70 * DAY, to: TEST_FROM + 75 * DAY },
    // Not declared: the data simply stops (missing values reach the detector).
    { stream: 'b-s2-load', kind: 'dropout', from: TEST_FROM + 40 * DAY, to: TEST_FROM + 44 * DAY },
    { stream: 'b-s1-acc', kind: 'dropout', from: TEST_FROM + 90 * DAY, to: TEST_FROM + 91 * DAY },
  ];
  const scenario = createScenario({
    seed,
    spans: 2,
    climate: {
      // A hard cold spell in the monitored winter, on top of the ordinary frosts.
      coldSpells: [{ from: TEST_FROM + 20 * DAY, to: TEST_FROM + 27 * DAY, deltaC: -8 }],
    },
    damage: dropPercent > 0 ? [{ span: 'span-1', modes: [0], dropPercent, from: DAMAGE_FROM }] : [],
    faults,
  });
  const set = simulateFeatureWindows(scenario, {
    from: BASELINE_FROM,
    to: TEST_TO,
    windowSeconds: 3600,
  });
  const declared = new Set(['b-s2-str', 'b-s1-disp', 'b-s2-tilt']);
  return {
    name: `f1 of span 1 −${dropPercent}%`,
    dropPercent,
    set,
    baselineRows: set.windows.filter((w) => w.start < TEST_FROM).length,
    declaredFaulty: set.windows.map((w) => w.faultyStreams.some((s) => declared.has(s))),
  };
}
