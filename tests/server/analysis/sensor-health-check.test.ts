import { describe, expect, it, vi } from 'vitest';
import { loadBridgeStreams } from '../../../server/analysis/bridge-streams.ts';
import { checkStreamHealth } from '../../../server/analysis/sensor-health-check.ts';
import type { BridgeScenario } from '../../../server/sim/scenario.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { START_MS, simulatedBridge, testScenario } from './analysis-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const HOUR_MS = 3_600_000;

// The stuck accelerometer of the end-to-end bench (issue 15): duty-cycled, so it never sends an
// hour of consecutive samples, and each burst holds its own value.
describe.each(drivers)('sensor health of stored streams on %s', (kind) => {
  const t = setupTestApp(kind);

  // The day starts at midnight: the healthy accelerometer's quiet night is in it.
  it('finds a stuck duty-cycled accelerometer, and nothing wrong with the others', async () => {
    const scenario: BridgeScenario = {
      ...testScenario('shc'),
      faults: [{ stream: 'shc-s1-acc', kind: 'stuck', from: START_MS + 18 * HOUR_MS }],
    };
    const { bridge, to } = await simulatedBridge(t.services, {
      name: 'Stuck Bridge',
      scenario,
      days: 1,
    });
    const streams = await loadBridgeStreams(t.services.database.db, bridge.id);
    const { faults: found } = await checkStreamHealth(t.services.database.db, streams, to);
    expect(found.map((f) => [f.streamId, f.faults.map((fault) => fault.kind)])).toEqual([
      ['shc-s1-acc', ['stuck']],
    ]);
    expect(found[0]?.faults[0]?.detail).toMatch(
      /^stuck at -?[\d.e-]+ for 5\.8 h \(each of 36 bursts flat, the last at this value\)$/,
    );
  });
});
