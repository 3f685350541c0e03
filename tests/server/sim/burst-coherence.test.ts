import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_FLEET, demoTimeline } from '../../../server/demo/demo-fleet';
import { demoScenario } from '../../../server/demo/demo-scenarios';
import { createBridgeSimulator } from '../../../server/sim/bridge-simulator';
import { simulateBurst, simulateBursts } from '../../../server/sim/burst-simulator';
import type { BridgeScenario, StreamSpec } from '../../../server/sim/scenario';
import { createScenario } from '../../../server/sim/scenarios';

const DAY = 86_400_000;
const FROM = Date.parse('2026-11-10T00:00:00Z');

const fingerprint = (blocks: Iterable<unknown>) => {
  const hash = createHash('sha256');
  for (const block of blocks) hash.update(JSON.stringify(block));
  return hash.digest('hex').slice(0, 16);
};

/** Fingerprints of the streams as they were before a span's channels shared a vibration. */
const BEFORE_DEMO: Record<string, string> = {
  confederation: '7ed8e9f99e61c9fc',
  'lions-gate': '6815b7bfca657df2',
  'jacques-cartier': 'cf8cb9313a2c2a68',
  champlain: '3e1039a4ff20cc7f',
  quebec: 'd0ece72e54cd0a47',
  macdonald: '059799b1aabf920f',
  skyway: 'c8c67311a895be68',
  'alex-fraser': 'd392f2cfde3ebcc0',
  'high-level': '4df4f2be48a36640',
  broadway: 'ce94df0ce7769c32',
  hartland: 'b81976d0d76d96b6',
};

/**
 * A demo bridge's streams that existed before (none reading another's vibration, nor the
 * hanger's accelerometer added since, decision 079).
 */
function demoFingerprint(scenario: BridgeScenario, end: number, start: number): string {
  const existing = scenario.streams.filter((s) => s.modesOf === undefined && !s.cable);
  // One part a burst, then the continuous streams' day, as the fingerprints were taken.
  const blocks: unknown[] = [];
  for (const s of existing.filter((s) => s.dataType === 'acceleration')) {
    for (const at of [end - 600_000, end - 7 * DAY, start + 8 * DAY]) {
      blocks.push(simulateBurst(scenario, s.id, at));
    }
  }
  const continuous = createBridgeSimulator(scenario, end - DAY, {
    streams: existing.filter((s) => s.dataType !== 'acceleration').map((s) => s.id),
    blockSeconds: 600,
  });
  blocks.push(continuous.advance(end));
  return fingerprint(blocks);
}

const dot = (a: readonly number[], b: readonly number[]) =>
  a.reduce((s, v, i) => s + v * (b[i] ?? 0), 0);
const minus = (a: readonly number[], b: readonly number[], f: number) =>
  a.map((v, i) => v - f * (b[i] ?? 0));

/** Least-squares residual of fitting `target` by `basis` (Gram-Schmidt), relative to its size. */
function residualShare(basis: readonly number[][], target: readonly number[]): number {
  const orthogonal: number[][] = [];
  for (const vector of basis) {
    const rest = orthogonal.reduce((v, q) => minus(v, q, dot(v, q)), vector);
    const norm = Math.sqrt(dot(rest, rest));
    orthogonal.push(rest.map((v) => v / norm));
  }
  const residual = orthogonal.reduce((v, q) => minus(v, q, dot(v, q)), [...target]);
  return Math.sqrt(dot(residual, residual) / dot(target, target));
}

const spanOf = (scenario: BridgeScenario, extra: (lead: StreamSpec) => StreamSpec[]) => {
  const lead = scenario.streams.find((s) => s.id === 'b-s1-acc') as StreamSpec;
  return { ...scenario, streams: [...scenario.streams, ...extra(lead)] };
};

const values = (scenario: BridgeScenario, id: string, start: number) =>
  simulateBurst(scenario, id, start).flatMap((b) => b.values);

