import type { FastifyReply } from 'fastify';
import { photoFileName } from '../../domain/image-type.ts';
import type { AuditedWrite } from '../audit/audited-handlers.ts';
import { HttpError, notFound } from '../http-error.ts';
import { uploadedChunks } from '../http/upload-body.ts';
import { readPhoto } from '../inspections/photo-upload.ts';
import { lateThumbnail, uploadRenditions } from '../inspections/photo-thumbnails.ts';
import { requireStaff, viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';
import { photoDto } from './inspection-photo-dto.ts';

/** A phone photo resized in the browser is 0.3-2 MB; an unresized one up to about 8 MB. */
export const PHOTO_LIMIT_BYTES = 8 * 1024 * 1024;
export const PHOTOS_PER_INSPECTION = 20;

/** One image answer: its type, a validator and a file name a saved copy keeps. */
function sendImage(
  reply: FastifyReply,
  photoId: number,
  image: { contentType: string; data: Uint8Array },
  etag: string,
): FastifyReply {
  const { data } = image;
  return reply
    .type(image.contentType)
    .header('etag', etag)
    .header(
      'content-disposition',
      `inline; filename="${photoFileName(photoId, image.contentType)}"`,
    )
    .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
}

/** Inspection photos (decision 053): staff add and remove them, whoever sees the bridge reads them. */
export function inspectionPhotosHandlers(
  services: Pick<RouteServices, 'inspections' | 'inspectionPhotos' | 'alerts'>,
  auditedWrite: AuditedWrite,
): Handlers<
  | 'uploadInspectionPhoto'
  | 'getInspectionPhoto'
  | 'getInspectionPhotoThumbnail'
  | 'deleteInspectionPhoto'
> {
  const { inspections, inspectionPhotos, alerts } = services;

  return {
    async uploadInspectionPhoto(request, reply) {
      const viewer = requireStaff(request);
      const inspectionId = request.params.id;
      // Checked before a byte of the body is read.
      if (!(await inspections.findById(inspectionId))) throw notFound('Inspection', inspectionId);
      const chunks = uploadedChunks(request, PHOTO_LIMIT_BYTES, 'send it resized');
      const photo = await readPhoto(chunks);
      const renditions = await uploadRenditions(photo.data);
      const result = await auditedWrite(request, 'uploadInspectionPhoto', () =>
        inspectionPhotos.add(
          { inspectionId, ...photo, createdBy: viewer.id, renditions },
          PHOTOS_PER_INSPECTION,
        ),
      );
      if (result.outcome === 'no-inspection') throw notFound('Inspection', inspectionId);
      if (result.outcome === 'full') {
        throw new HttpError(
          409,
          `photos: inspection ${inspectionId} holds ${PHOTOS_PER_INSPECTION} photos, the most kept`,
        );
      }
      reply.code(result.outcome === 'stored' ? 201 : 200);
      return photoDto(result.photo);
    },

    async getInspectionPhoto(request, reply) {
      const { id } = request.params;
      const photo = await inspectionPhotos.content(id);
      // Another company's photo answers as a missing one, as its bridge does.
      if (!photo || !(await alerts.bridgeIsVisible(viewerOf(request), photo.bridgeId))) {
        throw notFound('Photo', id);
      }
      return sendImage(reply, id, photo, `"${photo.sha256}"`);
    },

    async getInspectionPhotoThumbnail(request, reply) {
      const { id } = request.params;
      const stored = await inspectionPhotos.thumbnail(id);
      if (!stored || !(await alerts.bridgeIsVisible(viewerOf(request), stored.bridgeId))) {
        throw notFound('Photo', id);
      }
      const image = stored.thumbnail
        ? { contentType: 'image/jpeg' as const, data: stored.thumbnail, isThumbnail: true }
        : await lateThumbnail(inspectionPhotos, id);
      if (!image) throw notFound('Photo', id);
      return sendImage(reply, id, image, `"${stored.sha256}${image.isThumbnail ? '-320' : ''}"`);
    },

    async deleteInspectionPhoto(request, reply) {
      requireStaff(request);
      if (!(await inspectionPhotos.remove(request.params.id))) {
        throw notFound('Photo', request.params.id);
      }
      return reply.code(204).send();
    },
  };
}
