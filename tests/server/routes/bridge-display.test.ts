import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/schema';
import { alphaBridgeCast, bridgeBody } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

type Bridge = components['schemas']['Bridge'];

// Decision 064: whoever may read a bridge reads its company's time zone and units with it.
describe.each(drivers)("a bridge's display settings on %s", (kind) => {
  const t = setupTestApp(kind);

  it("gives every reader of the list the owning company's zone and units", async () => {
    const { adminA, adminB, operator, bridgeId } = await alphaBridgeCast(t);
    const staff = await t.createUser({ staff: true });
    const changed = await t.request({
      method: 'PUT',
      url: `/api/v1/companies/${adminA.row.companyId}/settings`,
      token: adminA.token,
      body: {
        name: 'Alpha Spans',
        address: null,
        time_zone: 'America/Toronto',
        units: 'imperial',
        default_amber_percent: null,
        default_red_percent: null,
      },
    });
    expect(changed.status).toBe(200);
    const created = await t.request<Bridge>({
      method: 'POST',
      url: '/api/v1/bridges/create',
      token: adminB.token,
      body: bridgeBody('Beta Bridge'),
    });
    expect(created.status).toBe(201);
    // The answers of create and update carry no display settings; the list does.
    expect(created.body.display).toBeUndefined();

    const byOperator = await t.request<Bridge[]>({
      method: 'GET',
      url: '/api/v1/bridges',
      token: operator.token,
    });
    expect(byOperator.body.map((b) => [b.id, b.display])).toEqual([
      [bridgeId, { time_zone: 'America/Toronto', units: 'imperial' }],
    ]);

    const byStaff = await t.request<Bridge[]>({
      method: 'GET',
      url: '/api/v1/bridges',
      token: staff.token,
    });
    expect(byStaff.body.map((b) => [b.name, b.display])).toEqual([
      ['Alpha Bridge', { time_zone: 'America/Toronto', units: 'imperial' }],
      ['Beta Bridge', { time_zone: null, units: 'metric' }],
    ]);
  });
});
