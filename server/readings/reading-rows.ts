import type { StreamBlock } from './block.ts';
import type { BufferPool } from './buffer-pool.ts';
import { CopyEncoder, copyRowBytes as bytes } from './copy-encoder.ts';

/** The columns of a `readings` row, in the order `readingCopyRows` writes them. */
export const READING_COLUMNS = 'datastream_id, start, rate_hz, values, n, v_min, v_max, v_sum';

const ROW_BYTES = bytes.row + 2 * bytes.int4 + bytes.timestamptz + 4 * bytes.float8;

/**
 * The blocks as binary COPY rows of `readings`, in one buffer: the database parses no float
 * text, and values that the bulk reader already encoded are copied in as they are. The ingest
 * and the bulk writer of the demo history both store blocks through this one encoder. With
 * `pool`, the rows' buffer is taken from it, and its holder gives it back.
 */
export function readingCopyRows(
  blocks: readonly StreamBlock[],
  pool?: BufferPool,
): Uint8Array<ArrayBuffer> {
  let size = 0;
  for (const { block } of blocks) size += ROW_BYTES + bytes.float8Array(block.stats.count);
  const encoder = new CopyEncoder(size, pool);
  for (const { datastreamId, block } of blocks) {
    const { count, min, max, sum } = block.stats;
    encoder.row(8).int4(datastreamId).timestamptz(block.startMs).float8(block.rateHz);
    if (block.elements) encoder.float8ArrayOfElements(count, block.elements);
    else encoder.float8Array(block.values ?? []);
    encoder.int4(count).float8(min).float8(max).float8(sum);
  }
  return encoder.finish();
}
