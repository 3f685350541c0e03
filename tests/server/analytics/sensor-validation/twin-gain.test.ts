import { describe, expect, it } from 'vitest';
import { createRng } from '../../../../server/analytics/rng.ts';
import {
  gainOnsetWindow,
  judgeTwinGain,
  learnTwinRatios,
  twinGainFaults,
  type TwinGainInput,
} from '../../../../server/analytics/sensor-validation/twin-gain.ts';
import { windowStds } from '../../../../server/analytics/sensor-validation/window-std.ts';

const DAY = 144;
const WINDOW_MS = 600_000;
const START = Date.UTC(2026, 3, 8);

/** A day of traffic amplitudes seen by co-located gauges, each within 5 % per window. */
function day(seed: number, gains: Record<string, { factor: number; from: number }>) {
  const rng = createRng(seed);
  const traffic = Array.from({ length: DAY }, (_, i) => 2 + 6 * Math.sin((Math.PI * i) / DAY));
  const stds = new Map<string, number[]>();
  for (const name of ['a', 'b', 'c']) {
    const gain = gains[name];
    stds.set(
      name,
      traffic.map(
        (t, i) => t * Math.exp(0.05 * rng.normal()) * (gain && i >= gain.from ? gain.factor : 1),
      ),
    );
  }
  return stds;
}

const input = (stds: Map<string, number[]>, twins: Record<string, string[]>): TwinGainInput => ({
  stds,
  startMs: START,
  windowMs: WINDOW_MS,
  twins: new Map(Object.entries(twins)),
  reference: learnTwinRatios(day(1, {}), new Map(Object.entries(twins)), DAY),
  factor: 1.05,
  minWindows: DAY / 2,
});

describe('gain against co-located twins', () => {
  // Decision 068: a pair detects a change but cannot isolate it; calling both (or the good one)
  // faulty took a good gauge out of the detector, limits and fatigue on no evidence of its own.
  it('faults neither of a disagreeing pair, and reports the pair with its onset', () => {
    const changed = input(day(2, { a: { factor: 1.1, from: 36 } }), { a: ['b'], b: ['a'] });
    expect(twinGainFaults(changed).size).toBe(0);
    const { faults, disagreements } = judgeTwinGain(changed);
    expect(faults.size).toBe(0);
    expect(disagreements).toHaveLength(1);
    const [pair] = disagreements;
    expect(pair?.streams).toEqual(['a', 'b']);
    expect(Math.abs((pair?.onsetWindow ?? 0) - 36)).toBeLessThanOrEqual(3);
    expect(pair?.onsetMs).toBe(START + (pair?.onsetWindow ?? 0) * WINDOW_MS);
    expect(pair?.reason).toMatch(
      /^a and b disagree: a's response grew by (9|10|11) % against b's .*a pair cannot tell which of the two changed, so neither is called faulty on this alone$/,
    );
    // Found from b's side alone (the same words, said as a's against b's).
    const fromB = judgeTwinGain({ ...changed, twins: new Map([['b', ['a']]]) });
    expect(fromB.disagreements.map((d) => d.reason)).toEqual([pair?.reason]);
  });

  it('faults the one of a pair that its own checks single out, never the other', () => {
    const changed = input(day(2, { b: { factor: 0.9, from: 36 } }), { a: ['b'], b: ['a'] });
    const { faults, disagreements } = judgeTwinGain({ ...changed, ownFaults: new Set(['b']) });
    expect([...faults.keys()]).toEqual(['b']);
    expect(faults.get('b')?.reason).toMatch(
      /^response shrank by (9|10|11) % against its twin a .*its own checks found a fault and its twin's none/,
    );
    expect(disagreements).toEqual([]);
    // Both questioned by their own checks: the pair still cannot say which changed in gain.
    const both = judgeTwinGain({ ...changed, ownFaults: new Set(['a', 'b']) });
    expect(both.faults.size).toBe(0);
    expect(both.disagreements).toHaveLength(1);
  });

  it('with three twins faults only the one that changed', () => {
    const twins = { a: ['b', 'c'], b: ['a', 'c'], c: ['a', 'b'] };
    const found = twinGainFaults(input(day(3, { b: { factor: 0.9, from: 20 } }), twins));
    expect([...found.keys()]).toEqual(['b']);
    expect(found.get('b')?.reason).toMatch(/^response shrank by \d+ % against each of its twins a/);
    expect(
      judgeTwinGain(input(day(3, { b: { factor: 0.9, from: 20 } }), twins)).disagreements,
    ).toEqual([]);
  });

  it('with three twins of which one pair has no learnt ratio, reports the pair it cannot split', () => {
    // c was placed after the training: only a and b are judged, as a pair.
    const twins = { a: ['b', 'c'], b: ['a', 'c'], c: ['a', 'b'] };
    const changed = input(day(3, { b: { factor: 0.9, from: 20 } }), twins);
    const reference = changed.reference.filter((r) => r.stream === 'a' && r.twin === 'b');
    const { faults, disagreements } = judgeTwinGain({ ...changed, reference });
    expect(faults.size).toBe(0);
    expect(disagreements.map((d) => d.streams)).toEqual([['a', 'b']]);
  });

  it('raises nothing on healthy twins, and nothing without a learnt ratio', () => {
    const twins = { a: ['b'], b: ['a'] };
    for (let seed = 10; seed < 30; seed += 1) {
      expect(twinGainFaults(input(day(seed, {}), twins)).size).toBe(0);
    }
    const changed = day(4, { a: { factor: 1.2, from: 0 } });
    expect(twinGainFaults({ ...input(changed, twins), reference: [] }).size).toBe(0);
  });

  it('judges no pair on less than half a day of amplitudes', () => {
    const stds = day(5, { a: { factor: 1.2, from: 0 } });
    stds.set(
      'b',
      (stds.get('b') ?? []).map((v, i) => (i < DAY / 2 + 1 ? NaN : v)),
    );
    expect(twinGainFaults(input(stds, { a: ['b'], b: ['a'] })).size).toBe(0);
  });

  it('puts the onset at the first window for a change older than the day', () => {
    expect(gainOnsetWindow([0.1, 0.09, 0.11, 0.1])).toBe(0);
    expect(gainOnsetWindow([0, 0.01, -0.01, 0.1, 0.09, 0.11])).toBe(3);
  });

  it('takes a window standard deviation about its own mean, gaps left out', () => {
    expect(windowStds([1, 3, NaN, 5, 5, 5], 3)).toEqual([1, 0]);
    expect(windowStds([NaN, NaN], 2)).toEqual([NaN]);
  });
});