// Decision 076, step 1: the accelerometers of a span read one vibration, so SSI-COV over them
// finds shared modes; the streams the demo has today keep their values exactly.
describe('coherent span channels', () => {
  const base = createScenario({ seed: 4, spans: 1, accelerationRateHz: 20 });
  const start = Date.parse('2026-11-10T08:10:00Z');

  it("leaves every demo bridge's existing streams bit for bit as they were", () => {
    const end = Date.parse('2026-11-30T22:00:00Z');
    const found = Object.fromEntries(
      DEMO_FLEET.map((bridge) => {
        const timeline = demoTimeline(end, 30);
        const scenario = demoScenario(bridge, timeline);
        return [bridge.key, demoFingerprint(scenario, timeline.end, timeline.start)];
      }),
    );
    expect(found).toEqual(BEFORE_DEMO);
  });

  it('leaves single accelerometers with faults and dropouts as they were', () => {
    const scenario = createScenario({
      seed: 4,
      spans: 3,
      accelerationRateHz: 20,
      faults: [
        { stream: 'b-s1-acc', kind: 'spikes', from: FROM + DAY, magnitude: 0.5, rate: 0.01 },
        { stream: 'b-s2-acc', kind: 'stuck', from: FROM + 2 * DAY, to: FROM + 3 * DAY },
        { stream: 'b-s3-acc', kind: 'dropout', from: FROM + DAY + 25_000, to: FROM + 2 * DAY },
      ],
    });
    // Taken before the span's channels shared a vibration: '66433bf39902a7f0'. Retaken when the
    // logger's anti-alias filter came (decision 076 (g)): at 20 Hz these spans' second and third
    // modes (10.4-26.6 Hz) lie above half the rate and are removed (they folded back before).
    expect(fingerprint(simulateBursts(scenario, { from: FROM, to: FROM + 4 * DAY }))).toBe(
      '3a52b8ac54805eb0',
    );
  });

  it("gives channels that share the span's modes: noise-free, any one is a mix of three others", () => {
    const positions = [1 / 6, 2 / 6, 3 / 6, 4 / 6];
    const scenario = spanOf(base, (lead) =>
      positions.map((position, k) => ({
        ...lead,
        id: `b-s1-acc${k + 2}`,
        position,
        noise: 0,
        modesOf: lead.id,
      })),
    );
    const channels = positions.map((_, k) => values(scenario, `b-s1-acc${k + 2}`, start));
    // The span has three modes: a fourth noise-free channel lies in the others' span.
    expect(residualShare(channels.slice(0, 3), channels[3] ?? [])).toBeLessThan(1e-6);
    // The lead reads the same vibration: it too is such a mix, up to its own noise.
    const lead = values(scenario, 'b-s1-acc', start);
    expect(residualShare(channels.slice(0, 3), lead)).toBeLessThan(0.5);
    // Channels with their own vibration, as before, are no such mix.
    const apart = spanOf(base, (lead) =>
      positions.map((position, k) => ({ ...lead, id: `b-s1-acc${k + 2}`, position, noise: 0 })),
    );
    const separate = positions.map((_, k) => values(apart, `b-s1-acc${k + 2}`, start));
    expect(residualShare(separate.slice(0, 3), separate[3] ?? [])).toBeGreaterThan(0.3);
  });

  it("keeps the lead's values and each channel's own noise and faults", () => {
    const withFollowers = spanOf(base, (lead) => [
      { ...lead, id: 'b-s1-acc2', position: 0.25, modesOf: lead.id },
      { ...lead, id: 'b-s1-acc3', position: 0.75, modesOf: lead.id },
    ]);
    withFollowers.faults = [{ stream: 'b-s1-acc3', kind: 'dropout', from: start + 25_000 }];
    expect(simulateBurst(withFollowers, 'b-s1-acc', start)).toEqual(
      simulateBurst(base, 'b-s1-acc', start),
    );
    const second = values(withFollowers, 'b-s1-acc2', start);
    expect(second).not.toEqual(values(withFollowers, 'b-s1-acc', start));
    expect(simulateBurst(withFollowers, 'b-s1-acc3', start)).toHaveLength(3);
    // Generated together (one shared vibration) or alone, a burst is the same.
    const together = [...simulateBursts(withFollowers, { from: start, to: start + 1 })];
    expect(together.filter((b) => b.stream === 'b-s1-acc2').flatMap((b) => b.values)).toEqual(
      second,
    );
  });

  it('refuses a channel reading an accelerometer of another span or rate', () => {
    const two = createScenario({ seed: 4, spans: 2, accelerationRateHz: 20 });
    const other = two.streams.find((s) => s.id === 'b-s2-acc') as StreamSpec;
    const wrong = { ...two, streams: [...two.streams, { ...other, id: 'x', modesOf: 'b-s1-acc' }] };
    expect(() => simulateBurst(wrong, 'x', start)).toThrow(/own span and rate/);
  });
});
