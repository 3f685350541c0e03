import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/schema';
import { SENSOR_STATUSES, SENSOR_TYPES } from '../../../domain/enums.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

type Bridge = components['schemas']['Bridge'];
// A bridge as the list answers it: with what create and update leave out, its count of active
// alerts and its company's time zone and units (decision 064; these companies set none).
const listed = (bridge: Bridge): Bridge => ({
  ...bridge,
  active_alerts: 0,
  display: { time_zone: null, units: 'metric' },
});
type Span = components['schemas']['Span'];
type Sensor = components['schemas']['Sensor'];
type Datastream = components['schemas']['Datastream'];

/** A stream as a list gives it: with the twin disagreements in force (decision 074), none here. */
const listedStream = (stream: Datastream): Datastream => ({ ...stream, twin_disagreements: [] });
type Detail = { detail: string };
/** A sensor created with the spec's body alone has no recorded position (decision 057). */
const NO_POSITION = { chainage_m: null, transverse_offset_m: null, direction: null };

const lionsGate = {
  name: 'Lions Gate Bridge',
  location: 'Burrard Inlet, Vancouver, BC',
  construction_date: '1938-11-14',
  length_per_span: 473,
  latitude: 49.3153,
  longitude: -123.1385,
};

const requiredSensor = {
  sensor_id: 'ACC-01',
  type: 'accelerometer',
  status: 'active',
  installation_date: '2023-04-01',
};

