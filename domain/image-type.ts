/**
 * An image's type read from its first bytes (its "magic number"), never from what the client
 * calls it: a file named photo.jpg or sent as image/jpeg may be anything (decision 053).
 */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The bytes a header needs before its type can be told: WebP's is the longest (12). */
export const SNIFF_BYTES = 12;

export function photoTypeOf(bytes: Uint8Array): PhotoType | null {
  // JPEG: SOI then the first marker's 0xFF (JFIF, Exif and raw JPEG alike).
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // WebP: a RIFF container whose form type is WEBP.
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

const EXTENSIONS: Readonly<Record<PhotoType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The name a stored photo goes by: the one it is downloaded under, in its audit entries and
 * in the monthly report. The phone's own file name is not kept (the upload is bare bytes).
 */
export function photoFileName(id: number, contentType: string): string {
  const extension = EXTENSIONS[contentType as PhotoType] ?? 'bin';
  return `inspection-photo-${id}.${extension}`;
}
