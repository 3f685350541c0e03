import { encodeBlock } from '../codec/block-codec.ts';
import type { Block, StreamBlock } from './block.ts';
import type { BufferPool } from './buffer-pool.ts';
import { CopyEncoder, copyRowBytes as bytes } from './copy-encoder.ts';
import { doublesOfElements } from './float8-elements.ts';

/**
 * The columns of a `readings` row, in the order `readingCopyRows` writes them. Blocks are
 * written `packed` (server/codec/block-codec.ts, decision 052); `values` stays NULL for them and
 * holds only the arrays of blocks stored before migration 0030.
 */
export const READING_COLUMNS = 'datastream_id, start, rate_hz, packed, n, v_min, v_max, v_sum';

const ROW_BYTES = bytes.row + 2 * bytes.int4 + bytes.timestamptz + 4 * bytes.float8;

const doublesOf = (block: Block): Float64Array =>
  block.elements ? doublesOfElements(block.elements) : Float64Array.from(block.values ?? []);

/**
 * The blocks as binary COPY rows of `readings`, in one buffer: the database parses no float
 * text, and each block's values go in as the codec's bytes, at the stream's resolution if it
 * declares one. The ingest and the bulk writer of the demo history both store blocks through
 * this one encoder. With `pool`, the rows' buffer is taken from it, and its holder gives it back.
 */
export function readingCopyRows(
  blocks: readonly StreamBlock[],
  pool?: BufferPool,
): Uint8Array<ArrayBuffer> {
  const packed = blocks.map(({ block, resolution }) =>
    encodeBlock(doublesOf(block), resolution ?? null),
  );
  let size = 0;
  for (const bytesOfBlock of packed) size += ROW_BYTES + bytes.bytea(bytesOfBlock.length);
  const encoder = new CopyEncoder(size, pool);
  blocks.forEach(({ datastreamId, block }, index) => {
    const { count, min, max, sum } = block.stats;
    encoder.row(8).int4(datastreamId).timestamptz(block.startMs).float8(block.rateHz);
    encoder.bytea(packed[index] as Uint8Array);
    encoder.int4(count).float8(min).float8(max).float8(sum);
  });
  return encoder.finish();
}
