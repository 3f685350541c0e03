/**
 * A logger file on disk as a stream of bytes. Loggers' downloads often come zipped (the Munich
 * records do): a zip's entry is read through a streaming inflate from its place in the archive,
 * found by the central directory, so the archive is never read whole either.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { ImportRefused } from './import-refused.ts';

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeader: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

async function readAt(path: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function zipEntries(path: string, size: number): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, size - 65_557);
  const tail = await readAt(path, tailStart, size - tailStart);
  let end = -1;
  for (let i = tail.length - 22; i >= 0 && end < 0; i -= 1) {
    if (tail.readUInt32LE(i) === END_OF_DIRECTORY) end = i;
  }
  if (end < 0) throw new ImportRefused('The zip archive has no central directory');
  const count = tail.readUInt16LE(end + 10);
  const directory = await readAt(path, tail.readUInt32LE(end + 16), tail.readUInt32LE(end + 12));
  const entries: ZipEntry[] = [];
  for (let at = 0, i = 0; i < count; i += 1) {
    if (directory.readUInt32LE(at) !== DIRECTORY_ENTRY) break;
    const nameLength = directory.readUInt16LE(at + 28);
    if (directory.readUInt16LE(at + 8) & 1) throw new ImportRefused('The zip archive is encrypted');
    entries.push({
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localHeader: directory.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return entries;
}

async function entryStream(path: string, entry: ZipEntry): Promise<AsyncIterable<Uint8Array>> {
  const local = await readAt(path, entry.localHeader, 30);
  if (local.readUInt32LE(0) !== LOCAL_HEADER) throw new ImportRefused('The zip archive is damaged');
  const start = entry.localHeader + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (entry.compressedSize === 0xffffffff) throw new ImportRefused('zip64 archives are not read');
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw new ImportRefused(`zip compression ${entry.method} is not read`);
  return raw.pipe(createInflateRaw());
}

/**
 * The bytes of `path`, or of one file in it when it is a zip archive: `entry` names it, needed
 * only when the archive holds several (the refusal lists them).
 */
export async function openLoggerFile(
  path: string,
  entry?: string,
): Promise<{ chunks: AsyncIterable<Uint8Array>; size: number; name: string }> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  await handle.close();
  const magic = await readAt(path, 0, 4);
  if (magic.length < 4 || magic.readUInt32LE(0) !== LOCAL_HEADER) {
    return { chunks: createReadStream(path), size, name: path };
  }
  const entries = (await zipEntries(path, size)).filter((e) => !e.name.endsWith('/'));
  const chosen =
    entry === undefined && entries.length === 1
      ? entries[0]
      : entries.find((e) => e.name === entry);
  if (!chosen) {
    const names = entries.map((e) => `'${e.name}'`).join(', ');
    throw new ImportRefused(
      `Name the file to import in the zip archive (--entry); it holds ${names}`,
    );
  }
  return {
    chunks: await entryStream(path, chosen),
    size: chosen.size,
    name: chosen.name,
  };
}
