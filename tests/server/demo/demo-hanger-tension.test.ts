import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { trackCableTensions } from '../../../server/analysis/cable-tension-step.ts';
import { DEMO_FLEET, demoTimeline } from '../../../server/demo/demo-fleet.ts';
import { hangerId } from '../../../server/demo/demo-layout.ts';
import { demoScenario } from '../../../server/demo/demo-scenarios.ts';
import { simulateBursts } from '../../../server/sim/burst-simulator.ts';
import { seedDemo } from '../../../server/seed/demo-seed.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const HOUR_MS = 3_600_000;

// Decision 079, 2026-12-01 amendment: the seeded hanger, fed its simulated bursts (a minute in
// ten, as the demo records), gets a tension near the 180 kN it was simulated at on the card.
describe.each(drivers)("the demo hanger's tension on %s", (kind) => {
  const t = setupTestApp(kind);

  it('stores a tension for each burst window and answers it for the Cable tension card', async () => {
    const { db } = t.services.database;
    await seedDemo(db, t.services.secretBox, t.services.passwords);
    const lionsGate = DEMO_FLEET.find((b) => b.key === 'lions-gate');
    if (!lionsGate) throw new Error('no Lions Gate');
    const staff = await t.createUser({ staff: true });
    const bridge = (await t.services.bridges.list({ id: staff.id, isStaff: true })).find(
      (b) => b.name === lionsGate.name,
    );
    const end = Date.parse('2026-11-30T12:00:00Z');
    const scenario = demoScenario(lionsGate, demoTimeline(end, 30));
    const stream = hangerId(lionsGate, 2);
    const blocks = [
      ...simulateBursts(scenario, { from: end - 2 * HOUR_MS, to: end, streams: [stream] }),
    ];
    const ingested = await t.services.ingest.ingest(
      blocks.map((b) => ({
        stream_id: b.stream,
        start: b.start,
        rate_hz: b.rate_hz,
        values: b.values,
      })),
      { anyBridge: true },
    );
    expect(ingested.rejected).toEqual([]);

    const newestMs = Math.max(...blocks.map((b) => Date.parse(b.start))) + 10_000;
    const breaches = await trackCableTensions(db, bridge?.id ?? 0, {
      newestMs,
      faultSpans: new Map(),
    });
    expect(breaches).toEqual([]);
    const answer = await t.request<components['schemas']['CableTensions']>({
      method: 'GET',
      url: `/api/v1/bridges/${bridge?.id}/cable-tensions`,
      token: staff.token,
    });
    expect(answer.status).toBe(200);
    const [cable] = answer.body.cables;
    expect(answer.body.cables).toHaveLength(1);
    expect(cable?.sensor_id).toBe(stream);
    expect(cable?.cable).toMatchObject({ length_m: 45, mass_per_m: 15 });
    // Twelve bursts; the newest window is estimated once the next has begun.
    expect(cable?.history).toHaveLength(11);
    for (const point of cable?.history ?? []) {
      expect(point.note).toBeNull();
      expect(Math.abs((point.tension_kn ?? 0) / 180 - 1)).toBeLessThan(0.05);
    }
    expect(cable?.latest?.fundamental_hz).toBeCloseTo(1.217, 1);
  });
});
