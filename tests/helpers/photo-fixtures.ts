import { crc32, deflateSync } from 'node:zlib';

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

const segment = (marker: number, body: number[]) => [
  0xff,
  marker,
  (body.length + 2) >> 8,
  (body.length + 2) & 0xff,
  ...body,
];

/** A Huffman table of one symbol, whose code is the single bit 0. */
const oneSymbolTable = (classAndId: number) => [
  classAndId,
  1,
  ...new Array<number>(15).fill(0),
  0x00,
];

/**
 * A real baseline JPEG any decoder opens: a grey picture of `width` × `height` pixels (multiples
 * of 8). Each 8×8 block is a zero DC difference and an end of block, one bit each, so the scan is
 * two bits a block; `seed` goes into a comment, to make each one's bytes different.
 */
export function greyJpeg(width = 16, height = 8, seed = 0): Buffer {
  const blocks = (width / 8) * (height / 8);
  const scan = Buffer.alloc(Math.ceil((2 * blocks) / 8));
  // All blocks' bits are 0; the padding after the last block is 1s.
  for (let bit = 2 * blocks; bit < scan.length * 8; bit++) {
    scan[bit >> 3] = (scan[bit >> 3] ?? 0) | (0x80 >> (bit & 7));
  }
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xfe, [...Buffer.from(`seed ${seed}`)]),
    ...segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneSymbolTable(0x00)),
    ...segment(0xc4, oneSymbolTable(0x10)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ]);
}

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG of one colour (8-bit RGB), `seed` setting its red. */
export function flatPng(width = 12, height = 9, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0)]);
  for (let x = 0; x < width; x++) row.set([seed % 256, 120, 60], 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(new Array<Buffer>(height).fill(row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A decompression bomb: a PNG of a few dozen bytes whose header declares `width` × `height`
 * pixels (100 000² would be 30 GB decoded); its data is too short to ever fill them.
 */
export function declaredHugePng(width = 100_000, height = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
