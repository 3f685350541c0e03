/**
 * Small byte strings that open like real images (their magic numbers), for the photo upload
 * tests; `seed` makes each one's bytes, and so its SHA-256, different.
 */
export function jpegBytes(seed = 0, size = 64): Buffer {
  const head = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];
  const bytes = Buffer.alloc(Math.max(size, head.length + 6));
  bytes.set(head);
  bytes.writeUInt32BE(seed >>> 0, head.length);
  bytes.set([0xff, 0xd9], bytes.length - 2);
  return bytes;
}

export function pngBytes(seed = 0): Buffer {
  return Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, seed % 256]);
}

export function webpBytes(seed = 0): Buffer {
  return Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([24, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.from([seed % 256]),
  ]);
}
