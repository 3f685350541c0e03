import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { flatPng, greyJpeg } from '../../helpers/photo-fixtures.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { assignBridge } from '../alerts/alert-fixtures.ts';
import { storeStrain, strainBridge, trafficBlocks } from '../fatigue/strain-fixtures.ts';

const HOUR_MS = 3_600_000;
const APRIL = Date.UTC(2026, 3, 1);

describe.each(drivers)('monthly report API on %s', (kind) => {
  const t = setupTestApp(kind);

  async function scene() {
    const staff = await t.createUser({ staff: true, name: 'inspector' });
    const operator = await t.createUser();
    const outsider = await t.createUser();
    const gauge = await strainBridge(t.services, 'Report Bridge', 'rb-str');
    await assignBridge(t, operator.id, gauge.bridge.id);
    // Five hours of strain on 2 April (the hour 02:00 missing), 5 Hz.
    const from = APRIL + 24 * HOUR_MS;
    await storeStrain(
      t.services,
      'rb-str',
      trafficBlocks(from, from + 6 * HOUR_MS, {
        gap: { from: from + 2 * HOUR_MS, to: from + 3 * HOUR_MS },
      }),
    );
    const db = t.services.database.db;
    await db.execute(sql`
      INSERT INTO fatigue_details (sensor_id, name, curve)
      VALUES (${gauge.sensor.id}, 'Cover plate end', 'EC3 71')`);
    for (const day of ['2026-03-30', '2026-04-02', '2026-04-03']) {
      await db.execute(sql`
        INSERT INTO fatigue_histograms (datastream_id, day, bin_width, bins, cycles, samples)
        VALUES (${gauge.datastreamId}, ${day}, 2.5, '[[200, 1000]]'::jsonb, 1000, 432000)`);
    }
    await db.execute(sql`
      INSERT INTO fatigue_counters (datastream_id, counted_through, residue)
      VALUES (${gauge.datastreamId}, '2026-04-03', '{"stack": [], "candidate": null}'::jsonb)`);
    await db.execute(sql`
      INSERT INTO alerts (bridge_id, type, severity, message, state, cause, raised_at,
                          acknowledged_at, acknowledged_by, comment)
      VALUES (${gauge.bridge.id}, 'Sensor offline', 'Medium', 'rb-str silent', 'acknowledged',
              '{"windows": [], "datastreams": []}'::jsonb, '2026-04-02T07:00:00Z',
              '2026-04-02T08:30:00Z', ${staff.id}, 'Cable cut by mowing, repaired')`);
    return { staff, operator, outsider, ...gauge };
  }

  /** Records maintenance as staff do, through the API (so the audit log names who). */
  async function recordMaintenance(token: string, bridgeId: number, body: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bridges/${bridgeId}/maintenance`,
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
    expect(response.statusCode).toBe(201);
  }

  const get = (token: string | null, bridgeId: number, month?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/bridges/${bridgeId}/report${month === undefined ? '' : `?month=${month}`}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('returns a PDF of the month built from the stored facts', async () => {
    const { operator, staff, bridge, span, sensor } = await scene();
    await recordMaintenance(staff.token, bridge.id, {
      occurred_on: '2026-03-20',
      kind: 'sensor_rezero',
      sensor: sensor.id,
      note: 'March re-zero',
    });
    await recordMaintenance(staff.token, bridge.id, {
      occurred_on: '2026-04-01',
      kind: 'repair',
      span: span.id,
      note: 'Deck joint resealed',
    });
    await recordMaintenance(staff.token, bridge.id, {
      occurred_on: '2026-04-02',
      kind: 'sensor_replacement',
      sensor: sensor.id,
      note: 'New gauge after mowing damage',
    });
    const response = await get(operator.token, bridge.id, '2026-04');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Report-Bridge-2026-04.pdf"',
    );
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { totalPages, text: raw } = await extractText(new Uint8Array(bytes), {
      mergePages: true,
    });
    const text = raw.replace(/\s+/g, ' ');
    expect(totalPages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Report Bridge');
    expect(text).toContain('Monthly report, April 2026');
    expect(text).toContain('Span Span 1 (40 m)');
    expect(text).toContain(
      'rb-str gauge: strain gauge, installed 2025-01-01; in the month: Active all month',
    );
    expect(text).toContain('No stored analysis for this bridge yet');
    expect(text).toContain(
      'Acknowledged 2026-04-02 08:30 UTC by inspector: "Cable cut by mowing, repaired"',
    );
    // From 2 April 00:00 (the first sample) to the month's end: 696 hours, 5 of them stored.
    const percent = ((5 / 696) * 100).toFixed(1);
    expect(text).toContain(
      `rb-str (strain; rb-str gauge): ${percent} % (90,000 of 12,528,000 samples), 2 gaps, 691 hours missing`,
    );
    expect(text).toContain('longest 2026-04-02 06:00 UTC (690 h), 2026-04-02 02:00 UTC (1 h)');
    // The repair restarts the baseline: the data reach 2 April 06:00, one whole day after it.
    expect(text).toContain(
      '2026-04-01 · Repair (span Span 1) "Deck joint resealed" Recorded by inspector ' +
        "Starts a new baseline: the analysis learns the bridge's normal again from this day and " +
        'judges nothing after it until 7 days of data follow; re-baselining, 1 of 7 days ' +
        '(data stored up to 2026-04-02).',
    );
    expect(text).toContain(
      '2026-04-02 · Sensor replacement (sensor rb-str gauge) ' +
        '"New gauge after mowing damage" Recorded by inspector ' +
        'The data streams of rb-str gauge (rb-str) are left out of the scoring from this day ' +
        "until a baseline holds 7 days of its new output; the latest model's baseline does not " +
        'hold them yet.',
    );
    expect(text).not.toContain('March re-zero');
    expect(text).toContain(
      '2 maintenance events were recorded: repair on 2026-04-01 and sensor replacement on 2026-04-02.',
    );
    expect(text).toContain('No natural-frequency values are stored for this month.');
    // 100 MPa cycles on EC3 71: the March day and the two April days count, May none.
    const perCycle = 1 / (2e6 * (71 / 100) ** 3);
    expect(text).toContain(`D = ${(3000 * perCycle).toExponential(3)}`);
    expect(text).toContain(
      `in 1\u20133 April ${(2000 * perCycle).toExponential(3)} over 2 counted days`,
    );
    expect(text).toContain('Figure 1: Data availability per stream and day');
    expect(text).toContain('Stress-range histogram of Cover plate end');
    // The worker thread starts from source under tsx: slow on a loaded machine.
  }, 180_000);

  it("draws the month's inspection photos, read on the report's thread (decision 053)", async () => {
    const staff = await t.createUser({ staff: true, name: 'field-inspector' });
    const bridge = await t.services.bridges.create({ name: 'Photo Bridge', location: 'River' });
    const recorded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bridges/${bridge.id}/inspections`,
      headers: { authorization: `Bearer ${staff.token}` },
      payload: {
        inspected_on: '2026-04-05',
        kind: 'special',
        inspector: 'F. Inspector',
        rating: { scale: 'NBI', deck: 6, superstructure: 6, substructure: 5 },
        findings: 'Spalling under the east joint',
      },
    });
    expect(recorded.statusCode).toBe(201);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/inspections/${recorded.json<{ id: number }>().id}/photos`,
      headers: {
        authorization: `Bearer ${staff.token}`,
        'content-type': 'application/octet-stream',
      },
      payload: greyJpeg(64, 48, 7),
    });
    expect(uploaded.statusCode).toBe(201);
    const photoId = uploaded.json<{ id: number }>().id;

    const response = await get(staff.token, bridge.id, '2026-04');
    expect(response.statusCode).toBe(200);
    const bytes = response.rawPayload;
    expect(bytes.toString('latin1').split('/Subtype /Image')).toHaveLength(2);
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(
      '2026-04-05 · Special inspection by F. Inspector NBI ratings: deck 6, superstructure 6, ' +
        'substructure 5 Findings: "Spalling under the east joint" ' +
        `2026-04-05 · F. Inspector inspection-photo-${photoId}.jpg`,
    );
  }, 180_000);

  it("writes in its company's time zone unless the reader asks for one, with the company's logo (decision 063)", async () => {
    const staff = await t.createUser({ staff: true, name: 'zone-reader' });
    const bridge = await t.services.bridges.create({ name: 'Zone Bridge', location: 'River' });
    await t.services.companySettings.save(bridge.companyId, {
      name: 'Zoned Crossings',
      address: null,
      timeZone: 'America/Toronto',
      units: 'metric',
      defaultAmberPercent: null,
      defaultRedPercent: null,
    });
    await t.services.companySettings.saveLogo(bridge.companyId, {
      contentType: 'image/png',
      data: flatPng(60, 20, 5),
    });
    const read = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/bridges/${bridge.id}/report?month=2026-04${query}`,
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(response.statusCode).toBe(200);
      const bytes = response.rawPayload;
      const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
      const images = bytes.toString('latin1').split('/Subtype /Image').length - 1;
      return { text: text.replace(/\s+/g, ' '), images };
    };
    const byCompany = await read('');
    expect(byCompany.text).toContain('Times are in America/Toronto;');
    expect(byCompany.images).toBe(1);
    expect((await read('&tz=Asia/Tokyo')).text).toContain('Times are in Asia/Tokyo;');
  }, 180_000);

  it('refuses a bad, missing, too early or future month naming the field', async () => {
    const { operator, bridge } = await scene();
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1, 1);
    for (const month of [
      '2026-4',
      'April',
      '2026-13',
      '2026-00',
      '1999-12',
      next.toISOString().slice(0, 7),
    ]) {
      const response = await get(operator.token, bridge.id, month);
      expect(response.statusCode, month).toBe(400);
      expect((response.json() as { detail: string }).detail, month).toMatch(/month/);
    }
    const missing = await get(operator.token, bridge.id);
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { detail: string }).detail).toMatch(/month/);
  });

  it('answers 404 for a bridge the user is not assigned to or that does not exist, 401 anonymously', async () => {
    const { outsider, staff, bridge } = await scene();
    const hidden = await get(outsider.token, bridge.id, '2026-04');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: `Bridge ${bridge.id} not found` });
    expect((await get(staff.token, bridge.id + 1000, '2026-04')).statusCode).toBe(404);
    expect((await get(null, bridge.id, '2026-04')).statusCode).toBe(401);
  });
});
