import { describe, expect, it } from 'vitest';
import type { SensorStatus } from '../../../domain/enums.ts';
import { loadBridgeStreams } from '../../../server/analysis/bridge-streams.ts';
import { loadStreamTwins } from '../../../server/analysis/stream-twins.ts';
import { learnReferenceTwinRatios } from '../../../server/analysis/twin-reference.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { DAY_MS, START_MS, storeStrain } from '../fatigue/strain-fixtures.ts';

const BLOCK_MS = 600_000;
const RATE_HZ = 0.05;
const DAYS = 3;

/** A seeded pseudo-random sequence in [-1, 1) (a 32-bit linear congruential generator). */
function noise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2_147_483_648 - 1;
  };
}

/** 10-minute blocks (the longest stored) over DAYS days: a shared load × `gain`, own noise. */
function twinBlocks(gain: number, seed: number) {
  const load = noise(7);
  const own = noise(seed);
  const perBlock = (BLOCK_MS / 1000) * RATE_HZ;
  return Array.from({ length: (DAYS * DAY_MS) / BLOCK_MS }, (_, k) => ({
    start: START_MS + k * BLOCK_MS,
    values: Array.from({ length: perBlock }, () => 100 + gain * 50 * load() + own()),
  }));
}

// Decision 045, 2026-12-03 (j): the twin ratios a trained model keeps (decision 048) are learnt
// from the windows in which both gauges were in service by the status in force then.
describe.each(drivers)('twin ratios by the dated register status (%s)', (kind) => {
  const t = setupTestApp(kind);
  const db = () => t.services.database.db;

  /** Two strain gauges at midspan, 0.2 m apart: twins; the second reads twice the first. */
  async function twins(name: string, second: SensorStatus) {
    const bridge = await t.services.bridges.create({ name, location: 'Test river' });
    const span = await t.services.spans.create({
      bridgeId: bridge.id,
      label: 'Span 1',
      length: 40,
    });
    const gauge = async (suffix: string, status: SensorStatus, chainageM: number) => {
      const sensor = await t.services.sensors.create({
        bridgeId: bridge.id,
        spanId: span.id,
        label: `${name}-${suffix}`,
        type: 'strain_gauge',
        status,
        installationDate: '2025-01-01',
        chainageM,
        direction: 'longitudinal',
      });
      await t.services.datastreams.create({
        streamId: `${name}-${suffix}`,
        dataType: 'strain',
        sensorIds: [sensor.id],
      });
      return sensor;
    };
    await gauge('a', 'active', 20);
    const b = await gauge('b', second, 20.2);
    await storeStrain(t.services, `${name}-a`, twinBlocks(1, 11), RATE_HZ);
    await storeStrain(t.services, `${name}-b`, twinBlocks(2, 12), RATE_HZ);
    const learn = async () => {
      const streams = await loadBridgeStreams(db(), bridge.id);
      const found = await loadStreamTwins(db(), streams);
      return learnReferenceTwinRatios(db(), streams, found, START_MS + DAYS * DAY_MS);
    };
    const change = (status: SensorStatus, at: number) =>
      t.services.sensorStatus.change({
        sensorId: b.id,
        status,
        effectiveAt: new Date(at),
        note: null,
      });
    return { learn, change };
  }

  it('learns nothing from the day a twin was inactive, though it is active now', async () => {
    const pair = await twins('tw-late', 'inactive');
    await pair.change('active', START_MS + DAY_MS);
    const [ratio, ...others] = await pair.learn();
    expect(others).toEqual([]);
    expect(ratio).toMatchObject({ stream: 'tw-late-a', twin: 'tw-late-b', windows: 2 * 144 });
    expect(ratio?.ratio).toBeCloseTo(0.5, 1);
  });

  it('keeps the days a twin was in service, though it is inactive now', async () => {
    const pair = await twins('tw-retired', 'active');
    await pair.change('inactive', Date.now());
    const [ratio, ...others] = await pair.learn();
    expect(others).toEqual([]);
    expect(ratio).toMatchObject({ stream: 'tw-retired-a', twin: 'tw-retired-b', windows: 3 * 144 });
  });
});
