import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { alerts } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

// PGlite's migrations on a loaded shared machine can outlast the default hook time.
vi.setConfig({ hookTimeout: 300_000 });

type S = components['schemas'];
type AuditEntry = S['AuditEntry'];

/**
 * Issue 20: each kind of record staff change through the API is read back from the audit log
 * with who, which operation, which object and the changed fields, as the API answers them.
 */
describe.each(drivers)('audit log of sensors, streams, tokens and alerts on %s', (kind) => {
  const t = setupTestApp(kind);

  async function scene() {
    const staff = await t.createUser({ staff: true, name: 'records-keeper' });
    const bridge = await t.services.bridges.create({ name: 'Audit Bridge', location: 'Test' });
    const span = await t.services.spans.create({ bridgeId: bridge.id, label: 'S1', length: 40 });
    return { staff, bridge, span };
  }

  async function history(token: string, type: string, id: number): Promise<AuditEntry[]> {
    const { status, body } = await t.request<S['AuditPage']>({
      method: 'GET',
      url: `/api/v1/audit?object_type=${type}&object_id=${id}`,
      token,
    });
    expect(status).toBe(200);
    return body.items;
  }

  it("writes a sensor's creation and its changed limits", async () => {
    const { staff, bridge, span } = await scene();
    const created = await t.request<S['Sensor']>({
      method: 'POST',
      url: '/api/v1/sensors/create',
      token: staff.token,
      body: {
        bridge: bridge.id,
        span: span.id,
        sensor_id: 'AB-STR-1',
        type: 'strain_gauge',
        status: 'active',
        installation_date: '2025-03-01',
      },
    });
    expect(created.status).toBe(201);
    const sensorId = created.body.id;
    const limited = await t.request({
      method: 'PUT',
      url: `/api/v1/sensors/${sensorId}/limits`,
      token: staff.token,
      body: { low: -200, high: 300, sustained_minutes: 30 },
    });
    expect(limited.status).toBe(200);

    // Newest first: the limits, then the sensor's creation with its first dated status (issue 30).
    const [update, status, create] = await history(staff.token, 'sensor', sensorId);
    expect(update).toMatchObject({
      actor: 'records-keeper',
      actor_id: staff.id,
      operation: 'setSensorLimits',
      action: 'update',
      object_type: 'sensor',
      object_id: String(sensorId),
      record: 'sensors',
      changes: {
        limit_low: { before: null, after: -200 },
        limit_high: { before: null, after: 300 },
        limit_sustained_minutes: { before: 10, after: 30 },
      },
    });
    expect(status).toMatchObject({
      actor: 'records-keeper',
      operation: 'createSensor',
      action: 'create',
      record: 'sensor_status_changes',
      changes: { status: { before: null, after: 'active' } },
    });
    expect(create).toMatchObject({
      actor: 'records-keeper',
      operation: 'createSensor',
      action: 'create',
      record: 'sensors',
      changes: {
        label: { before: null, after: 'AB-STR-1' },
        type: { before: null, after: 'strain_gauge' },
        span_id: { before: null, after: span.id },
      },
    });
  });

  it("writes a data stream's creation and a sensor linked to it later", async () => {
    const { staff, bridge, span } = await scene();
    const sensor = await t.services.sensors.create({
      bridgeId: bridge.id,
      spanId: span.id,
      label: 'AB-ACC-1',
      type: 'accelerometer',
      status: 'active',
      installationDate: '2025-01-01',
    });
    const created = await t.request<S['Datastream']>({
      method: 'POST',
      url: '/api/v1/datastreams/create',
      token: staff.token,
      body: { stream_id: 'ab-acc-x', data_type: 'acceleration' },
    });
    expect(created.status).toBe(201);
    const streamId = created.body.id;
    const linked = await t.request({
      method: 'PUT',
      url: '/api/v1/sensors/assign',
      token: staff.token,
      body: { sensor_id: sensor.id, datastream_id: streamId },
    });
    expect(linked.status).toBe(200);

    const [link, create] = await history(staff.token, 'datastream', streamId);
    expect(link).toMatchObject({
      actor: 'records-keeper',
      actor_id: staff.id,
      operation: 'assignSensor',
      action: 'create',
      object_id: String(streamId),
      record: 'datastream_sensors',
      changes: { sensor_id: { before: null, after: sensor.id } },
    });
    expect(create).toMatchObject({
      operation: 'createDatastream',
      action: 'create',
      record: 'datastreams',
      changes: {
        stream_id: { before: null, after: 'ab-acc-x' },
        data_type: { before: null, after: 'acceleration' },
      },
    });
  });

  it("writes an ingest token's creation and revocation, never its secret", async () => {
    const { staff, bridge } = await scene();
    const created = await t.request<S['IngestTokenCreated']>({
      method: 'POST',
      url: `/api/v1/bridges/${bridge.id}/ingest-tokens`,
      token: staff.token,
      body: { name: 'west gateway' },
    });
    expect(created.status).toBe(201);
    const { id, token: secret } = created.body;
    const revoked = await t.request({
      method: 'DELETE',
      url: `/api/v1/bridges/${bridge.id}/ingest-tokens/${id}`,
      token: staff.token,
    });
    expect(revoked.status).toBe(204);

    const entries = await history(staff.token, 'ingest_token', id);
    const [revoke, create] = entries;
    expect(entries).toHaveLength(2);
    expect(revoke).toMatchObject({
      actor: 'records-keeper',
      actor_id: staff.id,
      operation: 'revokeIngestToken',
      action: 'update',
      object_id: String(id),
      record: 'ingest_tokens',
    });
    expect(Object.keys(revoke?.changes ?? {})).toEqual(['revoked_at']);
    expect(revoke?.changes.revoked_at).toMatchObject({ before: null, after: expect.any(String) });
    expect(create).toMatchObject({
      operation: 'createIngestToken',
      action: 'create',
      changes: {
        name: { before: null, after: 'west gateway' },
        bridge_id: { before: null, after: bridge.id },
        token_hash: 'changed',
      },
    });
    // Neither the secret nor its hash is written anywhere in the entries.
    const hash = createHash('sha256').update(secret).digest('hex');
    const written = JSON.stringify(entries);
    expect(written).not.toContain(secret);
    expect(written).not.toContain(hash);
  });

  it('writes who acknowledged an alert and their comment', async () => {
    const { staff, bridge } = await scene();
    // Raised by the monitor, which names no actor, so its creation is not an API change.
    const [raised] = await t.services.database.db
      .insert(alerts)
      .values({
        bridgeId: bridge.id,
        type: 'Structural Warning',
        severity: 'High',
        message: '3 anomaly episodes',
        cause: { windows: [], datastreams: [] },
      })
      .returning();
    const alertId = raised?.id ?? 0;
    const acknowledged = await t.request({
      method: 'POST',
      url: `/api/v1/alerts/${alertId}/acknowledge`,
      token: staff.token,
      body: { comment: 'Inspected the bearings: no damage' },
    });
    expect(acknowledged.status).toBe(200);

    const entries = await history(staff.token, 'alert', alertId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'records-keeper',
      actor_id: staff.id,
      operation: 'acknowledgeAlert',
      action: 'update',
      object_type: 'alert',
      object_id: String(alertId),
      record: 'alerts',
      changes: {
        state: { before: 'active', after: 'acknowledged' },
        acknowledged_by: { before: null, after: staff.id },
        comment: { before: null, after: 'Inspected the bearings: no damage' },
      },
      // Names instead of ids for a reader (issue 36, item 10): who acknowledged, which bridge.
      object_name: `Structural Warning, ${bridge.name}`,
      names: { acknowledged_by: { before: null, after: 'records-keeper' } },
    });
  });
});
