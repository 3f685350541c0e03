import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gatherReportFacts } from '../../../server/report/report-gather.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { pdfText, storesOf } from './report-text.ts';
import { strainBridge } from '../fatigue/strain-fixtures.ts';

const NOVEMBER = { label: '2026-11', startMs: Date.UTC(2026, 10, 1), endMs: Date.UTC(2026, 11, 1) };
const DECEMBER = { label: '2026-12', startMs: NOVEMBER.endMs, endMs: Date.UTC(2027, 0, 1) };
const NOW = new Date('2026-12-03T15:00:00Z');
const HOUR_S = 3600;
// 1,000 cycles of 100 MPa a day on EC3 71 (bins of 2.5 µε: 200 × 2.5 = 500 µε at 200 GPa).
const PER_DAY = 1000 / (2e6 * (71 / 100) ** 3);

// Decision 045, amendment 2026-12-02 (f): the demo's December report said "Monitored 97.9 % of
// the period (705 of 720 hours)", the whole record's 30 days, beside "1 counted day" of December.
describe.each(drivers)('monthly report fatigue coverage on %s', (kind) => {
  const t = setupTestApp(kind);

  it("states the month's coverage over the month's counted days, the record's apart", async () => {
    const gauge = await strainBridge(t.services, 'Fatigue Report Bridge', 'fr-str');
    const db = t.services.database.db;
    await db.execute(sql`
      INSERT INTO fatigue_details (sensor_id, name, curve)
      VALUES (${gauge.sensor.id}, 'Cover plate end', 'EC3 71')`);
    // Whole days from 3 November, then 2 December with 22 hours monitored.
    const days = Array.from({ length: 30 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 10, 3 + i)).toISOString().slice(0, 10);
      return { day, hours: day === '2026-12-02' ? 22 : 24 };
    });
    for (const { day, hours } of days) {
      await db.execute(sql`
        INSERT INTO fatigue_histograms
          (datastream_id, day, bin_width, bins, cycles, samples, monitored_seconds)
        VALUES (${gauge.datastreamId}, ${day}, 2.5, '[[200, 1000]]'::jsonb, 1000,
                ${hours * HOUR_S * 5}, ${hours * HOUR_S})`);
    }
    await db.execute(sql`
      INSERT INTO fatigue_counters (datastream_id, counted_through, residue)
      VALUES (${gauge.datastreamId}, '2026-12-02', '{"stack": [], "candidate": null}'::jsonb)`);

    const december = await gatherReportFacts(storesOf(t), gauge.bridge.id, DECEMBER, NOW);
    const [detail] = december.fatigue;
    expect(detail?.daysInMonth).toBe(2);
    expect(detail?.period).toBe('1\u20132 December');
    const text = await pdfText(december);
    expect(text).toContain(
      `in 1\u20132 December ${(2 * PER_DAY).toExponential(3)} over 2 counted days`,
    );
    expect(text).toContain(
      `Monitored 95.8 % of 1\u20132 December (46 of 48 hours); damage per monitored hour in it ` +
        `${((2 * PER_DAY) / 46).toExponential(2)}`,
    );
    expect(text).toContain(
      'From the first counted day, 2026-11-03, to 2026-12-02 (the whole record, as the ' +
        "dashboard's card counts it): monitored 99.7 % (718 of 720 hours); damage per monitored " +
        `hour ${((30 * PER_DAY) / 718).toExponential(2)}, the remaining life's basis`,
    );
    expect(text).not.toContain('of the period');

    // November: from the first counted day to its last, the record then the same period.
    const november = await gatherReportFacts(storesOf(t), gauge.bridge.id, NOVEMBER, NOW);
    expect(november.fatigue[0]?.period).toBe('3\u201330 November');
    expect(november.fatigue[0]?.notes?.[0]).toBe(
      'Monitored 100 % of 3\u201330 November (672 of 672 hours); damage per monitored hour in it ' +
        `${(PER_DAY / 24).toExponential(2)}`,
    );
    expect(november.fatigue[0]?.notes?.[1]).toMatch(/^Curve /);
  });
});
