import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { analyseBridge } from '../../../server/analysis/analyse-bridge.ts';
import { loadBridgeStreams } from '../../../server/analysis/bridge-streams.ts';
import { checkStreamHealth } from '../../../server/analysis/sensor-health-check.ts';
import { datastreams, sensorDisagreements, sensorFaults } from '../../../server/db/schema.ts';
import { groupBridge } from './twin-fixtures.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { evaluationDrivers } from '../../helpers/test-database.ts';
import { storedAlerts } from '../alerts/alert-fixtures.ts';
import { DAY_MS, START_MS } from './analysis-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const HOUR_MS = 3_600_000;
/**
 * Only the days the rule needs: its fits want 2 days of reference (decision 048, 2026-12-02), so
 * the day before the step is judged on 2¼ days and the step's day on 3¼. Under the 7 days a
 * training needs, the evaluation stores and tells the sensor checks alone (not ready): the same
 * stored faults and the same 'Sensor fault' alerts as a full one, without a model trained.
 */
const DAYS = 5;
/** 06:00 on day 4. */
const FAULT_FROM = START_MS + 4 * DAY_MS + 6 * HOUR_MS;

// Decision 048, amendment 2026-12-02: in a group of three twins, the gauge that stepped alone is
// the faulty one; a pair could not say which (decision 068).
describe.each(evaluationDrivers)('a lone mover among three co-located gauges on %s', (kind) => {
  const t = setupTestApp(kind);

  it("faults the gauge of three that stepped by 5 µε alone, as a 'Sensor fault' naming its group, and not the others", async () => {
    const { bridge } = await groupBridge(t, {
      name: 'Group Bridge',
      prefix: 'slm',
      faults: [{ stream: 'slm-s1-strb', kind: 'offset', from: FAULT_FROM, magnitude: 5 }],
      days: DAYS,
      // 10-minute means are all the rule reads: 0.2 Hz, as the test bridge's other gauges, and
      // no accelerometers (the strain, displacement and temperature the sensor checks read stay).
      strainRateHz: 0.2,
      accelerometers: false,
    });
    const db = t.services.database.db;
    const streams = await loadBridgeStreams(db, bridge.id);
    // Before the step the group is healthy: nobody named over the day before it (the checked day).
    const before = await checkStreamHealth(db, streams, FAULT_FROM);
    expect(before.faults.map((f) => f.streamId)).toEqual([]);

    expect(await analyseBridge(t.services, bridge.id)).toBe('not-ready');
    const ids = new Map((await db.select().from(datastreams)).map((d) => [d.id, d.streamId]));
    const stored = await db.select().from(sensorFaults);
    expect(stored.map((f) => [ids.get(f.datastreamId), f.kind])).toEqual([
      ['slm-s1-strb', 'offset'],
    ]);
    expect(Math.abs((stored[0]?.onset.getTime() ?? 0) - FAULT_FROM)).toBeLessThanOrEqual(
      20 * 60_000,
    );
    const faulted = (await storedAlerts(t, bridge.id)).filter((a) => a.type === 'Sensor fault');
    expect(faulted.map((a) => a.message)).toEqual([
      expect.stringMatching(
        /^Sensor fault on stream slm-s1-strb: Offset step since 2026-04-05 0\d:\d0 UTC: stepped by \+[45]\.\d µε against its co-located group \(slm-s1-str, slm-s1-strc\), which agree among themselves: this gauge alone moved$/,
      ),
    ]);
    // The faulted gauge's pairs are its fault's finding, not a disagreement.
    expect(await db.select().from(sensorDisagreements)).toEqual([]);
  });

  // Amendment 2026-12-02 (c): a fault an earlier evaluation stored, still in force and not found
  // again by this check, takes its gauge out as a witness from its onset, as a fault found now does.
  it('names nobody in a group of three whose third gauge has a stored fault still in force', async () => {
    const { bridge, to } = await groupBridge(t, {
      name: 'Group Fault Bridge',
      prefix: 'slf',
      faults: [{ stream: 'slf-s1-strb', kind: 'offset', from: FAULT_FROM, magnitude: 5 }],
      days: DAYS,
      strainRateHz: 0.2,
      accelerometers: false,
    });
    const db = t.services.database.db;
    const streams = await loadBridgeStreams(db, bridge.id);
    const newest = to - 1;
    const named = await checkStreamHealth(db, streams, newest);
    expect(named.faults.map((f) => f.streamId)).toEqual(['slf-s1-strb']);
    // A gain fault on the third gauge, found on day 3 and not ended (no service since).
    const third = streams.find((s) => s.streamId === 'slf-s1-strc');
    await db.execute(sql`
      INSERT INTO sensor_faults (bridge_id, datastream_id, kind, onset, detected_at, reason)
      VALUES (${bridge.id}, ${third?.id ?? 0}, 'gain',
              ${new Date(START_MS + 3 * DAY_MS).toISOString()}::timestamptz,
              ${new Date(START_MS + 3 * DAY_MS + 12 * HOUR_MS).toISOString()}::timestamptz,
              'Gain changed')`);
    const judged = await checkStreamHealth(db, streams, newest);
    // Two believed gauges after its onset cannot say which moved: no lone mover is named; the
    // step is the pair's disagreement (decision 074), and the faulted gauge is in no pair.
    expect(judged.faults.map((f) => f.streamId)).toEqual([]);
    expect(judged.disagreements.map((d) => [d.kind, d.streamIds])).toEqual([
      ['offset', ['slf-s1-str', 'slf-s1-strb']],
    ]);
  });
});
