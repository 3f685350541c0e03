import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { strainBridge } from '../fatigue/strain-fixtures.ts';

// PGlite's migrations on a loaded shared machine can outlast the default hook time.
vi.setConfig({ hookTimeout: 300_000 });

type AuditPage = components['schemas']['AuditPage'];

describe.each(drivers)('fatigue detail changes in the audit log on %s', (kind) => {
  const t = setupTestApp(kind);

  it("writes a fatigue detail's setting, change and removal into its sensor's history", async () => {
    const staff = await t.createUser({ staff: true, name: 'fatigue-engineer' });
    const { sensor } = await strainBridge(t.services, 'Audited Fatigue Bridge', 'afb-str');
    const detailUrl = `/api/v1/sensors/${sensor.id}/fatigue-detail`;
    const put = (body: unknown) =>
      t.request({ method: 'PUT', url: detailUrl, token: staff.token, body });

    expect((await put({ name: 'Cover plate end', curve: 'EC3 71' })).status).toBe(200);
    expect((await put({ name: 'Cover plate end', curve: 'EC3 56' })).status).toBe(200);
    const removed = await t.request({ method: 'DELETE', url: detailUrl, token: staff.token });
    expect(removed.status).toBe(204);

    const { status, body } = await t.request<AuditPage>({
      method: 'GET',
      url: `/api/v1/audit?object_type=sensor&object_id=${sensor.id}`,
      token: staff.token,
    });
    expect(status).toBe(200);
    const entries = body.items.filter((e) => e.record === 'fatigue_details');
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries.every((e) => e.actor === 'fatigue-engineer')).toBe(true);
    expect(entries[1]?.changes.curve).toEqual({ before: 'EC3 71', after: 'EC3 56' });
    expect(entries[2]?.changes.name).toEqual({ before: null, after: 'Cover plate end' });
  });
});
