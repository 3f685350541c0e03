import type { Sharp, SharpOptions } from 'sharp';
import { createWorkQueue } from '../threads/work-queue.ts';

/** Longest side of a photo in a list (decision 053, Thumbnails): 3 × the 106 px the SPA draws. */
export const THUMBNAIL_SIDE = 320;
/**
 * Longest side of a photo in the monthly report: the PDF draws it into a 158 × 110 pt cell, but
 * a reader zooms in on a crack; 1600 px keeps that readable at 10× the cell.
 */
export const REPORT_IMAGE_SIDE = 1600;
const REPORT_IMAGE_QUALITY = 80;
const THUMBNAIL_QUALITY = 75;
/**
 * The most pixels a photo may declare: a 50 MP phone camera (8160 × 6120) fits. Decoding is
 * what costs memory (3 bytes a pixel), not the upload's 8 MiB, so a few hundred bytes can
 * declare gigapixels; this is checked on the header before any decode.
 */
export const MAX_PHOTO_PIXELS = 64_000_000;

/**
 * sharp decodes on libuv's thread pool, off the event loop; two photos at a time leave that
 * pool's other two threads to the file system and crypto, and bound the decoded pixels held
 * at once. More wait; a full queue makes no renditions now (they are made on a later request).
 */
const renditionQueue = createWorkQueue({ concurrency: 2, maxWaiting: 8 });

type SharpFactory = (input: Uint8Array, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;
/**
 * sharp and libvips are loaded at the first photo, not at start: they add about 19 MB of
 * resident memory that a server receiving no photos never needs (bench:abuse's peak went from
 * 456 to 488 MB of its 500 MB goal with them loaded at start).
 */
function sharpOf(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips' own cache would keep decoded photos after their request; each is used once.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

export interface Renditions {
  thumbnail: Buffer;
  reportImage: Buffer;
}

export type PixelSize = { width: number; height: number };

/** The size the image's header declares, without decoding it; null when no decoder opens it. */
export async function declaredSize(data: Uint8Array): Promise<PixelSize | null> {
  // Outside the try: a missing library is an outage, not a photo that does not open.
  const sharp = await sharpOf();
  try {
    const { width, height } = await sharp(data, { limitInputPixels: false }).metadata();
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

export const isTooLarge = (size: PixelSize) => size.width * size.height > MAX_PHOTO_PIXELS;

/**
 * The report-size JPEG and the thumbnail, both turned upright by the photo's EXIF orientation
 * and without its metadata (sharp copies none unless asked, so GPS never leaves in them).
 * Throws when the bytes do not decode or declare more than MAX_PHOTO_PIXELS, and QueueFull
 * when too many photos wait.
 */
export function makeRenditions(data: Uint8Array): Promise<Renditions> {
  return renditionQueue.run(async () => {
    const sharp = await sharpOf();
    const reportImage = await sharp(data, { limitInputPixels: MAX_PHOTO_PIXELS })
      .rotate()
      .resize(REPORT_IMAGE_SIDE, REPORT_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      // A PNG's or WebP's transparency becomes the page's white, not JPEG's black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: REPORT_IMAGE_QUALITY })
      .toBuffer();
    // From the report image, not the original: a quarter of the pixels or fewer to decode again.
    const thumbnail = await sharp(reportImage)
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: THUMBNAIL_QUALITY })
      .toBuffer();
    return { thumbnail, reportImage };
  });
}
