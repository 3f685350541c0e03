import { createHash } from 'node:crypto';
import { type PhotoType, photoTypeOf, SNIFF_BYTES } from '../../domain/image-type.ts';
import { HttpError } from '../http-error.ts';

export interface ReadPhoto {
  contentType: PhotoType;
  sha256: string;
  data: Uint8Array;
}

const NOT_AN_IMAGE = 'body: not a JPEG, PNG or WebP image (read from its first bytes)';

/**
 * Reads an uploaded photo (chunks already bounded in size by the caller), refusing it as soon
 * as its first bytes show it is not an image. The hash is taken chunk by chunk as the bytes
 * arrive, so no single step holds the event loop for the whole file.
 */
export async function readPhoto(chunks: AsyncIterable<Uint8Array>): Promise<ReadPhoto> {
  const hash = createHash('sha256');
  const parts: Buffer[] = [];
  let length = 0;
  let contentType: PhotoType | null = null;
  for await (const chunk of chunks) {
    const part = Buffer.from(chunk);
    parts.push(part);
    length += part.byteLength;
    hash.update(part);
    if (contentType === null && length >= SNIFF_BYTES) {
      contentType = photoTypeOf(Buffer.concat(parts, length));
      if (contentType === null) throw new HttpError(415, NOT_AN_IMAGE);
    }
  }
  if (length === 0) throw new HttpError(400, 'body: the photo is empty');
  const data = Buffer.concat(parts, length);
  contentType ??= photoTypeOf(data);
  if (contentType === null) throw new HttpError(415, NOT_AN_IMAGE);
  return { contentType, sha256: hash.digest('hex'), data };
}