describe.each(drivers)('bridges, spans, sensors and data streams on %s', (kind) => {
  const t = setupTestApp(kind);
  let token: string;

  beforeEach(async () => {
    ({ token } = await t.createUser({ staff: true }));
  });

  const get = <T>(url: string) => t.request<T>({ method: 'GET', url, token });
  const post = <T>(url: string, body: unknown) =>
    t.request<T>({ method: 'POST', url, token, body });
  const put = <T>(url: string, body: unknown) => t.request<T>({ method: 'PUT', url, token, body });
  const del = <T = undefined>(url: string) => t.request<T>({ method: 'DELETE', url, token });

  async function createBridge(overrides: Record<string, unknown> = {}): Promise<Bridge> {
    const response = await post<Bridge>('/api/v1/bridges/create', { ...lionsGate, ...overrides });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function createSpan(bridge: number, spanId = 'S1', length = 120): Promise<Span> {
    const response = await post<Span>('/api/v1/spans/create', { bridge, span_id: spanId, length });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function createSensor(
    bridge: number,
    span: number,
    overrides: Record<string, unknown> = {},
  ): Promise<Sensor> {
    const response = await post<Sensor>('/api/v1/sensors/create', {
      bridge,
      span,
      ...requiredSensor,
      ...overrides,
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function createStream(sensors: number[], streamId = 'LG-ACC-STREAM'): Promise<Datastream> {
    const response = await post<Datastream>('/api/v1/datastreams/create', {
      stream_id: streamId,
      data_type: 'acceleration',
      sensors,
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  /** A bridge with one span, one sensor on it, and a data stream fed by that sensor. */
  async function instrumentedBridge() {
    const bridge = await createBridge();
    const span = await createSpan(bridge.id);
    const sensor = await createSensor(bridge.id, span.id);
    const stream = await createStream([sensor.id]);
    return { bridge, span, sensor, stream };
  }

  describe('bridges', () => {
    it('creates a bridge, writing location_on_map from latitude and longitude and the catalogue structure type', async () => {
      const response = await post<Bridge>('/api/v1/bridges/create', {
        ...lionsGate,
        location_on_map: '0,0',
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        ...lionsGate,
        location_on_map: '49.3153,-123.1385',
        structure_type: 'Suspension',
        status: 'Open',
      });
      expect(response.body.id).toBeGreaterThan(0);
    });

    it('keeps an explicit structure type for a bridge outside the catalogue', async () => {
      const bridge = await createBridge({ name: 'Maple Creek Overpass', structure_type: 'Beam' });
      expect(bridge).toMatchObject({ name: 'Maple Creek Overpass', structure_type: 'Beam' });
    });

    it('lists the same bridges under /bridges and /bridges/', async () => {
      const first = await createBridge();
      const second = await createBridge({
        name: 'Maple Creek Overpass',
        latitude: 45,
        longitude: -75,
      });
      const plain = await get<Bridge[]>('/api/v1/bridges');
      const slash = await get<Bridge[]>('/api/v1/bridges/');
      expect(plain.status).toBe(200);
      expect(slash.status).toBe(200);
      expect(plain.body.map((b) => b.id).sort()).toEqual([first.id, second.id].sort());
      expect(slash.body).toEqual(plain.body);
    });

    it('updates a bridge and rewrites location_on_map', async () => {
      const bridge = await createBridge();
      const response = await put<Bridge>(`/api/v1/bridges/${bridge.id}/update`, {
        ...lionsGate,
        location: 'First Narrows, Vancouver, BC',
        latitude: 49.3,
        longitude: -123.14,
        status: 'Restricted',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: bridge.id,
        location: 'First Narrows, Vancouver, BC',
        location_on_map: '49.3,-123.14',
        status: 'Restricted',
      });
      const list = await get<Bridge[]>('/api/v1/bridges');
      expect(list.body).toEqual([listed(response.body)]);
    });

    it('answers 404 when updating an unknown bridge', async () => {
      const response = await put<Detail>('/api/v1/bridges/999999/update', lionsGate);
      expect(response).toEqual({ status: 404, body: { detail: 'Bridge 999999 not found' } });
    });

    it.each([
      ['latitude 91', { latitude: 91 }, 'latitude'],
      ['longitude -181', { longitude: -181 }, 'longitude'],
      ['a null latitude', { latitude: null }, 'latitude'],
      ['a null longitude', { longitude: null }, 'longitude'],
      ['a missing name', { name: undefined }, 'name'],
      ['a blank location', { location: '  ' }, 'location'],
      ['construction date 2024-02-30', { construction_date: '2024-02-30' }, 'construction_date'],
      ['construction date 12/05/2020', { construction_date: '12/05/2020' }, 'construction_date'],
      ['length per span 0', { length_per_span: 0 }, 'length_per_span'],
    ])(
      'rejects %s with 400 naming the field, on create and update',
      async (_label, change, field) => {
        const createResponse = await post<Detail>('/api/v1/bridges/create', {
          ...lionsGate,
          ...change,
        });
        expect(createResponse.status).toBe(400);
        expect(createResponse.body.detail).toContain(field);
        expect((await get<Bridge[]>('/api/v1/bridges')).body).toEqual([]);

        const bridge = await createBridge();
        const updateResponse = await put<Detail>(`/api/v1/bridges/${bridge.id}/update`, {
          ...lionsGate,
          ...change,
        });
        expect(updateResponse.status).toBe(400);
        expect(updateResponse.body.detail).toContain(field);
        expect((await get<Bridge[]>('/api/v1/bridges')).body).toEqual([listed(bridge)]);
      },
    );

    it('rejects a non-integer path id with 400', async () => {
      const response = await put<Detail>('/api/v1/bridges/abc/update', lionsGate);
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/\bid\b/);
    });
  });

  describe('spans', () => {
    it('creates a span and lists it', async () => {
      const bridge = await createBridge();
      const response = await post<Span>('/api/v1/spans/create', {
        bridge: bridge.id,
        span_id: 'North approach',
        length: 94.5,
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        bridge: bridge.id,
        span_id: 'North approach',
        length: 94.5,
      });
      expect((await get<Span[]>('/api/v1/spans')).body).toEqual([response.body]);
    });

    it('refuses a duplicate span_id on the same bridge, but not on another bridge', async () => {
      const bridge = await createBridge();
      const other = await createBridge({ name: 'Maple Creek Overpass' });
      await createSpan(bridge.id, 'S1');
      const duplicate = await post<Detail>('/api/v1/spans/create', {
        bridge: bridge.id,
        span_id: 'S1',
        length: 50,
      });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body.detail).toContain('span_id');
      await createSpan(other.id, 'S1');
      expect((await get<Span[]>('/api/v1/spans')).body).toHaveLength(2);
    });

    it('refuses a span on an unknown bridge with 400 naming bridge', async () => {
      const response = await post<Detail>('/api/v1/spans/create', {
        bridge: 999999,
        span_id: 'S1',
        length: 50,
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^bridge\b/);
    });

    it('refuses a span without a length', async () => {
      const bridge = await createBridge();
      const response = await post<Detail>('/api/v1/spans/create', {
        bridge: bridge.id,
        span_id: 'S1',
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toContain('length');
      expect((await get<Span[]>('/api/v1/spans')).body).toEqual([]);
    });
  });

  describe('sensors', () => {
    it('creates a sensor with every field', async () => {
      const bridge = await createBridge();
      const span = await createSpan(bridge.id);
      const full = {
        bridge: bridge.id,
        span: span.id,
        sensor_id: 'SG-07',
        type: 'strain_gauge',
        status: 'maintenance',
        installation_date: '2022-06-15',
        manufacturer: 'Geokon',
        model_number: '4000',
        last_calibration_date: '2024-01-10',
        next_calibration_date: '2025-01-10',
      };
      const response = await post<Sensor>('/api/v1/sensors/create', full);
      expect(response.status).toBe(201);
      // A strain gauge carries its limits, none set yet; the spec's body records no position.
      const limits = { low: null, high: null, sustained_minutes: 10 };
      expect(response.body).toEqual({ id: expect.any(Number), ...full, limits, ...NO_POSITION });
      expect((await get<Sensor[]>('/api/v1/sensors')).body).toEqual([response.body]);
    });

    it('creates a sensor with only the required fields; the optional ones come back null', async () => {
      const bridge = await createBridge();
      const span = await createSpan(bridge.id);
      const sensor = await createSensor(bridge.id, span.id);
      expect(sensor).toEqual({
        id: expect.any(Number),
        bridge: bridge.id,
        span: span.id,
        ...requiredSensor,
        manufacturer: null,
        model_number: null,
        last_calibration_date: null,
        next_calibration_date: null,
        ...NO_POSITION,
      });
    });

    it.each([
      ['type', 'vibrometer', SENSOR_TYPES],
      ['status', 'broken', SENSOR_STATUSES],
    ])(
      'refuses a %s outside its values with a detail listing the allowed ones',
      async (field, value, allowed) => {
        const bridge = await createBridge();
        const span = await createSpan(bridge.id);
        const response = await post<Detail>('/api/v1/sensors/create', {
          bridge: bridge.id,
          span: span.id,
          ...requiredSensor,
          [field]: value,
        });
        expect(response.status).toBe(400);
        expect(response.body.detail).toContain(field);
        for (const allowedValue of allowed) expect(response.body.detail).toContain(allowedValue);
      },
    );

    it('refuses a span that belongs to another bridge', async () => {
      const bridge = await createBridge();
      const other = await createBridge({ name: 'Maple Creek Overpass' });
      const otherSpan = await createSpan(other.id);
      const response = await post<Detail>('/api/v1/sensors/create', {
        bridge: bridge.id,
        span: otherSpan.id,
        ...requiredSensor,
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^span\b/);
      expect((await get<Sensor[]>('/api/v1/sensors')).body).toEqual([]);
    });

    it.each([
      ['installation_date', '2023-13-01'],
      ['installation_date', '01/04/2023'],
      ['last_calibration_date', 'yesterday'],
      ['next_calibration_date', '2025-02-30'],
    ])('refuses a bad %s (%s) with 400', async (field, value) => {
      const bridge = await createBridge();
      const span = await createSpan(bridge.id);
      const response = await post<Detail>('/api/v1/sensors/create', {
        bridge: bridge.id,
        span: span.id,
        ...requiredSensor,
        [field]: value,
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toContain(field);
    });

    it('refuses a next calibration date before the last one', async () => {
      const bridge = await createBridge();
      const span = await createSpan(bridge.id);
      const response = await post<Detail>('/api/v1/sensors/create', {
        bridge: bridge.id,
        span: span.id,
        ...requiredSensor,
        last_calibration_date: '2024-05-01',
        next_calibration_date: '2024-04-30',
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toContain('next_calibration_date');
      expect((await get<Sensor[]>('/api/v1/sensors')).body).toEqual([]);
    });
  });

  describe('data streams', () => {
    it('creates a data stream fed by one sensor and lists it under both spellings', async () => {
      const bridge = await createBridge();
      const span = await createSpan(bridge.id);
      const sensor = await createSensor(bridge.id, span.id);
      const stream = await createStream([sensor.id]);
      expect(stream).toEqual({
        id: expect.any(Number),
        stream_id: 'LG-ACC-STREAM',
        data_type: 'acceleration',
        sensors: [sensor.id],
        last_seen: null,
        sample_count: 0,
        resolution: null,
      });
      const plain = await get<Datastream[]>('/api/v1/datastreams');
      const hyphenated = await get<Datastream[]>('/api/v1/data-streams/');
      expect(plain).toEqual({ status: 200, body: [listedStream(stream)] });
      expect(hyphenated).toEqual(plain);
    });

    it('refuses a duplicate stream_id', async () => {
      await createStream([]);
      const response = await post<Detail>('/api/v1/datastreams/create', {
        stream_id: 'LG-ACC-STREAM',
        data_type: 'strain',
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toContain('stream_id');
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toHaveLength(1);
    });

    // Decision 052: a stream declares the step its values are stored on; none: exactly.
    it('creates a stream with the resolution its values are stored on, refusing a bad one', async () => {
      const exact = await createStream([]);
      expect(exact.resolution).toBeNull();
      for (const resolution of [0, -0.01, 2_000_000, '0.01']) {
        const refused = await post<Detail>('/api/v1/datastreams/create', {
          stream_id: 'LG-SG-GRID',
          data_type: 'strain',
          resolution,
        });
        expect(refused.status).toBe(400);
        expect(refused.body.detail).toMatch(/^body\/resolution /);
      }
      const gridded = await post<Datastream>('/api/v1/datastreams/create', {
        stream_id: 'LG-SG-GRID',
        data_type: 'strain',
        resolution: 0.01,
      });
      expect(gridded.status).toBe(201);
      expect(gridded.body.resolution).toBe(0.01);
      const listed = (await get<Datastream[]>('/api/v1/datastreams')).body;
      expect(listed.map((d) => [d.stream_id, d.resolution])).toEqual([
        ['LG-ACC-STREAM', null],
        ['LG-SG-GRID', 0.01],
      ]);
    });

    it("changes a stream's resolution and back to exact, refusing a bad one or an unknown stream", async () => {
      const stream = await createStream([]);
      const patch = <T>(url: string, body: unknown) =>
        t.request<T>({ method: 'PATCH', url, token, body });
      const url = `/api/v1/datastreams/${stream.id}`;
      for (const body of [{ resolution: 0 }, { resolution: '0.01' }, {}]) {
        const refused = await patch<Detail>(url, body);
        expect(refused.status).toBe(400);
        expect(refused.body.detail).toMatch(/resolution/);
      }
      expect((await patch<Datastream>(url, { resolution: 0.5 })).body.resolution).toBe(0.5);
      const listed = (await get<Datastream[]>('/api/v1/datastreams')).body;
      expect(listed.map((d) => d.resolution)).toEqual([0.5]);
      expect((await patch<Datastream>(url, { resolution: null })).body.resolution).toBeNull();
      const unknown = await patch<Detail>('/api/v1/datastreams/999999', { resolution: 1 });
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail).toBe('Data stream 999999 not found');
    });

    it('refuses an unknown sensor with 400 naming sensors, creating nothing', async () => {
      const response = await post<Detail>('/api/v1/datastreams/create', {
        stream_id: 'LG-ACC-STREAM',
        data_type: 'acceleration',
        sensors: [999999],
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^sensors\b/);
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toEqual([]);
    });

    // Issue 36: 'acceleration' was accepted for a strain gauge.
    it('refuses a data type its sensor cannot record, naming data_type', async () => {
      const bridge = await createBridge();
      const span = await createSpan(bridge.id);
      const gauge = await createSensor(bridge.id, span.id, {
        sensor_id: 'SG-01',
        type: 'strain_gauge',
      });
      const response = await post<Detail>('/api/v1/datastreams/create', {
        stream_id: 'LG-SG-STREAM',
        data_type: 'acceleration',
        sensors: [gauge.id],
      });
      expect(response).toEqual({
        status: 400,
        body: {
          detail: 'data_type: A strain gauge records strain, not acceleration (sensor SG-01)',
        },
      });
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toEqual([]);
      const fitting = await post<Datastream>('/api/v1/datastreams/create', {
        stream_id: 'LG-SG-STREAM',
        data_type: 'strain',
        sensors: [gauge.id],
      });
      expect(fitting.status).toBe(201);
      // A gauge's own thermistor: temperature fits every sensor type.
      const thermistor = await post<Datastream>('/api/v1/datastreams/create', {
        stream_id: 'LG-SG-TEMP',
        data_type: 'temperature',
        sensors: [gauge.id],
      });
      expect(thermistor.status).toBe(201);
    });

    it('refuses to assign a sensor to a stream of a data type it cannot record', async () => {
      const { bridge, span, stream } = await instrumentedBridge();
      const gauge = await createSensor(bridge.id, span.id, {
        sensor_id: 'SG-02',
        type: 'strain_gauge',
      });
      const response = await put<Detail>('/api/v1/sensors/assign', {
        sensor_id: gauge.id,
        datastream_id: stream.id,
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^datastream_id: A strain gauge records strain/);
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toEqual([listedStream(stream)]);
    });

    it('links a second sensor with PUT /sensors/assign, idempotently', async () => {
      const { bridge, span, sensor, stream } = await instrumentedBridge();
      const second = await createSensor(bridge.id, span.id, { sensor_id: 'ACC-02' });
      const body = { sensor_id: second.id, datastream_id: stream.id };
      const first = await put<Datastream>('/api/v1/sensors/assign', body);
      expect(first).toEqual({ status: 200, body: { ...stream, sensors: [sensor.id, second.id] } });
      const again = await put<Datastream>('/api/v1/sensors/assign', body);
      expect(again).toEqual(first);
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toEqual([
        listedStream(first.body),
      ]);
    });

    it('answers 404 when assigning an unknown sensor or to an unknown data stream', async () => {
      const { sensor, stream } = await instrumentedBridge();
      const unknownSensor = await put<Detail>('/api/v1/sensors/assign', {
        sensor_id: 999999,
        datastream_id: stream.id,
      });
      expect(unknownSensor.status).toBe(404);
      expect(unknownSensor.body.detail).toMatch(/sensor/i);
      const unknownStream = await put<Detail>('/api/v1/sensors/assign', {
        sensor_id: sensor.id,
        datastream_id: 999999,
      });
      expect(unknownStream.status).toBe(404);
      expect(unknownStream.body.detail).toMatch(/data stream/i);
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toEqual([listedStream(stream)]);
    });

    it('deletes a data stream (204), then answers 404; its sensors stay', async () => {
      const { sensor, stream } = await instrumentedBridge();
      expect(await del(`/api/v1/datastreams/${stream.id}/delete`)).toEqual({
        status: 204,
        body: undefined,
      });
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toEqual([]);
      expect((await get<Sensor[]>('/api/v1/sensors')).body).toEqual([sensor]);
      const again = await del<Detail>(`/api/v1/datastreams/${stream.id}/delete`);
      expect(again.status).toBe(404);
    });
  });

  describe('one bridge at a time (the dashboard asks for its own bridge only)', () => {
    it('lists only the spans, sensors and data streams of ?bridge=', async () => {
      const lions = await instrumentedBridge();
      const other = await createBridge({ name: 'Confederation Bridge' });
      const otherSpan = await createSpan(other.id, 'S9');
      const otherSensor = await createSensor(other.id, otherSpan.id, { sensor_id: 'ACC-99' });
      const otherStream = await createStream([otherSensor.id], 'CB-ACC-STREAM');

      expect(await get<Span[]>(`/api/v1/spans?bridge=${other.id}`)).toEqual({
        status: 200,
        body: [otherSpan],
      });
      expect(await get<Sensor[]>(`/api/v1/sensors?bridge=${lions.bridge.id}`)).toEqual({
        status: 200,
        body: [lions.sensor],
      });
      // One bridge's list says what each stream can be trusted for (decision 037).
      expect(await get<Datastream[]>(`/api/v1/datastreams?bridge=${other.id}`)).toEqual({
        status: 200,
        body: [
          {
            ...listedStream(otherStream),
            trust: { state: 'never', sensor_status: 'active', findings: [] },
          },
        ],
      });
      // Without the filter every visible one is still listed.
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toHaveLength(2);
    });

    it('gives an operator an empty list for a bridge not assigned to them', async () => {
      const { bridge } = await instrumentedBridge();
      const operator = await t.createUser({ name: 'operator' });
      for (const path of ['spans', 'sensors', 'datastreams']) {
        const response = await t.request<unknown[]>({
          method: 'GET',
          url: `/api/v1/${path}?bridge=${bridge.id}`,
          token: operator.token,
        });
        expect(response).toEqual({ status: 200, body: [] });
      }
    });

    it('refuses a bridge id that is not a positive integer with 400', async () => {
      expect((await get<Detail>('/api/v1/datastreams?bridge=abc')).status).toBe(400);
      expect((await get<Detail>('/api/v1/sensors?bridge=0')).status).toBe(400);
    });
  });

  describe('deletes that must not lose data', () => {
    it('refuses to delete a bridge with spans and sensors, naming them, and keeps every row', async () => {
      const { bridge, span, sensor, stream } = await instrumentedBridge();
      const secondSpan = await createSpan(bridge.id, 'S2');
      const response = await del<Detail>(`/api/v1/bridges/${bridge.id}/delete`);
      expect(response.status).toBe(409);
      expect(response.body.detail).toContain('2 spans');
      expect(response.body.detail).toContain('1 sensor');
      expect((await get<Bridge[]>('/api/v1/bridges')).body).toEqual([listed(bridge)]);
      expect((await get<Span[]>('/api/v1/spans')).body).toEqual([span, secondSpan]);
      expect((await get<Sensor[]>('/api/v1/sensors')).body).toEqual([sensor]);
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toEqual([listedStream(stream)]);
    });

    it('deletes a bridge with cascade=true: spans and sensors go, the data stream stays unlinked', async () => {
      const { bridge, stream } = await instrumentedBridge();
      const other = await createBridge({ name: 'Maple Creek Overpass' });
      const otherSpan = await createSpan(other.id);
      const response = await del(`/api/v1/bridges/${bridge.id}/delete?cascade=true`);
      expect(response).toEqual({ status: 204, body: undefined });
      expect((await get<Bridge[]>('/api/v1/bridges')).body).toEqual([listed(other)]);
      expect((await get<Span[]>('/api/v1/spans')).body).toEqual([otherSpan]);
      expect((await get<Sensor[]>('/api/v1/sensors')).body).toEqual([]);
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toEqual([
        { ...listedStream(stream), sensors: [] },
      ]);
    });

    it('refuses to delete a span with sensors, naming them, then deletes it with cascade', async () => {
      const { bridge, span, sensor, stream } = await instrumentedBridge();
      const otherSpan = await createSpan(bridge.id, 'S2');
      const refused = await del<Detail>(`/api/v1/spans/${span.id}/delete`);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toContain(sensor.sensor_id);
      expect((await get<Span[]>('/api/v1/spans')).body).toEqual([span, otherSpan]);
      expect((await get<Sensor[]>('/api/v1/sensors')).body).toEqual([sensor]);

      expect(await del(`/api/v1/spans/${span.id}/delete?cascade=true`)).toEqual({
        status: 204,
        body: undefined,
      });
      expect((await get<Span[]>('/api/v1/spans')).body).toEqual([otherSpan]);
      expect((await get<Sensor[]>('/api/v1/sensors')).body).toEqual([]);
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toEqual([
        { ...listedStream(stream), sensors: [] },
      ]);
    });

    it('refuses to delete a sensor feeding a data stream, naming the stream, then unlinks it with cascade', async () => {
      const { sensor, stream } = await instrumentedBridge();
      const refused = await del<Detail>(`/api/v1/sensors/${sensor.id}/delete`);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toContain(stream.stream_id);
      expect((await get<Sensor[]>('/api/v1/sensors')).body).toEqual([sensor]);
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toEqual([listedStream(stream)]);

      expect(await del(`/api/v1/sensors/${sensor.id}/delete?cascade=true`)).toEqual({
        status: 204,
        body: undefined,
      });
      expect((await get<Sensor[]>('/api/v1/sensors')).body).toEqual([]);
      expect((await get<Datastream[]>('/api/v1/datastreams')).body).toEqual([
        { ...listedStream(stream), sensors: [] },
      ]);
    });

    it.each(['bridges', 'spans', 'sensors', 'datastreams'])(
      'answers 404 when deleting an unknown id under /%s',
      async (resource) => {
        const plain = await del<Detail>(`/api/v1/${resource}/999999/delete`);
        expect(plain.status).toBe(404);
        expect(plain.body.detail).toContain('999999 not found');
        const cascade = await del<Detail>(`/api/v1/${resource}/999999/delete?cascade=true`);
        expect(cascade.status).toBe(404);
      },
    );

    // The server answers 400 here too; the contract must document it for every delete.
    it.each(['bridges', 'spans', 'sensors', 'datastreams'])(
      'rejects a non-integer path id on DELETE /%s/{id}/delete with a documented 400',
      async (resource) => {
        const response = await del<Detail>(`/api/v1/${resource}/1.5/delete`);
        expect(response.status).toBe(400);
        expect(response.body.detail).toMatch(/\bid\b/);
      },
    );
  });
});
