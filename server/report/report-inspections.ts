import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import { photoFileName } from '../../domain/image-type.ts';
import type { Db } from '../db/client.ts';
import { inspections } from '../db/schema.ts';
import type {
  InspectionPhotosRepository,
  PhotoMeta,
} from '../inspections/inspection-photos-repository.ts';
import type { InspectionRow } from '../inspections/inspections-repository.ts';
import type { InspectionFact, InspectionPhotoFact } from './report-facts.ts';
import type { ReportMonth } from './report-month.ts';

/**
 * The report's bounds on photos (decision 053): a few per inspection and a dozen in all keep
 * the PDF a document to read and send by email, and bound what the report's thread holds.
 */
export const REPORT_PHOTOS_PER_INSPECTION = 4;
export const REPORT_PHOTOS_IN_ALL = 12;
/**
 * The photos' bytes held for one report at most. A photo resized on the phone is well under
 * 2 MB, so this is reached only by photos sent unresized (up to 8 MiB each).
 */
export const REPORT_PHOTO_BYTES = 24 * 1024 * 1024;
/** A month holds a handful of inspections in practice; the bound keeps the PDF finite. */
const MAX_INSPECTIONS = 50;

/** The formats pdfkit draws: JPEG as it is, PNG decoded; anything else is listed, not drawn. */
const DRAWN_TYPES = new Set(['image/jpeg', 'image/png']);

const KIND_WORDS: Readonly<Record<string, string>> = {
  routine: 'Routine',
  in_depth: 'In-depth',
  underwater: 'Underwater',
  special: 'Special',
};

const ratingText = (row: InspectionRow): string => {
  if (row.ratingScale === 'BCI') return `BCI ${row.bci ?? 'not rated'}`;
  const nbi = (value: number | null) => (value === null ? 'not rated' : String(value));
  return (
    `NBI ratings: deck ${nbi(row.deckRating)}, superstructure ${nbi(row.superstructureRating)}, ` +
    `substructure ${nbi(row.substructureRating)}`
  );
};

/** The month's first day and the next month's, as the inspection dates are stored. */
const monthDays = (month: ReportMonth) => ({
  first: new Date(month.startMs).toISOString().slice(0, 10),
  next: new Date(month.endMs).toISOString().slice(0, 10),
});

export interface InspectionStores {
  db: Db;
  inspectionPhotos: InspectionPhotosRepository;
}

/**
 * The month's inspections with the photos the report shows. Which photos are shown is chosen
 * from their metadata alone; then only those are read, one at a time, so a bridge with many
 * photos costs the report no more than its bounds.
 */
export async function inspectionFacts(
  stores: InspectionStores,
  bridgeId: number,
  month: ReportMonth,
): Promise<{ inspections: InspectionFact[]; inspectionsLeftOut: number }> {
  const { db, inspectionPhotos } = stores;
  const { first, next } = monthDays(month);
  const inMonth = and(
    eq(inspections.bridgeId, bridgeId),
    gte(inspections.inspectedOn, first),
    lt(inspections.inspectedOn, next),
  );
  const rows = await db
    .select()
    .from(inspections)
    .where(inMonth)
    .orderBy(asc(inspections.inspectedOn), asc(inspections.id))
    .limit(MAX_INSPECTIONS);
  const [counted] = await db.select({ total: count() }).from(inspections).where(inMonth);
  const photos = await inspectionPhotos.metaByInspection(rows.map((row) => row.id));
  const budget = { photos: REPORT_PHOTOS_IN_ALL, bytes: REPORT_PHOTO_BYTES };
  const facts: InspectionFact[] = [];
  for (const row of rows) {
    const all = photos.get(row.id) ?? [];
    const shown = all.slice(0, Math.min(REPORT_PHOTOS_PER_INSPECTION, budget.photos));
    budget.photos -= shown.length;
    const photoFacts: InspectionPhotoFact[] = [];
    for (const photo of shown) photoFacts.push(await photoFact(inspectionPhotos, photo, budget));
    facts.push({
      inspectedOn: row.inspectedOn,
      kind: KIND_WORDS[row.kind] ?? row.kind,
      inspector: row.inspector,
      rating: ratingText(row),
      findings: row.findings,
      photos: photoFacts,
      photosLeftOut: all.length - shown.length,
    });
  }
  return { inspections: facts, inspectionsLeftOut: (counted?.total ?? rows.length) - rows.length };
}

async function photoFact(
  inspectionPhotos: InspectionPhotosRepository,
  photo: PhotoMeta,
  budget: { bytes: number },
): Promise<InspectionPhotoFact> {
  const listed = {
    fileName: photoFileName(photo.id, photo.contentType),
    contentType: photo.contentType,
    sizeBytes: photo.sizeBytes,
  };
  const removed = { ...listed, data: null, note: 'removed while the report was made' };
  // The report-size JPEG made on upload (decision 053, Thumbnails): a fraction of the original's
  // bytes, in a WebP's place too. Read before the original, which is read only without one.
  const reduced = await inspectionPhotos.reportImage(photo.id);
  if (reduced === undefined) return removed;
  if (reduced !== null && reduced.byteLength <= budget.bytes) {
    budget.bytes -= reduced.byteLength;
    return { ...listed, data: reduced, note: null };
  }
  if (!DRAWN_TYPES.has(photo.contentType)) {
    return { ...listed, data: null, note: 'only JPEG and PNG photos are drawn in the PDF' };
  }
  if (photo.sizeBytes > budget.bytes) {
    return { ...listed, data: null, note: 'too large for this report (see it in SpanWatch)' };
  }
  const content = await inspectionPhotos.content(photo.id);
  // Removed since its metadata was read.
  if (!content) return removed;
  budget.bytes -= photo.sizeBytes;
  return { ...listed, data: content.data, note: null };
}
