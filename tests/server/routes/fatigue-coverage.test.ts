import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/schema';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { strainBridge } from '../fatigue/strain-fixtures.ts';

type DetailStatus = components['schemas']['FatigueDetailStatus'];

// 1,000 cycles of 500 µε (100 MPa at 200 GPa) a day; on EC3 71 a cycle is 1 / N_100 of the life.
const N_100 = 2e6 * (71 / 100) ** 3;

// Issue 30, decision 045: the remaining life stands on monitored hours, not on days.
describe.each(drivers)('fatigue coverage on %s', (kind) => {
  const t = setupTestApp(kind);

  /** Two days: a whole day at 10 Hz, then a day with 2 hours of data, the same cycles each. */
  async function scene(name: string, rateHz: number) {
    const staff = await t.createUser({ staff: true });
    const gauge = await strainBridge(t.services, name, `${name.toLowerCase()}-str`);
    const db = t.services.database.db;
    for (const [day, seconds] of [
      ['2026-04-01', 86_400],
      ['2026-04-02', 7200],
    ] as const) {
      await db.execute(sql`
        INSERT INTO fatigue_histograms (datastream_id, day, bin_width, bins, cycles, samples,
          monitored_seconds, excluded_samples, sample_rate_hz, highpass_hz, stretches)
        VALUES (${gauge.datastreamId}, ${day}, 2.5, '[[200, 1000]]'::jsonb, 1000,
                ${seconds * rateHz}, ${seconds}, 0, ${rateHz}, ${1 / 600}, 1)`);
    }
    await db.execute(sql`
      INSERT INTO fatigue_counters (datastream_id, counted_through, residue)
      VALUES (${gauge.datastreamId}, '2026-04-02', '{"stack": [], "candidate": null}'::jsonb)`);
    return { staff, ...gauge };
  }

  const get = async (token: string, bridgeId: number) =>
    (
      await t.request<{ details: DetailStatus[] }>({
        method: 'GET',
        url: `/api/v1/bridges/${bridgeId}/fatigue`,
        token,
      })
    ).body.details[0];

  it('weighs a day with 2 hours of data as 2 hours, and says what was counted', async () => {
    const { staff, bridge, sensor } = await scene('Covered', 10);
    await t.request({
      method: 'PUT',
      url: `/api/v1/sensors/${sensor.id}/fatigue-detail`,
      token: staff.token,
      body: { name: 'Cover plate end', curve: 'EC3 71' },
    });
    const detail = await get(staff.token, bridge.id);
    const damage = 2000 / N_100;
    // 2,000 cycles in 26 monitored hours; days alone would have said 1,000 a day.
    const perYear = (damage / 26) * 8766;
    expect(detail?.coverage).toMatchObject({
      monitored_hours: 26,
      period_hours: 48,
      monitored_share: expect.closeTo(26 / 48, 12) as number,
      days_without_record: 0,
    });
    expect(detail?.remaining_life?.damage_per_year).toBeCloseTo(perYear, 10);
    const unmonitored = (damage / 26) * 22;
    expect(detail?.remaining_life?.years).toBeCloseTo((1 - damage - unmonitored) / perYear, 6);
    expect(detail?.counting).toMatchObject({ highpass_hz: 1 / 600, stretches: 2 });
    expect(detail?.counting?.text).toContain('moving-median high-pass at 1/600 Hz');
    // 10 Hz on a 40 m span resolves the crossings (2.4 s, needing 4.2 Hz).
    expect(detail?.rate_check).toMatchObject({ resolves: true, warning: null });
  });

  it('warns when the rate cannot resolve load cycles, with the estimated undercount', async () => {
    const { staff, bridge, sensor } = await scene('Slow', 0.1);
    await t.request({
      method: 'PUT',
      url: `/api/v1/sensors/${sensor.id}/fatigue-detail`,
      token: staff.token,
      body: { name: 'Weld', curve: 'BS 7608 F2' },
    });
    const detail = await get(staff.token, bridge.id);
    // T = (40 + 16.5) m / 23.6 m/s = 2.39 s; r = 10 s / T = 4.18; caught 1/(4r) of the damage.
    const duration = 56.5 / (85 / 3.6);
    expect(detail?.rate_check).toMatchObject({
      sample_rate_hz: 0.1,
      span_length_m: 40,
      resolves: false,
      estimated_undercount: expect.closeTo(4 * (10 / duration), 9) as number,
    });
    expect(detail?.rate_check?.warning).toBe(
      'Sampling at 0.1 Hz cannot resolve load cycles (needs 4.2 Hz): damage is undercounted by about 17× or more',
    );
    expect(detail?.curve).toMatchObject({ name: 'BS 7608 F2', slope: 3, cut_off_mpa: null });
    expect(detail?.curve?.range_at_2e6_mpa).toBeCloseTo(Math.cbrt(4.31e11 / 2e6), 9);
  });

  it('shortens the remaining life by geometric traffic growth set for the bridge', async () => {
    const { staff, bridge, sensor } = await scene('Growing', 10);
    await t.request({
      method: 'PUT',
      url: `/api/v1/sensors/${sensor.id}/fatigue-detail`,
      token: staff.token,
      body: { name: 'Cover plate end', curve: 'EC3 71' },
    });
    const flat = await get(staff.token, bridge.id);
    const set = (body: unknown) =>
      t.request<{ traffic_growth_percent?: number; detail?: string }>({
        method: 'PUT',
        url: `/api/v1/bridges/${bridge.id}/fatigue-settings`,
        token: staff.token,
        body,
      });
    expect(await set({ traffic_growth_percent: 25 })).toMatchObject({ status: 400 });
    expect((await set({ traffic_growth_percent: 25 })).body.detail).toContain(
      'traffic_growth_percent',
    );
    expect(await set({ traffic_growth_percent: 2 })).toMatchObject({
      status: 200,
      body: { traffic_growth_percent: 2 },
    });
    // Audited like the bridge's other settings.
    const audited = rowsOf(
      await t.services.database.db.execute(sql`
      SELECT action, object_type, object_id FROM audit_log
      WHERE record = 'bridge_fatigue_settings'`),
    );
    expect(audited).toEqual([
      { action: 'create', object_type: 'bridge', object_id: String(bridge.id) },
    ]);
    const growing = await get(staff.token, bridge.id);
    const rate = flat?.remaining_life?.damage_per_year ?? 0;
    const left = (flat?.remaining_life?.years ?? 0) * rate;
    expect(growing?.traffic_growth_percent).toBe(2);
    expect(growing?.remaining_life?.years).toBeCloseTo(
      Math.log(1 + (left * 0.02) / rate) / Math.log(1.02),
      6,
    );
    expect(growing?.life_basis).toContain('traffic growing 2 % a year (geometric)');

    // The bridge's setting is read with its fatigue, with or without a detail (0 until set).
    const whole = await t.request<{ traffic_growth_percent?: number }>({
      method: 'GET',
      url: `/api/v1/bridges/${bridge.id}/fatigue`,
      token: staff.token,
    });
    expect(whole.body.traffic_growth_percent).toBe(2);
    const other = await scene('Unset', 10);
    const unset = await t.request<{ traffic_growth_percent?: number; details: unknown[] }>({
      method: 'GET',
      url: `/api/v1/bridges/${other.bridge.id}/fatigue`,
      token: staff.token,
    });
    expect(unset.body).toMatchObject({ traffic_growth_percent: 0, details: [] });
  });
});
