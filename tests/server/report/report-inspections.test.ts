/**
 * Decision 053 (2026-11-29): the monthly report gathers the month's inspections and reads the
 * bytes of only the photos it shows: at most 4 an inspection and 12 in all, JPEG and PNG.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { describe, expect, it, vi } from 'vitest';
import { inspectionPhotos } from '../../../server/db/schema.ts';
import { makeRenditions } from '../../../server/inspections/photo-renditions.ts';
import {
  REPORT_PHOTOS_IN_ALL,
  REPORT_PHOTOS_PER_INSPECTION,
} from '../../../server/report/report-inspections.ts';
import { gatherReportFacts } from '../../../server/report/report-gather.ts';
import { renderReportPdf } from '../../../server/report/report-pdf.ts';
import { flatPng, greyJpeg, webpBytes } from '../../helpers/photo-fixtures.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ hookTimeout: 300_000 });

const APRIL = { label: '2026-04', startMs: Date.UTC(2026, 3, 1), endMs: Date.UTC(2026, 4, 1) };
const MAY = { label: '2026-05', startMs: APRIL.endMs, endMs: Date.UTC(2026, 5, 1) };
const NOW = new Date('2026-06-02T08:00:00Z');

describe.each(drivers)('inspections in the monthly report on %s', (kind) => {
  const t = setupTestApp(kind);

  async function inspection(bridgeId: number, inspectedOn: string, inspector: string) {
    return t.services.inspections.add({
      bridgeId,
      inspectedOn,
      kind: 'routine',
      inspector,
      ratingScale: 'NBI',
      deckRating: 7,
      superstructureRating: 6,
      substructureRating: null,
      bci: null,
      findings: null,
      attachments: [],
    });
  }

  async function addPhotos(inspectionId: number, photos: Buffer[], contentType = 'image/jpeg') {
    const rows = await t.services.database.db
      .insert(inspectionPhotos)
      .values(
        photos.map((data) => ({
          inspectionId,
          contentType,
          sizeBytes: data.byteLength,
          sha256: createHash('sha256').update(data).digest('hex'),
          data,
        })),
      )
      .returning({ id: inspectionPhotos.id });
    return rows.map((row) => row.id);
  }

  /** The test app's repositories, counting the photos whose bytes the report reads. */
  function countingStores() {
    const read: number[] = [];
    const photos = t.services.inspectionPhotos;
    const stores = {
      ...t.services,
      db: t.services.database.db,
      inspectionPhotos: {
        ...photos,
        content: (id: number) => {
          read.push(id);
          return photos.content(id);
        },
      },
    };
    return { stores, read };
  }

  async function pdfOf(facts: Awaited<ReturnType<typeof gatherReportFacts>>) {
    const bytes = await renderReportPdf(facts);
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    return {
      text: text.replace(/\s+/g, ' '),
      images: bytes.toString('latin1').split('/Subtype /Image').length - 1,
    };
  }

  it("draws the month's photos with their captions, reading no other photo's bytes", async () => {
    const bridge = await t.services.bridges.create({ name: 'Photo Bridge', location: 'River' });
    const april = await inspection(bridge.id, '2026-04-09', 'F. Inspector');
    const [jpeg, png] = [
      ...(await addPhotos(april.id, [greyJpeg(64, 48, 1)])),
      ...(await addPhotos(april.id, [flatPng(30, 20, 2)], 'image/png')),
    ];
    const [webp] = await addPhotos(april.id, [webpBytes(3)], 'image/webp');
    const may = await inspection(bridge.id, '2026-05-02', 'M. Other');
    await addPhotos(may.id, [greyJpeg(8, 8, 4)]);

    const { stores, read } = countingStores();
    const facts = await gatherReportFacts(stores, bridge.id, APRIL, NOW);
    expect(facts.inspections).toHaveLength(1);
    expect(facts.inspections[0]).toMatchObject({
      inspectedOn: '2026-04-09',
      kind: 'Routine',
      inspector: 'F. Inspector',
      rating: 'NBI ratings: deck 7, superstructure 6, substructure not rated',
      photosLeftOut: 0,
    });
    // The WebP is listed without reading its bytes; May's photo is not read at all.
    expect(read).toEqual([jpeg, png]);

    const { text, images } = await pdfOf(facts);
    expect(images).toBe(2);
    expect(text).toContain(`2026-04-09 · F. Inspector inspection-photo-${jpeg}.jpg`);
    expect(text).toContain(`2026-04-09 · F. Inspector inspection-photo-${png}.png`);
    expect(text).toContain(
      `Not drawn: only JPEG and PNG photos are drawn in the PDF 2026-04-09 · F. Inspector inspection-photo-${webp}.webp`,
    );
    expect(text).not.toContain('M. Other');
  });

  it('embeds the report-size image made on upload, not the original (decision 053, Thumbnails)', async () => {
    const bridge = await t.services.bridges.create({ name: 'Camera Bridge', location: 'River' });
    const april = await inspection(bridge.id, '2026-04-09', 'F. Inspector');
    // A 2400 × 1800 camera photo of fine detail: about 2 MB, as an unresized phone JPEG.
    const original = await sharp({
      create: {
        width: 2400,
        height: 1800,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const renditions = await makeRenditions(original);
    const [photoId] = await addPhotos(april.id, [original]);
    await t.services.inspectionPhotos.storeRenditions(photoId ?? 0, renditions);

    const { stores, read } = countingStores();
    const facts = await gatherReportFacts(stores, bridge.id, APRIL, NOW);
    const drawn = facts.inspections[0]?.photos[0]?.data;
    expect(Buffer.from(drawn ?? []).equals(renditions.reportImage)).toBe(true);
    // The original's bytes are not even read.
    expect(read).toEqual([]);
    const pdf = (await renderReportPdf(facts)).toString('latin1');
    expect(pdf).toMatch(/\/Width 1600\s*\/Height 1200/);
    expect(pdf).not.toContain('/Width 2400');
    expect(pdf.length).toBeLessThan(original.byteLength);
  });

  it('shows at most 4 photos an inspection and 12 in all, and says how many more', async () => {
    const bridge = await t.services.bridges.create({ name: 'Busy Bridge', location: 'River' });
    for (const [day, n] of [
      ['03', 6],
      ['10', 5],
      ['17', 4],
      ['24', 3],
    ] as const) {
      const row = await inspection(bridge.id, `2026-04-${day}`, `Inspector ${day}`);
      await addPhotos(
        row.id,
        Array.from({ length: n }, (_, i) => greyJpeg(8, 8, Number(day) * 100 + i)),
      );
    }
    const { stores, read } = countingStores();
    const facts = await gatherReportFacts(stores, bridge.id, APRIL, NOW);
    expect(facts.inspections.map((i) => [i.photos.length, i.photosLeftOut])).toEqual([
      [4, 2],
      [4, 1],
      [4, 0],
      [0, 3],
    ]);
    expect(read).toHaveLength(REPORT_PHOTOS_IN_ALL);
    expect(REPORT_PHOTOS_PER_INSPECTION).toBe(4);

    const { text, images } = await pdfOf(facts);
    expect(images).toBe(12);
    expect(text).toContain('and 2 more photos (the report shows at most 4 an inspection and 12');
    expect(text).toContain('and 1 more photo (the report shows');
    expect(text).toContain('and 3 more photos (the report shows');
  });

  it('says so when the month has no inspection, or an inspection without photos', async () => {
    const bridge = await t.services.bridges.create({ name: 'Quiet Bridge', location: 'River' });
    await inspection(bridge.id, '2026-05-20', 'M. Other');
    const april = await pdfOf(
      await gatherReportFacts(countingStores().stores, bridge.id, APRIL, NOW),
    );
    expect(april.text).toContain('Inspections No inspection was recorded this month.');
    const may = await pdfOf(await gatherReportFacts(countingStores().stores, bridge.id, MAY, NOW));
    expect(may.text).toContain('2026-05-20 · Routine inspection by M. Other');
    expect(may.text).toContain('No photos.');
    expect(may.images).toBe(0);
  });
});
