/**
 * A camera photo made smaller on the phone before it is stored or sent (decision 053): a 12 MP
 * photo of 3-6 MB becomes a JPEG of about 0.3-1 MB whose longest side is 2048 px, enough to read
 * a crack's width against a gauge card, and quick to send over a weak connection.
 */
export const LONGEST_SIDE_PX = 2048;
const JPEG_QUALITY = 0.85;

function encoded(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/** The photo as a JPEG within the size; the file as it is where the browser cannot draw it. */
export async function resizePhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    // Turned as the camera's orientation tag says, since the re-encoded JPEG has no tags.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // A type this browser cannot decode: the server says whether it takes it.
  }
  const scale = Math.min(1, LONGEST_SIDE_PX / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const jpeg = await encoded(canvas);
  // A small photo re-encoded may come out larger: then the original is kept.
  if (!jpeg || (scale === 1 && jpeg.size >= file.size)) return file;
  return jpeg;
}
