import { describe, expect, it } from 'vitest';
import { createBridgeSimulator } from '../../../server/sim/bridge-simulator';
import type { BridgeScenario } from '../../../server/sim/scenario';
import { createScenario } from '../../../server/sim/scenarios';

const HOUR = 3_600_000;

/** A scenario whose strain gauge samples every 10 s, as the demo's do. */
function slowStrain(): BridgeScenario {
  const scenario = createScenario({ seed: 8, spans: 1 });
  return {
    ...scenario,
    streams: scenario.streams
      .filter((s) => s.id === 'b-s1-str')
      .map((s) => ({ ...s, rateHz: 0.1, noise: 0.2 })),
  };
}

function spread(from: number, hours: number): number {
  const values = createBridgeSimulator(slowStrain(), from, { blockSeconds: 600 })
    .advance(from + hours * HOUR)
    .flatMap((b) => b.values);
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
}

describe('slow load-type streams', () => {
  it('still catch passing vehicles when they sample every 10 s: busy hours spread more than nights', () => {
    // A Wednesday: 12:00-14:00 UTC is the midday traffic peak, 02:00-04:00 the quiet night.
    const busy = spread(Date.parse('2026-11-18T12:00:00Z'), 2);
    const night = spread(Date.parse('2026-11-18T02:00:00Z'), 2);
    expect(busy).toBeGreaterThan(2 * night);
  });
});
