import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/schema';
import { WORN_DEMO_DETAIL } from '../../../server/seed/demo-fatigue.ts';
import { seedDemo } from '../../../server/seed/demo-seed.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

type BridgeFatigue = components['schemas']['BridgeFatigue'];

describe.each(drivers)('the demo fatigue details on %s', (kind) => {
  const t = setupTestApp(kind);

  it('has exactly one detail within 0.05 below its first alert level, from its prior damage', async () => {
    await seedDemo(t.services.database.db, t.services.secretBox, t.services.passwords);
    const staff = await t.createUser({ staff: true });
    const bridges = await t.services.bridges.list({ id: staff.id, isStaff: true });
    const near: { bridge: string; name: string; stream: string | null; damage: number }[] = [];
    let details = 0;
    for (const bridge of bridges) {
      const { status, body } = await t.request<BridgeFatigue>({
        method: 'GET',
        url: `/api/v1/bridges/${bridge.id}/fatigue`,
        token: staff.token,
      });
      expect(status).toBe(200);
      details += body.details.length;
      for (const entry of body.details) {
        const level = entry.detail.alert_damage_high;
        if (entry.damage < level && entry.damage >= level - 0.05) {
          near.push({
            bridge: bridge.name,
            name: entry.detail.name,
            stream: entry.stream_id,
            damage: entry.damage,
          });
        }
      }
    }
    expect(details).toBeGreaterThan(1);
    expect(near).toEqual([
      {
        bridge: 'Jacques Cartier Bridge',
        name: WORN_DEMO_DETAIL.name,
        stream: WORN_DEMO_DETAIL.streamId,
        // 94.37 years (1930-01-01 to the gauge on 2024-05-15) × (12.1 / 71)³ a year.
        damage: expect.closeTo(0.4671, 4) as number,
      },
    ]);
  });
});
