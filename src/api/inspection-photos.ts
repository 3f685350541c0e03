/**
 * Inspection photos (decision 053): bytes sent as they are (the server reads their type from
 * them), and read back as blobs through the one client so its token refresh applies.
 */
import type { components } from '../../openapi/schema';
import type { ApiClient } from './client';
import { answerOf, completed } from './answer';

export type InspectionPhoto = components['schemas']['InspectionPhoto'];

export function uploadInspectionPhoto(
  api: ApiClient,
  inspectionId: number,
  photo: Blob,
): Promise<InspectionPhoto> {
  return answerOf(
    api.POST('/api/v1/inspections/{id}/photos', {
      params: { path: { id: inspectionId } },
      body: '',
      bodySerializer: () => photo,
      headers: { 'Content-Type': 'application/octet-stream' },
    }),
    'The photo could not be sent',
  );
}

/**
 * The answer's body, present only on a 2xx. Not `instanceof Blob`: the fetch's Blob and the
 * page's may be different classes (they are under jsdom), and both are shown the same way.
 */
function blobOf(data: Blob | undefined, failure: string): Blob {
  if (data === undefined) throw new Error(failure);
  return data;
}

export async function getInspectionPhoto(api: ApiClient, photoId: number): Promise<Blob> {
  const answer = await api.GET('/api/v1/inspection-photos/{id}', {
    params: { path: { id: photoId } },
    parseAs: 'blob',
  });
  return blobOf(answer.data, 'The photo could not be loaded');
}

/** The photo as a JPEG of at most 320 px (the original when the server can make none). */
export async function getInspectionPhotoThumbnail(api: ApiClient, photoId: number): Promise<Blob> {
  const answer = await api.GET('/api/v1/inspection-photos/{id}/thumbnail', {
    params: { path: { id: photoId } },
    parseAs: 'blob',
  });
  return blobOf(answer.data, 'The thumbnail could not be loaded');
}

export async function deleteInspectionPhoto(api: ApiClient, photoId: number): Promise<void> {
  await completed(
    api.DELETE('/api/v1/inspection-photos/{id}', { params: { path: { id: photoId } } }),
    'The photo could not be removed',
  );
}
