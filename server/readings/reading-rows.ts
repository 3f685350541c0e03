import { encodeBlock } from '../codec/block-codec.ts';
import type { Block, StreamBlock } from './block.ts';
import type { BufferPool } from './buffer-pool.ts';
import { CopyEncoder, copyRowBytes as bytes } from './copy-encoder.ts';
import { doublesOfElements } from './float8-elements.ts';

/**
 * The columns of a `readings` row, in the order `readingCopyRows` writes them. A block of a stream
 * that declares a resolution is written `packed` (server/codec/block-codec.ts, decision 052) and
 * leaves `values` NULL; any other block keeps its float array, which PostgreSQL compresses
 * itself once a block is large (decision 052: the exact codec did not beat it on the Munich
 * records, and encoding on the request thread halved the ingest).
 */
export const READING_COLUMNS =
  'datastream_id, start, rate_hz, values, packed, n, v_min, v_max, v_sum';

const ROW_BYTES = bytes.row + 2 * bytes.int4 + bytes.timestamptz + 4 * bytes.float8 + bytes.null;

const doublesOf = (block: Block): Float64Array =>
  block.elements ? doublesOfElements(block.elements) : Float64Array.from(block.values ?? []);

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
  const packed = blocks.map(({ block, resolution }) =>
    resolution == null ? null : encodeBlock(doublesOf(block), resolution),
  );
  let size = 0;
  blocks.forEach(({ block }, index) => {
    const bytesOfBlock = packed[index];
    size +=
      ROW_BYTES +
      (bytesOfBlock ? bytes.bytea(bytesOfBlock.length) : bytes.float8Array(block.stats.count));
  });
  const encoder = new CopyEncoder(size, pool);
  blocks.forEach(({ datastreamId, block }, index) => {
    const { count, min, max, sum } = block.stats;
    encoder.row(9).int4(datastreamId).timestamptz(block.startMs).float8(block.rateHz);
    const bytesOfBlock = packed[index];
    if (bytesOfBlock) encoder.null().bytea(bytesOfBlock);
    else if (block.elements) encoder.float8ArrayOfElements(count, block.elements).null();
    else encoder.float8Array(block.values ?? []).null();
    encoder.int4(count).float8(min).float8(max).float8(sum);
  });
  return encoder.finish();
}
