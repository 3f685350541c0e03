import type { PhotoMeta } from '../inspections/inspection-photos-repository.ts';
import type { Schemas } from '../contract-types.ts';

export function photoDto(photo: PhotoMeta): Schemas['InspectionPhoto'] {
  return {
    id: photo.id,
    inspection: photo.inspectionId,
    content_type: photo.contentType,
    size_bytes: photo.sizeBytes,
    sha256: photo.sha256,
    taken_by: photo.takenBy,
    created_at: photo.createdAt.toISOString(),
  };
}
