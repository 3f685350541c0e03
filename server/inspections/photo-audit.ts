import { photoFileName } from '../../domain/image-type.ts';

/** A stored photo as its audit entry describes it. */
export interface AuditedPhoto {
  id: number;
  inspectionId: number;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  createdBy: number | null;
  createdAt: Date;
}

/**
 * The fields of a photo's audit entry (decision 053): what it was, under the names of its
 * columns as the triggers write them, and the file name it is downloaded under; never its bytes.
 */
export function photoAuditFields(photo: AuditedPhoto): Record<string, string | number | null> {
  return {
    id: photo.id,
    inspection_id: photo.inspectionId,
    file_name: photoFileName(photo.id, photo.contentType),
    content_type: photo.contentType,
    size_bytes: photo.sizeBytes,
    sha256: photo.sha256,
    created_by: photo.createdBy,
    created_at: photo.createdAt.toISOString(),
  };
}
