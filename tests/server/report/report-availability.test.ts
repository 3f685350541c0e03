import { describe, expect, it } from 'vitest';
import { streamAvailability } from '../../../server/report/report-availability.ts';
import { availabilityFigure } from '../../../server/report/availability-text.ts';
import type { Services } from '../../../server/services.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { storeStrain, type StrainBlock } from '../fatigue/strain-fixtures.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const APRIL = Date.UTC(2026, 3, 1);

/** 60 s blocks at 1 Hz: every minute (continuous) or every tenth (the demo's duty cycle). */
function blocks(from: number, to: number, everyMinutes: number, skip = (_start: number) => false) {
  const out: StrainBlock[] = [];
  for (let start = from; start < to; start += everyMinutes * 60_000) {
    if (!skip(start)) out.push({ start, values: Array.from({ length: 60 }, (_, i) => i % 7) });
  }
  return out;
}

async function availabilityOf(services: Services, bridgeId: number, toMs: number) {
  const streams = await streamAvailability(services.database.db, bridgeId, APRIL, toMs);
  return (streamId: string) => {
    const stream = streams.find((s) => s.streamId === streamId);
    if (!stream) throw new Error(`no availability for ${streamId}`);
    return stream;
  };
}

async function accelerometer(services: Services, bridgeId: number, streamId: string) {
  const span = await services.spans.create({ bridgeId, label: streamId, length: 30 });
  const sensor = await services.sensors.create({
    bridgeId,
    spanId: span.id,
    label: `${streamId} sensor`,
    type: 'accelerometer',
    status: 'active',
    installationDate: '2025-01-01',
  });
  await services.datastreams.create({ streamId, dataType: 'acceleration', sensorIds: [sensor.id] });
}

describe.each(drivers)('report data availability on %s', (kind) => {
  const t = setupTestApp(kind);

  it('measures a continuous stream against its rate and a duty-cycled one against its usual hour', async () => {
    const bridge = await t.services.bridges.create({ name: 'Sampled Bridge', location: 'River' });
    await accelerometer(t.services, bridge.id, 'sb-cont');
    await accelerometer(t.services, bridge.id, 'sb-burst');
    const end = APRIL + 2 * DAY_MS;
    // The continuous stream misses the hour from 05:00 on 1 April.
    const lost = (start: number) => start >= APRIL + 5 * HOUR_MS && start < APRIL + 6 * HOUR_MS;
    await storeStrain(t.services, 'sb-cont', blocks(APRIL, end, 1, lost), 1);
    await storeStrain(t.services, 'sb-burst', blocks(APRIL, end, 10), 1);

    const stream = await availabilityOf(t.services, bridge.id, end);
    const cont = stream('sb-cont');
    const burst = stream('sb-burst');
    expect(cont.basis).toBe('continuous');
    expect(availabilityFigure(cont)).toBe('97.9 % (169,200 of 172,800 samples)');
    expect(cont.daily).toEqual([(100 * 23) / 24, 100]);
    expect(burst.basis).toBe('usual');
    expect(availabilityFigure(burst)).toBe(
      '100.0 % of its usual hourly count (17,280 of 17,280 samples; ' +
        'bursts: 10.0 % of continuous sampling at 1 Hz)',
    );
    expect(burst.daily).toEqual([100, 100]);
  });

  it('shows a duty-cycled stream that lost half its bursts on one day', async () => {
    const bridge = await t.services.bridges.create({ name: 'Lossy Bridge', location: 'River' });
    await accelerometer(t.services, bridge.id, 'lb-burst');
    const end = APRIL + 3 * DAY_MS;
    // Every other burst of 2 April is missing: three of six an hour.
    const lost = (start: number) =>
      start >= APRIL + DAY_MS && start < APRIL + 2 * DAY_MS && (start / 600_000) % 2 === 1;
    await storeStrain(t.services, 'lb-burst', blocks(APRIL, end, 10, lost), 1);

    const burst = (await availabilityOf(t.services, bridge.id, end))('lb-burst');
    expect(burst.daily).toEqual([100, 50, 100]);
    expect(burst.gapCount).toBe(0);
    expect(availabilityFigure(burst)).toBe(
      '83.3 % of its usual hourly count (21,600 of 25,920 samples; ' +
        'bursts: 8.3 % of continuous sampling at 1 Hz)',
    );
  });
});
