import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { inspectionPhotos, inspections, users } from '../db/schema.ts';
import type { PhotoType } from '../../domain/image-type.ts';
import { writeAuditEntry } from '../audit/audit-entry.ts';
import { type AuditedPhoto, photoAuditFields } from './photo-audit.ts';

/** What is said about a photo without its bytes. */
export interface PhotoMeta {
  id: number;
  inspectionId: number;
  contentType: PhotoType;
  sizeBytes: number;
  sha256: string;
  takenBy: string | null;
  createdAt: Date;
}

export interface NewPhoto {
  inspectionId: number;
  contentType: PhotoType;
  sha256: string;
  data: Uint8Array;
  createdBy: number;
  /** Null when they could not be made now (made on the first thumbnail request instead). */
  renditions: PhotoRenditions | null;
}

export interface PhotoRenditions {
  thumbnail: Uint8Array;
  reportImage: Uint8Array;
}

/** The photo stored, whether it was stored before (same bytes), or why it was not. */
export type AddPhotoResult =
  | { outcome: 'stored' | 'existing'; photo: PhotoMeta }
  | { outcome: 'full' }
  | { outcome: 'no-inspection' };

const metaColumns = {
  id: inspectionPhotos.id,
  inspectionId: inspectionPhotos.inspectionId,
  contentType: inspectionPhotos.contentType,
  sizeBytes: inspectionPhotos.sizeBytes,
  sha256: inspectionPhotos.sha256,
  takenBy: users.username,
  createdAt: inspectionPhotos.createdAt,
};

const asMeta = (row: Omit<PhotoMeta, 'contentType'> & { contentType: string }): PhotoMeta => ({
  ...row,
  contentType: row.contentType as PhotoType,
});

/** A photo's audit entry, as an entry of its inspection's bridge like the inspection's own. */
async function auditPhoto(
  db: Pick<Db, 'select' | 'execute'>,
  action: 'create' | 'delete',
  photo: AuditedPhoto,
) {
  const [bridge] = await db
    .select({ id: inspections.bridgeId })
    .from(inspections)
    .where(eq(inspections.id, photo.inspectionId));
  await writeAuditEntry(db, {
    action,
    objectType: 'bridge',
    objectId: String(bridge?.id ?? ''),
    record: 'inspection_photos',
    fields: photoAuditFields(photo),
  });
}

