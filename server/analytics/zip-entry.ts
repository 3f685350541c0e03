import { inflateRawSync } from 'node:zlib';
import { InputError } from './csv-table.ts';

/**
 * The bytes of a zip archive's first file (stored or deflated), read from the central directory
 * so sizes written after the data (bit 3 of the flags) are known. Enough for a logger's export of
 * one CSV; archives of several files, encryption and zip64 are refused.
 */
export function firstZipEntry(zip: Buffer): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) throw new InputError('Not a zip archive');
  const central = zip.readUInt32LE(end + 16);
  if (central + 46 > zip.length || zip.readUInt32LE(central) !== 0x02014b50) {
    throw new InputError('The zip archive has no readable central directory');
  }
  const flags = zip.readUInt16LE(central + 8);
  const method = zip.readUInt16LE(central + 10);
  const compressedSize = zip.readUInt32LE(central + 20);
  const local = zip.readUInt32LE(central + 42);
  if (flags & 1) throw new InputError('The zip archive is encrypted');
  if (compressedSize === 0xffffffff) throw new InputError('zip64 archives are not read');
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) {
    throw new InputError('The zip archive has no readable local header');
  }
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const data = zip.subarray(start, start + compressedSize);
  if (method === 0) return Buffer.from(data);
  if (method === 8) return inflateRawSync(data);
  throw new InputError(`The zip archive's compression method ${method} is not read`);
}
