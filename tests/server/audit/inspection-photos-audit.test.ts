/**
 * Decision 053 (2026-11-29): adding or removing an inspection photo writes an audit entry of its
 * bridge that says what the photo was (file name, size, type, who took it, its inspection) and
 * never holds its bytes; a refused removal writes none.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { jpegBytes } from '../../helpers/photo-fixtures.ts';
import { recordRoutineInspection } from '../../helpers/routine-inspection.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ hookTimeout: 300_000 });

type S = components['schemas'];

describe.each(drivers)('audit entries of inspection photos on %s', (kind) => {
  const t = setupTestApp(kind);
  let staff: { id: number; token: string };
  let bridgeId: number;
  let inspectionId: number;
  const bytes = jpegBytes(42, 3000);
  const sha256 = createHash('sha256').update(bytes).digest('hex');

  const send = () =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/inspections/${inspectionId}/photos`,
      headers: {
        authorization: `Bearer ${staff.token}`,
        'content-type': 'application/octet-stream',
      },
      payload: bytes,
    });

  async function upload(): Promise<S['InspectionPhoto']> {
    const response = await send();
    expect(response.statusCode).toBe(201);
    return response.json<S['InspectionPhoto']>();
  }

  const removePhoto = (id: number, token = staff.token) =>
    t.request({ method: 'DELETE', url: `/api/v1/inspection-photos/${id}`, token });

  async function photoEntries(): Promise<S['AuditEntry'][]> {
    const { status, body } = await t.request<S['AuditPage']>({
      method: 'GET',
      url: `/api/v1/audit?object_type=bridge&object_id=${bridgeId}`,
      token: staff.token,
    });
    expect(status).toBe(200);
    return body.items.filter((entry) => entry.record === 'inspection_photos');
  }

  /** The stored entries' text, to show that no photo bytes went into the log in any form. */
  const storedPhotoEntries = async () =>
    rowsOf<{ changes: string }>(
      await t.services.database.db.execute(
        sql`SELECT changes::text AS changes FROM audit_log WHERE record = 'inspection_photos'`,
      ),
    ).map((row) => row.changes);

  beforeEach(async () => {
    staff = await t.createUser({ staff: true, name: 'photo-keeper' });
    bridgeId = (await t.services.bridges.create({ name: 'Ambassador', location: 'Detroit' })).id;
    inspectionId = await recordRoutineInspection(t, staff.token, bridgeId);
  });

  it('writes the removal of a photo as an entry of its bridge, naming the photo but not holding its bytes', async () => {
    const photo = await upload();
    const removed = await removePhoto(photo.id);
    expect(removed.status).toBe(204);

    const [removal, addition] = await photoEntries();
    const described = {
      id: photo.id,
      inspection_id: inspectionId,
      file_name: `inspection-photo-${photo.id}.jpg`,
      content_type: 'image/jpeg',
      size_bytes: 3000,
      sha256,
      created_by: staff.id,
    };
    const before = Object.fromEntries(
      Object.entries(described).map(([field, value]) => [field, { before: value, after: null }]),
    );
    expect(removal).toMatchObject({
      actor: 'photo-keeper',
      actor_id: staff.id,
      operation: 'deleteInspectionPhoto',
      action: 'delete',
      object_type: 'bridge',
      object_id: String(bridgeId),
      object_name: 'Ambassador',
      record: 'inspection_photos',
      changes: before,
      names: {
        inspection_id: {
          before: 'routine inspection of 2026-11-20 by F. Inspector',
          after: null,
        },
        created_by: { before: 'photo-keeper', after: null },
      },
    });
    expect(Object.keys(removal?.changes ?? {}).sort()).toEqual(
      [...Object.keys(described), 'created_at'].sort(),
    );
    expect(Date.parse(String((removal?.changes.created_at as { before: string }).before))).toBe(
      Date.parse(photo.created_at),
    );
    expect(addition).toMatchObject({
      operation: 'uploadInspectionPhoto',
      action: 'create',
      record: 'inspection_photos',
      changes: Object.fromEntries(
        Object.entries(described).map(([field, value]) => [field, { before: null, after: value }]),
      ),
    });

    const hex = bytes.toString('hex');
    const base64 = bytes.toString('base64');
    for (const text of await storedPhotoEntries()) {
      expect(text).not.toContain(hex.slice(0, 64));
      expect(text).not.toContain(base64.slice(0, 64));
      expect(text).not.toMatch(/"data"/);
    }
  });

  it('writes no entry for a removal refused (no such photo, not staff) nor for the same bytes sent again', async () => {
    const photo = await upload();
    const again = await send();
    expect(again.statusCode).toBe(200);
    const user = await t.createUser({ name: 'not-staff' });

    expect((await removePhoto(photo.id + 1000)).status).toBe(404);
    expect((await removePhoto(photo.id, user.token)).status).toBe(403);

    const entries = await photoEntries();
    expect(entries.map((entry) => entry.action)).toEqual(['create']);
    expect(await storedPhotoEntries()).toHaveLength(1);
  });
});
