import { describe, expect, it, vi } from 'vitest';
import { loadBlocks, loadBridgeStreams } from '../../../server/analysis/bridge-streams.ts';
import { checkStreamHealth } from '../../../server/analysis/sensor-health-check.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { DAY_MS, simulatedBridge, testScenario } from './analysis-fixtures.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const WINDOW_MS = 600_000;

// Decision 030, 2026-12-01 (rule C1): a sample at the declared measuring range's edge is a
// clipped one, so its 10-minute window is a clipping 'Sensor fault' from that window.
describe.each(drivers)('clipping at a declared measuring range on %s', (kind) => {
  const t = setupTestApp(kind);

  it('finds clipping in the window that reaches the declared upper edge, and none before it is declared', async () => {
    const { bridge, sensors, to } = await simulatedBridge(t.services, {
      name: 'Clip Bridge',
      scenario: testScenario('clp'),
      days: 1,
    });
    const db = t.services.database.db;
    const streams = await loadBridgeStreams(db, bridge.id);
    const gauge = streams.find((s) => s.streamId === 'clp-s1-str');
    if (!gauge) throw new Error('the strain gauge is missing');
    const kinds = async () =>
      (await checkStreamHealth(db, streams, to)).faults
        .filter((f) => f.datastreamId === gauge.id)
        .flatMap((f) => f.found.filter((x) => x.kind === 'clipping'));
    expect(await kinds()).toEqual([]);

    // The day's highest sample and the window it is in, read from the stored data.
    let top = { value: Number.NEGATIVE_INFINITY, at: 0 };
    for (const block of await loadBlocks(db, [gauge.id], to - DAY_MS, to)) {
      block.values.forEach((value, i) => {
        const at = block.startMs + (i * 1000) / block.rateHz;
        if (at >= to - DAY_MS && at < to && value > top.value) top = { value, at };
      });
    }
    const staff = await t.createUser({ staff: true });
    const declared = await t.request({
      method: 'PUT',
      url: `/api/v1/sensors/${sensors.get('clp-s1-str') ?? 0}/range`,
      token: staff.token,
      body: { low: null, high: top.value },
    });
    expect(declared.status).toBe(200);

    const found = await kinds();
    expect(found.map((f) => [f.kind, f.onsetMs])).toEqual([
      ['clipping', Math.floor(top.at / WINDOW_MS) * WINDOW_MS],
    ]);
    expect(found[0]?.reason).toMatch(/at its declared measuring range's upper edge/);
  });
});
