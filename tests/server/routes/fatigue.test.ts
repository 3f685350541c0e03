import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { assignBridge } from '../alerts/alert-fixtures.ts';
import { strainBridge } from '../fatigue/strain-fixtures.ts';

type DetailStatus = components['schemas']['FatigueDetailStatus'];

// Ten counted days of 1,000 cycles of 500 µε each: 100 MPa on steel at 200 GPa. On EC3 71 one
// cycle is 1 / (2·10⁶ · (71/100)³) = 1 / 715,822 of the life (slope 3: above ΔσD = 52.3 MPa).
const N_100 = 2e6 * (71 / 100) ** 3;
const DAYS = ['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04', '2026-04-05'];
const MORE = ['2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09', '2026-05-10'];

describe.each(drivers)('fatigue details API on %s', (kind) => {
  const t = setupTestApp(kind);

  async function scene() {
    const staff = await t.createUser({ staff: true });
    const operator = await t.createUser();
    const outsider = await t.createUser();
    const gauge = await strainBridge(t.services, 'Fatigue Bridge', 'fb-str');
    await assignBridge(t, operator.id, gauge.bridge.id);
    const db = t.services.database.db;
    for (const day of [...DAYS, ...MORE]) {
      await db.execute(sql`
        INSERT INTO fatigue_histograms (datastream_id, day, bin_width, bins, cycles, samples)
        VALUES (${gauge.datastreamId}, ${day}, 2.5, '[[4, 50000], [200, 1000]]'::jsonb, 51000,
                8640000)`);
    }
    await db.execute(sql`
      INSERT INTO fatigue_counters (datastream_id, counted_through, residue)
      VALUES (${gauge.datastreamId}, '2026-05-10', '{"stack": [], "candidate": null}'::jsonb)`);
    return { staff, operator, outsider, ...gauge };
  }

  const put = (token: string, sensorId: number, body: unknown) =>
    t.request<{ detail?: string; sensor?: number; modulus_gpa?: number }>({
      method: 'PUT',
      url: `/api/v1/sensors/${sensorId}/fatigue-detail`,
      token,
      body,
    });
  const get = (token: string, bridgeId: number) =>
    t.request<{ bridge: number; details: DetailStatus[]; detail?: string }>({
      method: 'GET',
      url: `/api/v1/bridges/${bridgeId}/fatigue`,
      token,
    });

  it('returns damage, Δσ_E,2 and remaining life computed from the counted days', async () => {
    const { staff, operator, bridge, sensor } = await scene();
    const stored = await put(staff.token, sensor.id, {
      name: 'Girder 2 cover plate',
      curve: 'EC3 71',
    });
    expect(stored).toMatchObject({
      status: 200,
      body: { sensor: sensor.id, modulus_gpa: 200, design_life_years: 100, alert_life_years: 10 },
    });

    const { status, body } = await get(operator.token, bridge.id);
    expect(status).toBe(200);
    const [detail] = body.details;
    const damage = (10 * 1000) / N_100;
    expect(detail?.damage).toBeCloseTo(damage, 12);
    expect(detail?.equivalent_range_mpa).toBeCloseTo(71 * Math.cbrt(damage), 9);
    expect(detail).toMatchObject({
      sensor_label: 'fb-str gauge',
      stream_id: 'fb-str',
      first_day: '2026-04-01',
      counted_through: '2026-05-10',
      days_with_data: 10,
      remaining_life_365: null,
      histogram: {
        bin_width_mpa: 0.5,
        bins: [
          [2, 500000],
          [100, 10000],
        ],
      },
      monthly_damage: [
        { month: '2026-04', damage: expect.closeTo(5000 / N_100, 12) as number },
        { month: '2026-05', damage: expect.closeTo(5000 / N_100, 12) as number },
      ],
    });
    // The last 90 days hold all ten days with data: 1,000 cycles a day.
    const perYear = (1000 / N_100) * 365.25;
    expect(detail?.remaining_life?.window_days).toBe(90);
    expect(detail?.remaining_life?.days_with_data).toBe(10);
    expect(detail?.remaining_life?.damage_per_year).toBeCloseTo(perYear, 10);
    // The 30 days between the two runs of data (06 April to 05 May) were not monitored: their
    // damage is estimated at the monitored rate and taken off what is left (decision 045).
    const unmonitored = (30 * 1000) / N_100;
    expect(detail?.coverage).toEqual({
      monitored_hours: 240,
      period_hours: 960,
      monitored_share: 0.25,
      damage_per_monitored_hour: expect.closeTo(damage / 240, 15) as number,
      unmonitored_damage_estimate: expect.closeTo(unmonitored, 12) as number,
      days_without_record: 10,
    });
    expect(detail?.remaining_life?.years).toBeCloseTo((1 - damage - unmonitored) / perYear, 8);
    expect(detail?.assumptions.join('\n')).toContain('E = 200 GPa');
    expect(detail?.life_basis).toContain('240 of 960 hours monitored (25 %)');
    expect(detail?.curve?.text).toContain('EC3 71: EN 1993-1-9:2005 Figure 7.1');
  });

  it('applies the modulus and factors without a recount', async () => {
    const { staff, bridge, sensor } = await scene();
    await put(staff.token, sensor.id, {
      name: 'Weld toe',
      curve: 'EC3 71',
      modulus_gpa: 210,
      stress_concentration: 1.2,
      gamma_mf: 1.15,
    });
    const { body } = await get(staff.token, bridge.id);
    // 500 µε · 0.21 · 1.2 · 1.15 = 144.9 MPa, still on the slope-3 part.
    const range = 500 * 0.21 * 1.2 * 1.15;
    const damage = (10 * 1000) / (2e6 * (71 / range) ** 3);
    expect(body.details[0]?.damage).toBeCloseTo(damage, 10);
    // Δσ_E,2 is at the detail (× Kf) without the partial factor.
    expect(body.details[0]?.equivalent_range_mpa).toBeCloseTo((71 * Math.cbrt(damage)) / 1.15, 8);
    expect(body.details[0]?.histogram.bin_width_mpa).toBeCloseTo(0.525, 12);
  });

  it('refuses bad input naming the field, and keeps writes to staff', async () => {
    const { staff, operator, outsider, bridge, sensor, span } = await scene();
    const cases: [unknown, string][] = [
      [{ name: 'A', curve: 'EC3 72' }, 'curve'],
      [{ name: '   ', curve: 'EC3 71' }, 'name'],
      [{ curve: 'EC3 71' }, 'name'],
      [{ name: 'A', curve: 'EC3 71', modulus_gpa: 0 }, 'modulus_gpa'],
      [{ name: 'A', curve: 'EC3 71', modulus_gpa: 1e9 }, 'modulus_gpa'],
      [{ name: 'A', curve: 'EC3 71', gamma_mf: 'x' }, 'gamma_mf'],
      [{ name: 'A', curve: 'EC3 71', design_life_years: 0 }, 'design_life_years'],
      [{ name: 'A', curve: 'EC3 71', alert_rate_factor: 1 }, 'alert_rate_factor'],
      [{ name: 'A'.repeat(101), curve: 'EC3 71' }, 'name'],
      [{ name: 'A', curve: 'EC3 71', alert_damage_high: 0 }, 'alert_damage_high'],
      [{ name: 'A', curve: 'EC3 71', alert_damage_critical: 1.01 }, 'alert_damage_critical'],
      [{ name: 'A', curve: 'EC3 71', alert_damage_high: 0.8 }, 'alert_damage_high'],
      [
        { name: 'A', curve: 'EC3 71', alert_damage_high: 0.6, alert_damage_critical: 0.5 },
        'alert_damage_high',
      ],
      [{ name: 'A', curve: 'EC3 71', prior_damage: 1 }, 'prior_damage'],
      [{ name: 'A', curve: 'EC3 71', prior_damage: -0.1 }, 'prior_damage'],
    ];
    for (const [body, field] of cases) {
      const answer = await put(staff.token, sensor.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.detail).toContain(field);
    }
    const accelerometer = await t.services.sensors.create({
      bridgeId: bridge.id,
      spanId: span.id,
      label: 'acc',
      type: 'accelerometer',
      status: 'active',
      installationDate: '2025-01-01',
    });
    const wrongType = await put(staff.token, accelerometer.id, { name: 'A', curve: 'EC3 71' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.detail).toContain('not a strain gauge');
    expect((await put(staff.token, 999999, { name: 'A', curve: 'EC3 71' })).status).toBe(404);
    expect((await put(operator.token, sensor.id, { name: 'A', curve: 'AASHTO C' })).status).toBe(
      403,
    );
    expect((await get(outsider.token, bridge.id)).status).toBe(404);
    expect((await get(staff.token, 999999)).status).toBe(404);
  });

  it('removes a detail (staff), answering 404 once it is gone', async () => {
    const { staff, bridge, sensor } = await scene();
    await put(staff.token, sensor.id, { name: 'Hanger', curve: "AASHTO E'" });
    expect((await get(staff.token, bridge.id)).body.details).toHaveLength(1);
    const remove = () =>
      t.request({
        method: 'DELETE',
        url: `/api/v1/sensors/${sensor.id}/fatigue-detail`,
        token: staff.token,
      });
    expect((await remove()).status).toBe(204);
    expect((await get(staff.token, bridge.id)).body.details).toEqual([]);
    expect((await remove()).status).toBe(404);
  });

  it('raises a fatigue alert under the horizon, acknowledged and cleared like any alert', async () => {
    const { staff, bridge, sensor } = await scene();
    const settings = { name: 'Cover plate end', curve: 'EC3 71' };
    await put(staff.token, sensor.id, { ...settings, alert_life_years: 5 });
    const open = () =>
      t.request<{ id: number; type: string; severity: string; message: string; state: string }[]>({
        method: 'GET',
        url: `/api/v1/alerts?bridge=${bridge.id}&state=open`,
        token: staff.token,
      });
    const [alert] = (await open()).body;
    expect(alert).toMatchObject({
      type: 'Fatigue',
      severity: 'High',
      state: 'active',
      message:
        "Fatigue detail 'Cover plate end' (fb-str gauge): remaining life 1.9 years, under the 5-year horizon",
    });
    const acknowledged = await t.request({
      method: 'POST',
      url: `/api/v1/alerts/${alert?.id ?? 0}/acknowledge`,
      token: staff.token,
      body: { comment: 'Inspection booked' },
    });
    expect(acknowledged).toMatchObject({ status: 200, body: { state: 'acknowledged' } });
    // The same state again changes nothing; a horizon of 0 turns the alert off and clears it.
    await put(staff.token, sensor.id, { ...settings, alert_life_years: 5 });
    expect((await open()).body.map((a) => a.state)).toEqual(['acknowledged']);
    await put(staff.token, sensor.id, { ...settings, alert_life_years: 0 });
    expect((await open()).body).toEqual([]);
  });

  it('adds the prior damage to D and raises High over the first level, Critical over the second', async () => {
    const { staff, operator, bridge, sensor } = await scene();
    const counted = (10 * 1000) / N_100;
    const settings = { name: 'Cover plate end', curve: 'EC3 71', alert_life_years: 0 };
    const stored = await put(staff.token, sensor.id, { ...settings, prior_damage: 0.49 });
    expect(stored).toMatchObject({
      status: 200,
      body: { alert_damage_high: 0.5, alert_damage_critical: 0.8, prior_damage: 0.49 },
    });
    const [detail] = (await get(operator.token, bridge.id)).body.details;
    expect(detail?.damage).toBeCloseTo(0.49 + counted, 12);
    // Δσ_E,2 stands for the counted cycles only; the remaining life uses the whole D.
    expect(detail?.equivalent_range_mpa).toBeCloseTo(71 * Math.cbrt(counted), 9);
    const perYear = (1000 / N_100) * 365.25;
    const unmonitored = (30 * 1000) / N_100;
    expect(detail?.remaining_life?.years).toBeCloseTo(
      (1 - 0.49 - counted - unmonitored) / perYear,
      8,
    );
    expect(detail?.assumptions.join('\n')).toContain('D₀ = 0.49');

    const open = () =>
      t.request<{ type: string; severity: string; message: string; state: string }[]>({
        method: 'GET',
        url: `/api/v1/alerts?bridge=${bridge.id}&state=open`,
        token: staff.token,
      });
    // D = 0.504 is over 0.5.
    expect((await open()).body).toEqual([
      expect.objectContaining({
        type: 'Fatigue',
        severity: 'High',
        state: 'active',
        message:
          "Fatigue detail 'Cover plate end' (fb-str gauge): cumulative damage D = 0.503 has reached the 0.5 level",
      }),
    ]);
    // The same alert rises to Critical once D passes the second level.
    await put(staff.token, sensor.id, { ...settings, prior_damage: 0.79 });
    const [critical, ...others] = (await open()).body;
    expect(others).toEqual([]);
    expect(critical).toMatchObject({ severity: 'Critical', state: 'active' });
    expect(critical?.message).toContain('D = 0.803 has reached the 0.8 level');
    // Just under the first level nothing fires, and the alert clears.
    await put(staff.token, sensor.id, { ...settings, prior_damage: 0.48 });
    expect((await open()).body).toEqual([]);
    // A lower level of the detail's own makes the same D fire again.
    await put(staff.token, sensor.id, { ...settings, prior_damage: 0.48, alert_damage_high: 0.45 });
    expect((await open()).body.map((a) => a.message.split(': ')[1])).toEqual([
      'cumulative damage D = 0.493 has reached the 0.45 level',
    ]);
  });
});
