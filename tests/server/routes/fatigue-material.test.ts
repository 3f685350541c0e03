import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { strainBridge } from '../fatigue/strain-fixtures.ts';

// PGlite's migrations on a loaded shared machine can outlast the default hook time.
vi.setConfig({ hookTimeout: 300_000 });

type S = components['schemas'];

/** Issue 19 names the detail's material among what staff define; it defaults to steel. */
describe.each(drivers)("a fatigue detail's material on %s", (kind) => {
  const t = setupTestApp(kind);

  async function scene() {
    const staff = await t.createUser({ staff: true });
    const gauge = await strainBridge(t.services, 'Material Bridge', 'mb-str');
    const put = (body: unknown) =>
      t.request<S['FatigueDetail'] & { detail?: string }>({
        method: 'PUT',
        url: `/api/v1/sensors/${gauge.sensor.id}/fatigue-detail`,
        token: staff.token,
        body,
      });
    const listed = async () =>
      (
        await t.request<S['BridgeFatigue']>({
          method: 'GET',
          url: `/api/v1/bridges/${gauge.bridge.id}/fatigue`,
          token: staff.token,
        })
      ).body.details.map((d) => d.detail.material);
    return { staff, put, listed, ...gauge };
  }

  it('stores the material given, trimmed, and reads it back', async () => {
    const { put, listed } = await scene();
    const stored = await put({ name: 'Cover plate end', curve: 'EC3 71', material: ' S355 J2 ' });
    expect(stored.status).toBe(200);
    expect(stored.body.material).toBe('S355 J2');
    expect(await listed()).toEqual(['S355 J2']);
  });

  it('is Steel when not given, and for details set before the field existed', async () => {
    const { put, listed, sensor } = await scene();
    const stored = await put({ name: 'Cover plate end', curve: 'EC3 71' });
    expect(stored).toMatchObject({ status: 200, body: { material: 'Steel' } });
    await t.services.database.db.execute(sql`
      DELETE FROM fatigue_details WHERE sensor_id = ${sensor.id}`);
    await t.services.database.db.execute(sql`
      INSERT INTO fatigue_details (sensor_id, name, curve)
      VALUES (${sensor.id}, 'Older detail', 'EC3 56')`);
    expect(await listed()).toEqual(['Steel']);
  });

  it.each([
    [
      'over 100 characters',
      'x'.repeat(101),
      'body/material must NOT have more than 100 characters',
    ],
    ['empty', '', 'body/material must NOT have fewer than 1 characters'],
    ['only spaces', '   ', 'material: this field is required'],
    ['on two lines', 'S355\nsteel', 'material: must not contain control characters'],
  ])('refuses a material %s with 400 naming the field', async (_case, material, detail) => {
    const { put, listed } = await scene();
    const refused = await put({ name: 'Cover plate end', curve: 'EC3 71', material });
    expect(refused).toEqual({ status: 400, body: { detail } });
    expect(await listed()).toEqual([]);
  });

  it("is printed beside the detail's S-N curve in the monthly report", async () => {
    const { put, staff, bridge } = await scene();
    expect((await put({ name: 'Cover plate end', curve: 'EC3 71', material: 'S355' })).status).toBe(
      200,
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/bridges/${bridge.id}/report?month=2026-04`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(response.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(response.rawPayload), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('Cover plate end (mb-str gauge, S355, EC3 71)');

    // A reader's zone the runtime does not know is refused, naming the field.
    const unknownZone = await t.app.inject({
      method: 'GET',
      url: `/api/v1/bridges/${bridge.id}/report?month=2026-04&tz=Mars%2FOlympus`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(unknownZone.statusCode).toBe(400);
    expect(unknownZone.json()).toEqual({
      detail: "tz: 'Mars/Olympus' is not a time zone (an IANA name such as America/Toronto)",
    });
  });
});
