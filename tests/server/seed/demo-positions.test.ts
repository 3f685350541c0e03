import { describe, expect, it, vi } from 'vitest';
import { dataExtent, loadBridgeStreams } from '../../../server/analysis/bridge-streams.ts';
import { checkStreamHealth } from '../../../server/analysis/sensor-health-check.ts';
import { loadStreamTwins } from '../../../server/analysis/stream-twins.ts';
import { learnReferenceTwinRatios } from '../../../server/analysis/twin-reference.ts';
import { spans } from '../../../server/db/schema.ts';
import { DEMO_FLEET } from '../../../server/demo/demo-fleet.ts';
import { demoSensors } from '../../../server/demo/demo-layout.ts';
import { writeDemoHistory } from '../../../server/demo/history-writer.ts';
import { seedDemo } from '../../../server/seed/demo-seed.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ testTimeout: 300_000 });

const DAY_MS = 86_400_000;

interface ListedSensor {
  id: number;
  bridge: number;
  span: number;
  sensor_id: string;
  type: string;
  chainage_m: number | null;
  transverse_offset_m: number | null;
  direction: string | null;
}

// Decision 068: the demo's sensors carry positions, so its twins exist and the checks that
// compare them run on the demo.
describe.each(drivers)('the demo sensors placed on their spans on %s', (kind) => {
  const t = setupTestApp(kind);

  it('stores a position for every demo sensor on its span and returns it from the sensors API', async () => {
    const { db } = t.services.database;
    await seedDemo(db, t.services.secretBox, t.services.passwords);
    const staff = await t.createUser({ staff: true });
    const listed = await t.request<ListedSensor[]>({
      method: 'GET',
      url: '/api/v1/sensors',
      token: staff.token,
    });
    expect(listed.status).toBe(200);
    const lengthOf = new Map((await db.select().from(spans)).map((s) => [s.id, s.length]));
    expect(listed.body.length).toBeGreaterThan(50);
    for (const sensor of listed.body) {
      const length = lengthOf.get(sensor.span) ?? -1;
      expect(sensor.chainage_m, sensor.sensor_id).not.toBeNull();
      expect(sensor.chainage_m ?? -1, sensor.sensor_id).toBeGreaterThanOrEqual(0);
      expect(sensor.chainage_m ?? Infinity, sensor.sensor_id).toBeLessThanOrEqual(length);
      expect(sensor.transverse_offset_m, sensor.sensor_id).not.toBeNull();
      // The one accelerometer on a hanger sways across the bridge (decision 079).
      expect(sensor.direction, sensor.sensor_id).toBe(
        sensor.type === 'temperature'
          ? null
          : sensor.sensor_id === 'lions-gate-s2-hgr'
            ? 'transverse'
            : sensor.type === 'accelerometer' || sensor.type === 'load_cell'
              ? 'vertical'
              : 'longitudinal',
      );
    }
    const byLabel = new Map(listed.body.map((s) => [s.sensor_id, s]));
    // Each simulated sensor where the simulator puts it: an accelerometer at 0.4 of its span,
    // the strain gauges at midspan, the twin 0.3 m beside its gauge.
    for (const id of ['lions-gate-s1-acc', 'lions-gate-s1-str', 'lions-gate-s1-strb']) {
      const sensor = byLabel.get(id);
      const length = lengthOf.get(sensor?.span ?? 0) ?? 0;
      const at = { acc: 0.4 * length, str: 0.5 * length, strb: 0.5 * length + 0.3 };
      const expected = at[(id.split('-').at(-1) ?? 'acc') as keyof typeof at];
      expect(sensor?.chainage_m ?? 0, id).toBeCloseTo(expected, 0);
    }
  });

  it('gives the demo one twin pair, which the gain check judges from the simulated history', async () => {
    const { database } = t.services;
    await seedDemo(database.db, t.services.secretBox, t.services.passwords);
    const bridges = await t.services.bridges.list({ id: 0, isStaff: true });
    const twinsOf = async (bridgeId: number) => {
      const streams = await loadBridgeStreams(database.db, bridgeId);
      const name = (id: number) => streams.find((s) => s.id === id)?.streamId;
      const twins = await loadStreamTwins(database.db, streams);
      return {
        streams,
        twins,
        named: [...twins].map(([id, others]) => [name(id), others.map(name)]),
      };
    };
    // One pair in the whole fleet: the two gauges at midspan of Lions Gate's first span.
    const pairs = [];
    for (const bridge of bridges.filter((b) => DEMO_FLEET.some((d) => d.name === b.name))) {
      pairs.push(...(await twinsOf(bridge.id)).named);
    }
    expect(pairs.sort()).toEqual([
      ['lions-gate-s1-str', ['lions-gate-s1-strb']],
      ['lions-gate-s1-strb', ['lions-gate-s1-str']],
    ]);
    const lionsGate = DEMO_FLEET.find((d) => d.key === 'lions-gate');
    expect(lionsGate && demoSensors(lionsGate).map((s) => s.streamId)).toContain(
      'lions-gate-s1-strb',
    );

    // Nine days at the demo's strain rate: a reference week learnt, the last day judged.
    await writeDemoHistory(database, {
      days: 9,
      rates: {
        bursts: { everySeconds: 3 * 3600, burstSeconds: 10, blockSeconds: 10 },
        strainHz: 0.1,
        temperatureHz: 1 / 600,
      },
    });
    const bridge = bridges.find((b) => b.name === 'Lions Gate Bridge');
    const { streams, twins } = await twinsOf(bridge?.id ?? 0);
    const extent = await dataExtent(
      database.db,
      streams.map((s) => s.id),
    );
    const newest = extent?.newest ?? 0;
    const ratios = await learnReferenceTwinRatios(database.db, streams, twins, newest - DAY_MS);
    expect(ratios.map((r) => [r.stream, r.twin])).toEqual([
      ['lions-gate-s1-str', 'lions-gate-s1-strb'],
    ]);
    // Same trucks, own noise: the pair's ratio is near one and holds in the judged day.
    expect(ratios[0]?.ratio).toBeGreaterThan(0.9);
    expect(ratios[0]?.ratio).toBeLessThan(1.1);
    const health = await checkStreamHealth(database.db, streams, newest, ratios);
    expect(health.disagreements).toEqual([]);
    expect(health.faults.flatMap((f) => f.found.filter((x) => x.kind === 'gain'))).toEqual([]);
  });
});
