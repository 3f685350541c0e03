/**
 * Issue 36, field inspection mode (decision 053): photos stored with their inspection, read back
 * with their type by whoever sees the bridge, bounded in size, count and type; and an inspection
 * sent twice with the same client key recorded once.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { inspectionPhotos, inspections, userBridges } from '../../../server/db/schema.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import {
  PHOTO_LIMIT_BYTES,
  PHOTOS_PER_INSPECTION,
} from '../../../server/routes/inspection-photos-handlers.ts';
import { assertMatchesContract } from '../../helpers/contract-validator.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import { jpegBytes, pngBytes, webpBytes } from '../../helpers/photo-fixtures.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ hookTimeout: 300_000 });

type Schemas = components['schemas'];

const nbi = { scale: 'NBI', deck: 7, superstructure: 6, substructure: 5 };
const inspectionBody = {
  inspected_on: '2026-11-20',
  kind: 'routine',
  inspector: 'F. Inspector',
  rating: nbi,
};

describe.each(drivers)('inspection photos and idempotent records on %s', (kind) => {
  const t = setupTestApp(kind);
  let staff: string;
  let bridgeId: number;
  let inspectionId: number;

  const record = (body: Record<string, unknown> = {}, bridge = bridgeId) =>
    t.request<Schemas['Inspection']>({
      method: 'POST',
      url: `/api/v1/bridges/${bridge}/inspections`,
      token: staff,
      body: { ...inspectionBody, ...body },
    });

  async function upload<T = Schemas['InspectionPhoto']>(
    bytes: Buffer,
    { token = staff, id = inspectionId, type = 'application/octet-stream' } = {},
  ) {
    const url = `/api/v1/inspections/${id}/photos`;
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      payload: bytes,
    });
    const body: unknown = response.json();
    assertMatchesContract('POST', url, response.statusCode, body);
    return { status: response.statusCode, body: body as T };
  }

  const download = (id: number, token = staff) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/inspection-photos/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });

  const storedPhotos = async () =>
    rowsOf<{ inspection_id: number; size_bytes: number; sha256: string }>(
      await t.services.database.db.execute(
        sql`SELECT inspection_id, size_bytes, sha256 FROM inspection_photos ORDER BY id`,
      ),
    );

  beforeEach(async () => {
    ({ token: staff } = await t.createUser({ staff: true, name: 'fieldstaff' }));
    bridgeId = (await t.services.bridges.create({ name: 'Ambassador', location: 'Detroit' })).id;
    inspectionId = (await record()).body.id;
  });

  it('stores a photo, lists it with its inspection and serves its bytes with their type', async () => {
    const bytes = jpegBytes(1, 5000);
    const stored = await upload(bytes);
    expect(stored.status).toBe(201);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(stored.body).toMatchObject({
      inspection: inspectionId,
      content_type: 'image/jpeg',
      size_bytes: 5000,
      sha256,
      taken_by: 'fieldstaff',
    });
    expect(await storedPhotos()).toEqual([
      { inspection_id: inspectionId, size_bytes: 5000, sha256 },
    ]);

    const listed = await t.request<Schemas['BridgeInspections']>({
      method: 'GET',
      url: `/api/v1/bridges/${bridgeId}/inspections`,
      token: staff,
    });
    expect(listed.body.inspections[0]?.photos).toEqual([stored.body]);

    const served = await download(stored.body.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('takes the type from the bytes, not from what the client calls them', async () => {
    const png = await upload(pngBytes(2));
    const webp = await upload(webpBytes(3));
    expect([png.body.content_type, webp.body.content_type]).toEqual(['image/png', 'image/webp']);
    expect((await download(webp.body.id)).headers['content-type']).toBe('image/webp');

    const pdf = await upload(Buffer.from('%PDF-1.7 not a photo at all'));
    expect(pdf).toEqual({
      status: 415,
      body: { detail: expect.stringMatching(/^body: not a JPEG/) },
    });
    const html = await upload(Buffer.from('<script>alert(1)</script>'));
    expect(html.status).toBe(415);
    const empty = await upload(Buffer.alloc(0));
    expect(empty.status).toBe(400);
    // A photo sent with its own type is refused before its bytes are read: the type is not trusted.
    const declared = await upload(jpegBytes(4), { type: 'image/jpeg' });
    expect(declared).toMatchObject({ status: 415, body: { detail: /^content-type: image\/jpeg/ } });
    expect(await storedPhotos()).toHaveLength(2);
  });

  it('refuses a photo over the size limit and past the count limit, naming what is wrong', async () => {
    const large = await upload(jpegBytes(5, PHOTO_LIMIT_BYTES + 1));
    expect(large).toMatchObject({
      status: 413,
      body: { detail: /^body: the file is larger than 8 MiB/ },
    });
    expect((await upload(jpegBytes(100))).status).toBe(201);
    // The rest of the places filled in one statement: twenty uploads would only cost time.
    const staffRow = await t.services.users.findByEmail('fieldstaff@example.ca');
    await t.services.database.db.insert(inspectionPhotos).values(
      Array.from({ length: PHOTOS_PER_INSPECTION - 1 }, (_, i) => {
        const data = jpegBytes(101 + i);
        return {
          inspectionId,
          contentType: 'image/jpeg',
          sizeBytes: data.byteLength,
          sha256: createHash('sha256').update(data).digest('hex'),
          data,
          createdBy: staffRow?.id ?? null,
        };
      }),
    );
    const extra = await upload(jpegBytes(999));
    expect(extra).toEqual({
      status: 409,
      body: { detail: `photos: inspection ${inspectionId} holds 20 photos, the most kept` },
    });
    // The same bytes again are the photo already kept, not a refusal nor a second copy.
    expect((await upload(jpegBytes(100))).status).toBe(200);
    expect(await storedPhotos()).toHaveLength(PHOTOS_PER_INSPECTION);
  });

  it('stores the same bytes sent twice to an inspection once', async () => {
    const first = await upload(jpegBytes(6));
    const again = await upload(jpegBytes(6));
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
    expect(await storedPhotos()).toHaveLength(1);
  });

  it('lets staff add and remove photos and whoever sees the bridge read them, nobody else', async () => {
    const photo = (await upload(jpegBytes(7))).body;
    const assigned = await t.createUser({ name: 'assigned' });
    const stranger = await t.createUser({ name: 'stranger' });
    const otherAdmin = await companyPerson(t, 'otheradmin', 'Other Co', { admin: true });
    await t.services.database.db.insert(userBridges).values({ userId: assigned.id, bridgeId });

    expect((await download(photo.id, assigned.token)).statusCode).toBe(200);
    for (const token of [stranger.token, otherAdmin.token]) {
      const hidden = await download(photo.id, token);
      expect([hidden.statusCode, hidden.json()]).toEqual([
        404,
        { detail: `Photo ${photo.id} not found` },
      ]);
    }
    const byUser = await upload(jpegBytes(8), { token: assigned.token });
    expect(byUser).toMatchObject({ status: 403, body: { detail: /staff/ } });
    const toMissing = await upload(jpegBytes(8), { id: inspectionId + 1000 });
    expect(toMissing.status).toBe(404);

    const removedByUser = await t.request({
      method: 'DELETE',
      url: `/api/v1/inspection-photos/${photo.id}`,
      token: assigned.token,
    });
    expect(removedByUser.status).toBe(403);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/v1/inspection-photos/${photo.id}`,
      token: staff,
    });
    expect(removed.status).toBe(204);
    expect((await download(photo.id)).statusCode).toBe(404);
    // Deleting the inspection takes its photos with it.
    await upload(jpegBytes(9));
    await t.request({ method: 'DELETE', url: `/api/v1/inspections/${inspectionId}`, token: staff });
    expect(await storedPhotos()).toEqual([]);
  });

  it('records an inspection sent twice with one client key once, even when both arrive at once', async () => {
    const key = 'f3a1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b';
    const first = await record({ client_key: key, findings: 'Crack at pier 2' });
    const again = await record({ client_key: key, findings: 'Crack at pier 2' });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);

    const racing = 'a9b8c7d6-e5f4-4321-9876-543210fedcba';
    const answers = await Promise.all([
      record({ client_key: racing }),
      record({ client_key: racing }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0]?.body.id).toBe(answers[1]?.body.id);

    const stored = await t.services.database.db
      .select({ id: inspections.id })
      .from(inspections)
      .where(eq(inspections.bridgeId, bridgeId));
    // The one recorded in beforeEach, the keyed one and the raced one.
    expect(stored).toHaveLength(3);

    const other = (await t.services.bridges.create({ name: 'Blue Water', location: 'Sarnia' })).id;
    const elsewhere = await record({ client_key: key }, other);
    expect(elsewhere).toEqual({
      status: 409,
      body: { detail: 'client_key: already used for an inspection of another bridge' },
    });
    const malformed = await record({ client_key: 'short' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ detail: expect.stringContaining('client_key') });
    const photoRows = await t.services.database.db.select().from(inspectionPhotos);
    expect(photoRows).toEqual([]);
  });
});
