import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

// PGlite's migrations on a loaded shared machine can outlast the default hook time.
vi.setConfig({ hookTimeout: 300_000 });

type Schemas = components['schemas'];

describe.each(drivers)('calibration register on %s', (kind) => {
  const t = setupTestApp(kind);
  let token: string;
  let sensor: Schemas['Sensor'];
  let stream: Schemas['Datastream'];

  const post = <T>(url: string, body: unknown, as = token) =>
    t.request<T>({ method: 'POST', url, token: as, body });
  const get = <T>(url: string, as = token) => t.request<T>({ method: 'GET', url, token: as });

  beforeEach(async () => {
    ({ token } = await t.createUser({ staff: true, name: 'metrologist' }));
    const bridge = await post<Schemas['Bridge']>('/api/v1/bridges/create', {
      name: 'Pattullo Bridge',
      location: 'New Westminster, BC',
      construction_date: '1937-11-15',
      length_per_span: 1200,
      latitude: 49.2,
      longitude: -122.9,
    });
    const span = await post<Schemas['Span']>('/api/v1/spans/create', {
      bridge: bridge.body.id,
      span_id: 'S1',
      length: 100,
    });
    const created = await post<Schemas['Sensor']>('/api/v1/sensors/create', {
      bridge: bridge.body.id,
      span: span.body.id,
      sensor_id: 'SG-01',
      type: 'strain_gauge',
      status: 'active',
      installation_date: '2023-12-01',
      last_calibration_date: '2024-01-10',
      next_calibration_date: '2025-01-10',
    });
    expect(created.status).toBe(201);
    sensor = created.body;
    const streamResponse = await post<Schemas['Datastream']>('/api/v1/datastreams/create', {
      stream_id: 'PT-SG-01',
      data_type: 'strain',
      sensors: [sensor.id],
    });
    expect(streamResponse.status).toBe(201);
    stream = streamResponse.body;
  });

  it("starts the history with the sensor's calibration dates and follows the newest entry", async () => {
    const first = await get<Schemas['Calibration'][]>(`/api/v1/sensors/${sensor.id}/calibrations`);
    expect(first.body).toMatchObject([
      {
        calibrated_on: '2024-01-10',
        next_due: '2025-01-10',
        calibrated_by: 'Recorded on the sensor',
      },
    ]);
    const added = await post<Schemas['Calibration']>(`/api/v1/sensors/${sensor.id}/calibrations`, {
      calibrated_on: '2025-03-01',
      calibrated_by: 'Metrology Lab Ltd',
      certificate: 'CERT-2025-114',
      gauge_factor: 2.11,
      offset: -0.4,
      next_due: '2026-03-01',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ gauge_factor: 2.11, certificate: 'CERT-2025-114' });
    const sensors = await get<Schemas['Sensor'][]>('/api/v1/sensors');
    expect(sensors.body[0]).toMatchObject({
      last_calibration_date: '2025-03-01',
      next_calibration_date: '2026-03-01',
    });
    const history = await get<Schemas['AuditPage']>(
      `/api/v1/audit?object_type=sensor&object_id=${sensor.id}`,
    );
    expect(history.body.items.map((e) => e.record)).toContain('sensor_calibrations');
  });

  it('refuses a due date before the calibration, non-staff and unknown sensors', async () => {
    const bad = await post(`/api/v1/sensors/${sensor.id}/calibrations`, {
      calibrated_on: '2025-03-01',
      calibrated_by: 'Lab',
      next_due: '2025-02-01',
    });
    expect(bad).toEqual({ status: 400, body: { detail: 'next_due: must be after calibrated_on' } });
    const user = await t.createUser();
    const forbidden = await post(
      `/api/v1/sensors/${sensor.id}/calibrations`,
      { calibrated_on: '2025-03-01', calibrated_by: 'Lab' },
      user.token,
    );
    expect(forbidden.status).toBe(403);
    expect((await get('/api/v1/sensors/999999/calibrations')).status).toBe(404);
    expect((await get(`/api/v1/sensors/${sensor.id}/calibrations`, user.token)).status).toBe(404);
  });

  it('marks the readings range in which the sensor was out of calibration', async () => {
    await post(`/api/v1/sensors/${sensor.id}/calibrations`, {
      calibrated_on: '2025-03-01',
      calibrated_by: 'Lab',
      next_due: '2026-03-01',
    });
    const readings = await get<Schemas['ReadingSeries']>(
      `/api/v1/datastreams/${stream.id}/readings?from=2025-01-01T00:00:00Z&to=2025-04-01T00:00:00Z`,
    );
    expect(readings.status).toBe(200);
    expect(readings.body.out_of_calibration).toEqual([
      { from: '2025-01-11T00:00:00.000Z', to: '2025-03-01T00:00:00.000Z' },
    ]);
  });

  it('raises a calibration alert before the due date and rises it once overdue', async () => {
    await t.services.alerts.checkCalibrationsDue(new Date('2024-12-20T00:00:00Z'));
    const due = await get<Schemas['Alert'][]>('/api/v1/alerts');
    expect(due.body).toMatchObject([
      {
        type: 'Calibration due',
        severity: 'Medium',
        message: 'Calibration of sensor SG-01 is due on 10 January 2025',
      },
    ]);
    await t.services.alerts.checkCalibrationsDue(new Date('2025-01-12T00:00:00Z'));
    const overdue = await get<Schemas['Alert'][]>('/api/v1/alerts');
    expect(overdue.body[0]).toMatchObject({
      severity: 'High',
      message: 'Calibration of sensor SG-01 is overdue since 10 January 2025',
    });
    await post(`/api/v1/sensors/${sensor.id}/calibrations`, {
      calibrated_on: '2025-01-12',
      calibrated_by: 'Lab',
      next_due: '2026-01-12',
    });
    await t.services.alerts.checkCalibrationsDue(new Date('2025-01-13T00:00:00Z'));
    expect((await get<Schemas['Alert'][]>('/api/v1/alerts')).body).toEqual([]);
  });
});
