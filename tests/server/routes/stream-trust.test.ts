import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/schema';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

type Datastream = components['schemas']['Datastream'];
type SensorStatus = components['schemas']['SensorStatus'];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// Issue 36, items 1 and 7: the bridge's stream list (the dashboard's own request) says of each
// stream whether it reports, went silent or never sent, what the sensor register says of it,
// and what the analytics found wrong with its signal.
describe.each(drivers)('the data trust of a bridge’s streams on %s', (kind) => {
  const t = setupTestApp(kind);

  async function scene() {
    const staff = await t.createUser({ staff: true });
    const bridge = await t.services.bridges.create({ name: 'Trust Bridge', location: 'River' });
    const span = await t.services.spans.create({ bridgeId: bridge.id, label: 'main', length: 40 });
    let count = 0;
    async function stream(
      dataType: 'acceleration' | 'strain' | 'temperature',
      status: SensorStatus,
    ) {
      count += 1;
      const sensor = await t.services.sensors.create({
        bridgeId: bridge.id,
        spanId: span.id,
        label: `sensor-${count}`,
        type:
          dataType === 'acceleration'
            ? 'accelerometer'
            : dataType === 'strain'
              ? 'strain_gauge'
              : 'temperature',
        status,
        installationDate: '2025-01-01',
      });
      return t.services.datastreams.create({
        streamId: `stream-${count}`,
        dataType,
        sensorIds: [sensor.id],
      });
    }
    const healthy = await stream('strain', 'active');
    const drifting = await stream('strain', 'faulty');
    const silent = await stream('acceleration', 'active');
    const never = await stream('temperature', 'active');
    const now = Date.now();
    // A week of hourly strain: the healthy gauge follows a daily cycle around 260 µε, the faulty
    // one the same cycle plus 1.5 µε an hour (issue 36: 260 to 330 µε and beyond).
    const hours = Array.from({ length: 7 * 24 }, (_, i) => now - (7 * 24 - i) * HOUR_MS);
    const daily = (ms: number) => 20 * Math.sin((2 * Math.PI * ms) / DAY_MS);
    const items = [
      ...hours.map((ms) => ({
        stream_id: 'stream-1',
        ts: new Date(ms).toISOString(),
        value: 260 + daily(ms),
      })),
      ...hours.map((ms, i) => ({
        stream_id: 'stream-2',
        ts: new Date(ms).toISOString(),
        value: 260 + daily(ms) + 1.5 * i,
      })),
      // The accelerometer sent every hour until three days ago.
      ...hours
        .filter((ms) => ms < now - 3 * DAY_MS)
        .map((ms) => ({ stream_id: 'stream-3', ts: new Date(ms).toISOString(), value: 0.01 })),
    ];
    const ingested = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: items,
    });
    expect(ingested.json()).toMatchObject({ accepted_samples: items.length, rejected: [] });
    await t.services.alerts.checkSensorsOffline(new Date(now));
    await t.services.alerts.sensorsChecked({
      bridgeId: bridge.id,
      sensorFaults: [
        {
          datastreamId: healthy.id,
          streamId: 'stream-1',
          details: ['stuck at 260 for 45 minutes'],
        },
      ],
    });
    return { staff, bridge, healthy, drifting, silent, never };
  }

  it('answers each stream of ?bridge= with its state, register status and findings', async () => {
    const { staff, bridge, healthy, drifting, silent, never } = await scene();
    const response = await t.request<Datastream[]>({
      method: 'GET',
      url: `/api/v1/datastreams?bridge=${bridge.id}`,
      token: staff.token,
    });
    expect(response.status).toBe(200);
    const trust = Object.fromEntries(response.body.map((s) => [s.id, s.trust]));
    expect(trust[healthy.id]).toEqual({
      state: 'reporting',
      sensor_status: 'active',
      findings: [
        { kind: 'signal', detail: 'stuck at 260 for 45 minutes', since: expect.any(String) },
      ],
    });
    expect(trust[drifting.id]).toEqual({
      state: 'reporting',
      sensor_status: 'faulty',
      findings: [
        {
          kind: 'drift',
          detail: expect.stringMatching(/^drifting up by 1\.\d µε per hour over 7 days$/),
          since: expect.any(String),
        },
      ],
    });
    expect(trust[silent.id]).toEqual({ state: 'silent', sensor_status: 'active', findings: [] });
    expect(trust[never.id]).toEqual({ state: 'never', sensor_status: 'active', findings: [] });
  });

  it('leaves a healthy week of strain without a drift finding', async () => {
    const { staff, bridge, healthy } = await scene();
    const response = await t.request<Datastream[]>({
      method: 'GET',
      url: `/api/v1/datastreams?bridge=${bridge.id}`,
      token: staff.token,
    });
    const stream = response.body.find((s) => s.id === healthy.id);
    expect(stream?.trust?.findings.map((f) => f.kind)).toEqual(['signal']);
  });

  it('leaves the list of every stream as it was: no trust without ?bridge=', async () => {
    const { staff } = await scene();
    const response = await t.request<Datastream[]>({
      method: 'GET',
      url: '/api/v1/datastreams',
      token: staff.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(4);
    expect(response.body.every((s) => s.trust === undefined)).toBe(true);
  });
});
