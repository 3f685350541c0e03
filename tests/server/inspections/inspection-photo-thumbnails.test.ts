/**
 * Issue 36 (decision 053, Thumbnails): each uploaded photo gets a 320 px JPEG thumbnail and a
 * report-size JPEG, upright and without metadata; the thumbnail is served to whoever may see
 * the photo, made late for a photo stored without one; a photo declaring too many pixels is
 * refused before it is decoded.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { userBridges } from '../../../server/db/schema.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { assertMatchesContract } from '../../helpers/contract-validator.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import { declaredHugePng, jpegBytes } from '../../helpers/photo-fixtures.ts';
import { recordRoutineInspection } from '../../helpers/routine-inspection.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ hookTimeout: 300_000 });

type Schemas = components['schemas'];

/** A 2000 × 1500 camera JPEG whose EXIF says "rotate 90° to show": it stands 1500 × 2000. */
const cameraJpeg = (red = 200) =>
  sharp({
    create: { width: 2000, height: 1500, channels: 3, background: { r: red, g: 90, b: 40 } },
  })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();

describe.each(drivers)('inspection photo thumbnails on %s', (kind) => {
  const t = setupTestApp(kind);
  let staff: string;
  let bridgeId: number;
  let inspectionId: number;

  async function upload(bytes: Buffer) {
    const url = `/api/v1/inspections/${inspectionId}/photos`;
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    const body: unknown = response.json();
    assertMatchesContract('POST', url, response.statusCode, body);
    return { status: response.statusCode, body: body as Schemas['InspectionPhoto'] };
  }

  const thumbnail = (id: number, token: string | null = staff) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/inspection-photos/${id}/thumbnail`,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });

  const storedRenditions = async () =>
    rowsOf<{ thumbnail: Uint8Array | null; report_image: Uint8Array | null }>(
      await t.services.database.db.execute(
        sql`SELECT thumbnail, report_image FROM inspection_photos ORDER BY id`,
      ),
    );

  beforeEach(async () => {
    ({ token: staff } = await t.createUser({ staff: true, name: 'fieldstaff' }));
    bridgeId = (await t.services.bridges.create({ name: 'Ambassador', location: 'Detroit' })).id;
    inspectionId = await recordRoutineInspection(t, staff, bridgeId);
  });

  it('serves an upright JPEG thumbnail of at most 320 px without the EXIF, and keeps a report-size one', async () => {
    const original = await cameraJpeg();
    const stored = await upload(original);
    expect(stored.status).toBe(201);

    const answer = await thumbnail(stored.body.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    const shown = await sharp(answer.rawPayload).metadata();
    // Standing, as the camera meant it: 240 × 320, not 320 × 240.
    expect([shown.format, shown.width, shown.height]).toEqual(['jpeg', 240, 320]);
    expect(shown.exif).toBeUndefined();
    expect(answer.rawPayload.byteLength).toBeLessThan(original.byteLength / 4);

    const [row] = await storedRenditions();
    const reportSize = await sharp(row?.report_image ?? Buffer.alloc(0)).metadata();
    expect([reportSize.format, reportSize.width, reportSize.height]).toEqual(['jpeg', 1200, 1600]);
    expect(reportSize.exif).toBeUndefined();
  });

  it('answers the thumbnail to whoever sees the photo and 404 to anyone else, as the photo', async () => {
    const photo = (await upload(await cameraJpeg(10))).body;
    const assigned = await t.createUser({ name: 'assigned' });
    const stranger = await t.createUser({ name: 'stranger' });
    const otherAdmin = await companyPerson(t, 'otheradmin', 'Other Co', { admin: true });
    await t.services.database.db.insert(userBridges).values({ userId: assigned.id, bridgeId });

    expect((await thumbnail(photo.id, assigned.token)).statusCode).toBe(200);
    for (const token of [stranger.token, otherAdmin.token]) {
      const hidden = await thumbnail(photo.id, token);
      expect([hidden.statusCode, hidden.json()]).toEqual([
        404,
        { detail: `Photo ${photo.id} not found` },
      ]);
    }
    expect((await thumbnail(photo.id, null)).statusCode).toBe(401);
    expect((await thumbnail(photo.id + 1000)).statusCode).toBe(404);
  });

  it('refuses a photo declaring more pixels than kept, naming the body, and stores nothing', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/inspections/${inspectionId}/photos`,
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/octet-stream' },
      payload: declaredHugePng(),
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      413,
      {
        detail:
          'body: the image declares 100000 × 100000 pixels, more than the 64 million a photo ' +
          'may have; send it resized',
      },
    ]);
    expect(await storedRenditions()).toEqual([]);
  });

  it('stores bytes that open like a JPEG but do not decode, as before, and serves them as their thumbnail', async () => {
    const bytes = jpegBytes(3, 2000);
    const stored = await upload(bytes);
    expect(stored.status).toBe(201);
    expect(await storedRenditions()).toEqual([{ thumbnail: null, report_image: null }]);
    const answer = await thumbnail(stored.body.id);
    expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(Buffer.compare(answer.rawPayload, bytes)).toBe(0);
  });

  it('makes and keeps the thumbnail of a photo stored before thumbnails, on its first request', async () => {
    const photo = (await upload(await cameraJpeg(60))).body;
    await t.services.database.db.execute(
      sql`UPDATE inspection_photos SET thumbnail = NULL, report_image = NULL`,
    );
    const answer = await thumbnail(photo.id);
    const shown = await sharp(answer.rawPayload).metadata();
    expect([answer.statusCode, shown.format, shown.width, shown.height]).toEqual([
      200,
      'jpeg',
      240,
      320,
    ]);
    const [row] = await storedRenditions();
    expect(row?.thumbnail?.byteLength).toBe(answer.rawPayload.byteLength);
    expect(row?.report_image).not.toBeNull();
  });
});
