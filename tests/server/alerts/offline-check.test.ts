import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readings } from '../../../server/db/schema.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { bridgeWithStreams, setLastSeen, storedAlerts } from './alert-fixtures.ts';

const MINUTE = 60_000;
const LAST_SAMPLE = new Date('2026-03-01T10:00:00Z');
const after = (ms: number) => new Date(LAST_SAMPLE.getTime() + ms);

describe.each(drivers)("'Sensor offline' alerts on %s", (kind) => {
  const t = setupTestApp(kind);

  async function silentStream(name: string) {
    const { bridge, streams } = await bridgeWithStreams(t, name);
    const [entry] = streams;
    if (!entry) throw new Error('no stream');
    await setLastSeen(t, entry.stream.id, LAST_SAMPLE);
    return { bridge, stream: entry.stream, sensor: entry.sensor };
  }

  it('raises after 15 silent minutes, not at 15, and clears when data comes back', async () => {
    const { bridge, stream, sensor } = await silentStream('Capilano');

    await t.services.alerts.checkSensorsOffline(after(15 * MINUTE));
    expect(await storedAlerts(t, bridge.id)).toEqual([]);

    const first = await t.services.alerts.checkSensorsOffline(after(15 * MINUTE + 1));
    const [alert] = await storedAlerts(t, bridge.id);
    expect(first.raised).toEqual([alert?.id]);
    expect(alert).toMatchObject({
      type: 'Sensor offline',
      subject: String(stream.id),
      severity: 'Medium',
      state: 'active',
      message: `No data from stream ${stream.streamId} since 2026-03-01T10:00:00.000Z`,
      cause: {
        windows: [],
        datastreams: [{ id: stream.id, stream_id: stream.streamId, sensors: [sensor.label] }],
      },
    });

    const again = await t.services.alerts.checkSensorsOffline(after(40 * MINUTE));
    expect(again.raised).toEqual([]);
    expect(await storedAlerts(t, bridge.id)).toEqual([alert]);

    await setLastSeen(t, stream.id, after(41 * MINUTE));
    const back = await t.services.alerts.checkSensorsOffline(after(42 * MINUTE));
    expect(back.cleared).toEqual([alert?.id]);
    expect(await storedAlerts(t, bridge.id)).toMatchObject([
      { id: alert?.id, state: 'cleared', clearedAt: after(42 * MINUTE) },
    ]);
  });

  it('waits five usual gaps for a stream that sends every 4 minutes', async () => {
    const { bridge, stream } = await silentStream('Ironworkers');
    const blocks = Array.from({ length: 12 }, (_, i) => ({
      datastreamId: stream.id,
      start: after(-i * 4 * MINUTE),
      rateHz: 0,
      values: [1.5],
      n: 1,
      vMin: 1.5,
      vMax: 1.5,
      vSum: 1.5,
    }));
    await t.services.database.db.insert(readings).values(blocks);

    await t.services.alerts.checkSensorsOffline(after(20 * MINUTE));
    expect(await storedAlerts(t, bridge.id)).toEqual([]);
    await t.services.alerts.checkSensorsOffline(after(20 * MINUTE + 1));
    expect((await storedAlerts(t, bridge.id)).map((a) => a.type)).toEqual(['Sensor offline']);
  });

  it('leaves streams never seen and sensors out of service alone', async () => {
    const { bridge, streams } = await bridgeWithStreams(t, 'Burrard', [
      'inactive',
      'maintenance',
      'faulty',
      'active',
      'active',
    ]);
    // The last active stream has never sent anything.
    for (const { stream } of streams.slice(0, 4)) await setLastSeen(t, stream.id, LAST_SAMPLE);

    await t.services.alerts.checkSensorsOffline(after(60 * MINUTE));

    const alerted = (await storedAlerts(t, bridge.id)).map((a) => a.subject);
    expect(alerted).toEqual([String(streams[2]?.stream.id), String(streams[3]?.stream.id)]);
  });

  it('clears the alert once the stream is gone', async () => {
    const { bridge, stream } = await silentStream('Port Mann');
    await t.services.alerts.checkSensorsOffline(after(60 * MINUTE));
    await t.services.datastreams.delete(stream.id, true);
    await t.services.alerts.checkSensorsOffline(after(61 * MINUTE));
    expect((await storedAlerts(t, bridge.id)).map((a) => a.state)).toEqual(['cleared']);
  });
  // bench:notify (decision 065, 2026-12-03 (f)): the pass upserted each firing stream in a
  // statement of its own, ~1,000 in the bench every second, and its raises waited for the pass
  // to end before they were planned. Rows one statement writes share their command id (cmin).
  it('raises the alerts of a pass in one statement, one alert a stream, in order', async () => {
    const { bridge, streams } = await bridgeWithStreams(t, 'Lions Gate', Array(5).fill('active'));
    for (const { stream } of streams) await setLastSeen(t, stream.id, LAST_SAMPLE);

    const pass = await t.services.alerts.checkSensorsOffline(after(16 * MINUTE));
    const stored = await storedAlerts(t, bridge.id);
    expect(stored.map((alert) => alert.subject).sort()).toEqual(
      streams.map(({ stream }) => String(stream.id)).sort(),
    );
    expect([...pass.raised].sort((a, b) => a - b)).toEqual(stored.map((alert) => alert.id));
    const commands = rowsOf<{ n: number }>(
      await t.services.database.db.execute(
        sql`SELECT count(DISTINCT cmin::text)::int AS n FROM alerts WHERE bridge_id = ${bridge.id}`,
      ),
    );
    expect(commands[0]?.n).toBe(1);

    // A second pass finds them open and raises none again.
    expect((await t.services.alerts.checkSensorsOffline(after(17 * MINUTE))).raised).toEqual([]);
    expect(await storedAlerts(t, bridge.id)).toEqual(stored);
  });
});
