// Decision 076 (h): the continuous generator's logger low-passes before it samples, as the
// burst generator and `simulateAccelerations` do (decision 076 (g)).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { simulateBlocks } from '../../../server/sim/bridge-simulator';
import type { BridgeScenario } from '../../../server/sim/scenario';
import { createScenario } from '../../../server/sim/scenarios';

const T0 = Date.UTC(2026, 3, 1);
const TEN_MINUTES_MS = 600_000;

/** The analysis tests' bridge (analysis-fixtures.ts): two spans, modes 2.9-24.1 Hz. */
const bridge = (accelerationRateHz: number): BridgeScenario =>
  createScenario({ seed: 11, prefix: 'lf', spans: 2, accelerationRateHz });

const accelerations = (scenario: BridgeScenario): number[][] => {
  const streams = scenario.streams.filter((s) => s.dataType === 'acceleration').map((s) => s.id);
  const byStream = new Map<string, number[]>(streams.map((id) => [id, []]));
  for (const block of simulateBlocks(scenario, {
    from: T0,
    to: T0 + TEN_MINUTES_MS,
    blockSeconds: 60,
    streams,
  }))
    byStream.get(block.stream)?.push(...block.values);
  return [...byStream.values()];
};

const fingerprint = (channels: readonly number[][]) => {
  const hash = createHash('sha256');
  for (const channel of channels) hash.update(new Uint8Array(Float64Array.from(channel).buffer));
  return hash.digest('hex').slice(0, 16);
};

/** The same bridge with each span's modes above `aboveHz` moved up by half. */
const outOfBandMoved = (scenario: BridgeScenario, aboveHz: number): BridgeScenario => ({
  ...scenario,
  spans: scenario.spans.map((span) => ({
    ...span,
    modes: span.modes.map((m) => (m.f0Hz > aboveHz ? { ...m, f0Hz: 1.5 * m.f0Hz } : m)),
  })),
});

describe('the continuous generator low-passes as a logger does', () => {
  it('at 10 Hz, a mode above half the rate leaves no trace: moving it changes no sample', () => {
    // Before the filter each such mode folded back (10.44 Hz to 0.44 Hz, 21.46 to 1.46 Hz),
    // so moving it moved its alias and every sample changed.
    const at10 = bridge(10);
    expect(fingerprint(accelerations(outOfBandMoved(at10, 5)))).toBe(
      fingerprint(accelerations(at10)),
    );
  });

  it('keeps every record whose modes lie in the flat band bit for bit (taken before the filter)', () => {
    // At 100 Hz the highest mode (24.1 Hz, frozen +8 %) lies below 0.4 of the rate.
    expect(fingerprint(accelerations(bridge(100)))).toBe('43a60ecf78f0fa89');
    // The slower streams carry no modes; their samples are the same too.
    const slow = bridge(10);
    const blocks = [
      ...simulateBlocks(slow, {
        from: T0,
        to: T0 + TEN_MINUTES_MS,
        blockSeconds: 600,
        streams: slow.streams.filter((s) => s.dataType !== 'acceleration').map((s) => s.id),
      }),
    ];
    expect(fingerprint(blocks.map((b) => b.values))).toBe('2630140899b1d59f');
  });
});