/** Inspection photos: bytes in PostgreSQL beside their inspection (decision 053). */
export function createInspectionPhotosRepository(db: Db) {
  const metaQuery = () =>
    db
      .select(metaColumns)
      .from(inspectionPhotos)
      .leftJoin(users, eq(users.id, inspectionPhotos.createdBy));

  /** One photo's `fields` with its SHA-256 and its inspection's bridge. */
  async function withBridge<F extends SelectedFields>(id: number, fields: F) {
    const [row] = await db
      .select({ ...fields, sha256: inspectionPhotos.sha256, bridgeId: inspections.bridgeId })
      .from(inspectionPhotos)
      .innerJoin(inspections, eq(inspections.id, inspectionPhotos.inspectionId))
      .where(eq(inspectionPhotos.id, id));
    return row;
  }

  return {
    /** The photos of each inspection, oldest first; no bytes are read. */
    async metaByInspection(inspectionIds: readonly number[]): Promise<Map<number, PhotoMeta[]>> {
      const byInspection = new Map<number, PhotoMeta[]>();
      if (inspectionIds.length === 0) return byInspection;
      const rows = await metaQuery()
        .where(inArray(inspectionPhotos.inspectionId, [...inspectionIds]))
        .orderBy(asc(inspectionPhotos.id));
      for (const row of rows) {
        const list = byInspection.get(row.inspectionId) ?? [];
        list.push(asMeta(row));
        byInspection.set(row.inspectionId, list);
      }
      return byInspection;
    },

    /**
     * Stores the photo unless the inspection holds `maxCount` already. The inspection's row is
     * locked for the count, so two uploads at once cannot both take the last place.
     */
    add(photo: NewPhoto, maxCount: number): Promise<AddPhotoResult> {
      return db.transaction(async (tx): Promise<AddPhotoResult> => {
        const [owner] = await tx
          .select({ id: inspections.id })
          .from(inspections)
          .where(eq(inspections.id, photo.inspectionId))
          .for('update');
        if (!owner) return { outcome: 'no-inspection' };
        const same = and(
          eq(inspectionPhotos.inspectionId, photo.inspectionId),
          eq(inspectionPhotos.sha256, photo.sha256),
        );
        const [existing] = await tx
          .select(metaColumns)
          .from(inspectionPhotos)
          .leftJoin(users, eq(users.id, inspectionPhotos.createdBy))
          .where(same);
        if (existing) return { outcome: 'existing', photo: asMeta(existing) };
        const [counted] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(inspectionPhotos)
          .where(eq(inspectionPhotos.inspectionId, photo.inspectionId));
        if (Number(counted?.n ?? 0) >= maxCount) return { outcome: 'full' };
        const [row] = await tx
          .insert(inspectionPhotos)
          .values({
            inspectionId: photo.inspectionId,
            contentType: photo.contentType,
            sha256: photo.sha256,
            data: photo.data,
            createdBy: photo.createdBy,
            sizeBytes: photo.data.byteLength,
            thumbnail: photo.renditions?.thumbnail ?? null,
            reportImage: photo.renditions?.reportImage ?? null,
          })
          .returning({ id: inspectionPhotos.id });
        if (!row) throw new Error('insert into inspection_photos returned no row');
        const [stored] = await tx
          .select(metaColumns)
          .from(inspectionPhotos)
          .leftJoin(users, eq(users.id, inspectionPhotos.createdBy))
          .where(eq(inspectionPhotos.id, row.id));
        if (!stored) throw new Error('a stored photo was not found in its transaction');
        await auditPhoto(tx, 'create', { ...stored, createdBy: photo.createdBy });
        return { outcome: 'stored', photo: asMeta(stored) };
      });
    },

    /** The photo's bytes with its type and the bridge it belongs to (for the viewer check). */
    content: (id: number) =>
      withBridge(id, { contentType: inspectionPhotos.contentType, data: inspectionPhotos.data }),

    /** The stored thumbnail (null until made) with what the viewer check and ETag need. */
    thumbnail: (id: number) => withBridge(id, { thumbnail: inspectionPhotos.thumbnail }),

    /** The report-size image, null until made; undefined when there is no such photo. */
    async reportImage(id: number): Promise<Uint8Array | null | undefined> {
      const [row] = await db
        .select({ reportImage: inspectionPhotos.reportImage })
        .from(inspectionPhotos)
        .where(eq(inspectionPhotos.id, id));
      return row?.reportImage;
    },

    /** Keeps renditions made after the upload; the first made stays if two requests race. */
    async storeRenditions(id: number, renditions: PhotoRenditions): Promise<void> {
      await db
        .update(inspectionPhotos)
        .set({ thumbnail: renditions.thumbnail, reportImage: renditions.reportImage })
        .where(and(eq(inspectionPhotos.id, id), isNull(inspectionPhotos.thumbnail)));
    },

    /**
     * Removes the photo and writes its audit entry (what it was, never its bytes) in the same
     * transaction; false when there is no such photo, and then no entry.
     */
    async remove(id: number): Promise<boolean> {
      const [removed] = await db
        .delete(inspectionPhotos)
        .where(eq(inspectionPhotos.id, id))
        .returning({
          id: inspectionPhotos.id,
          inspectionId: inspectionPhotos.inspectionId,
          contentType: inspectionPhotos.contentType,
          sizeBytes: inspectionPhotos.sizeBytes,
          sha256: inspectionPhotos.sha256,
          createdBy: inspectionPhotos.createdBy,
          createdAt: inspectionPhotos.createdAt,
        });
      if (!removed) return false;
      await auditPhoto(db, 'delete', removed);
      return true;
    },
  };
}

export type InspectionPhotosRepository = ReturnType<typeof createInspectionPhotosRepository>;
