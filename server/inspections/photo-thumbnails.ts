import type { PhotoType } from '../../domain/image-type.ts';
import { HttpError } from '../http-error.ts';
import type {
  InspectionPhotosRepository,
  PhotoRenditions,
} from './inspection-photos-repository.ts';
import { declaredSize, isTooLarge, makeRenditions, MAX_PHOTO_PIXELS } from './photo-renditions.ts';

/**
 * The renditions, or null when none can be made now: bytes no decoder opens, or the queue
 * full. Either way the photo itself is still kept or served, as before thumbnails existed.
 */
async function renditionsOrNull(data: Uint8Array): Promise<PhotoRenditions | null> {
  try {
    return await makeRenditions(data);
  } catch {
    return null;
  }
}

/**
 * The renditions of an uploaded photo. A photo whose header declares more pixels than
 * MAX_PHOTO_PIXELS is refused (413 naming `body`) before it is decoded. Bytes that open like an
 * image but do not decode are stored without renditions, as they were stored before (decision
 * 053: the type is read from the magic number; the report lists them as not readable).
 */
export async function uploadRenditions(data: Uint8Array): Promise<PhotoRenditions | null> {
  const size = await declaredSize(data);
  if (size === null) return null;
  if (isTooLarge(size)) {
    throw new HttpError(
      413,
      `body: the image declares ${size.width} × ${size.height} pixels, more than the ` +
        `${MAX_PHOTO_PIXELS / 1_000_000} million a photo may have; send it resized`,
    );
  }
  return renditionsOrNull(data);
}

export interface ServedImage {
  contentType: PhotoType;
  data: Uint8Array;
  /** True when it is the thumbnail, false when the original stands in for it. */
  isThumbnail: boolean;
}

/**
 * The thumbnail of a photo stored without one (before migration 0037, or when the queue was
 * full): made now, from the original, and kept, so only the first request pays for it. When
 * none can be made the original is served instead, as the list showed it before. Undefined
 * when the photo has gone.
 */
export async function lateThumbnail(
  photos: InspectionPhotosRepository,
  id: number,
): Promise<ServedImage | undefined> {
  const original = await photos.content(id);
  if (!original) return undefined;
  // makeRenditions refuses an oversized header itself (limitInputPixels), before decoding.
  const renditions = await renditionsOrNull(original.data);
  if (!renditions) {
    return {
      contentType: original.contentType as PhotoType,
      data: original.data,
      isThumbnail: false,
    };
  }
  await photos.storeRenditions(id, renditions);
  return { contentType: 'image/jpeg', data: renditions.thumbnail, isThumbnail: true };
}
