/**
 * A resend of samples already stored inside a longer stored block (issue 34, gateway blocks).
 * The ingest finds a resent block by its key (stream, start), but once a closed window's small
 * blocks are joined (join-small-blocks.ts) only the first keeps its key: the others' samples lie
 * inside the joined row (marked `joined`). So a block whose first sample falls on a sample of a
 * joined block is judged as a block with a taken key is: a duplicate when its samples are the
 * stored ones (at the stream's resolution), a conflict otherwise, and in neither case stored.
 * Blocks that overlap other stored blocks are stored as they were before joining existed.
 *
 * Only blocks starting more than RESEND_CHECK_AFTER_MS ago are looked up, so a gateway's live
 * messages pay nothing; the joiner leaves a window JOIN_AFTER_MS after it closed, well past that.
 * The lookup and a join of the same stream never interleave: the ingest holds the stream's
 * advisory lock shared, a join exclusively (JOIN_LOCK_SPACE), so a resend is judged against the
 * small rows or against the joined one, never between the two. The join also sets the stream's
 * `joined_from` (its earliest joined row's start), read by the ingest under the same lock: a
 * stream never joined, or a block starting before that, is not looked up in readings at all.
 */
import { decodeBlock, encodeBlock } from '../codec/block-codec.ts';
import { intArray, timeArray } from '../db/pg-arrays.ts';
import { type Exec, inlineLiteral } from '../db/sql-runner.ts';
import { StreamKeyed } from './stream-keyed.ts';
import { type StreamBlock, valuesOf } from './block.ts';
import { MAX_BLOCK_SECONDS } from './block-limits.ts';
import { sampleTimeMs } from './rollups.ts';

/** Blocks starting at least this long ago may meet a joined block. */
export const RESEND_CHECK_AFTER_MS = 60_000;
/** First key of the two-int advisory locks that serialise a stream's joins with its resends. */
export const JOIN_LOCK_SPACE = 7_340_034;

/** A resend's verdict: a duplicate, or a conflict said in words (the sample it differs at). */
export type Judgement = 'duplicate' | { conflict: string };

/** A stored block holding a block's first sample, and where in it. */
export interface StoredAround {
  /** Position of the block in the batch. */
  i: number;
  /** The block's start after the stored block's, in microseconds. */
  offset_us: number | string;
  rate_hz: number;
  n: number;
  values: number[] | null;
  packed: Uint8Array | null;
}

/** The stored samples' values, or null when the stored block is damaged. */
function storedOf(row: StoredAround): Float64Array | null {
  try {
    return row.packed ? decodeBlock(row.packed) : Float64Array.from(row.values ?? []);
  } catch {
    return null;
  }
}

/**
 * Whether `block` resends the stored samples from its start on: null when its start is no
 * stored sample's time (other times: not a resend), else a duplicate or a conflict naming the
 * time of the block's first sample that cannot be stored (not the stored block's start).
 */
export function judgeAgainstStored(
  { block, resolution }: StreamBlock,
  row: StoredAround,
): Judgement | null {
  const periodUs = 1e6 / row.rate_hz;
  const offsetUs = Number(row.offset_us);
  const position = Math.round(offsetUs / periodUs);
  if (Math.abs(offsetUs - position * periodUs) > 1) return null;
  const at = (k: number) => new Date(sampleTimeMs(block, k)).toISOString();
  const of = `'${block.streamId}'`;
  const single = block.rateHz === 0 && block.stats.count === 1;
  if (!single && block.rateHz !== row.rate_hz) {
    return { conflict: `the samples of ${of} from ${at(0)} are stored at ${row.rate_hz} Hz` };
  }
  if (position + block.stats.count > row.n) {
    return { conflict: `the sample of ${of} at ${at(row.n - position)} is past a stored block` };
  }
  const stored = storedOf(row);
  if (stored === null) {
    return { conflict: `the stored block holding the sample of ${of} at ${at(0)} is damaged` };
  }
  const sent = valuesOf(block);
  const expected =
    resolution == null ? sent : Array.from(decodeBlock(encodeBlock(sent, resolution)));
  const differs = expected.findIndex((value, k) => value !== stored[position + k]);
  if (differs < 0) return 'duplicate';
  return { conflict: `the sample of ${of} at ${at(differs)} differs from the one stored` };
}

/** Positions of the blocks that may lie inside a joined block (see RESEND_CHECK_AFTER_MS). */
export function oldBlocks(blocks: readonly StreamBlock[], nowMs: number): number[] {
  const before = nowMs - RESEND_CHECK_AFTER_MS;
  const positions: number[] = [];
  blocks.forEach((item, i) => {
    if (item.block.startMs < before) positions.push(i);
  });
  return positions;
}

/** A joined row's key, as the look-up script answers. */
interface JoinedKey {
  datastream_id: number;
  start_us: number | string;
  rate_hz: number;
  n: number;
}

const HOUR_MS = 3_600_000;

/** A stream's hint (datastreams.joined_from): the start of its earliest joined row. */
interface JoinedFrom {
  id: number;
  from_us: number | string;
}

/**
 * The statements, to run first in the transaction that stores `blocks`: the streams' join
 * locks shared, then (after `between`) the hint of those streams ever joined. Read under the
 * locks, so a join is either committed and seen or waits for this transaction (compact-blocks.ts
 * sets the hint in its own). Our own ids only, so they are inlined (one round trip).
 */
export function joinedFromScript(streams: number[], between: string): string {
  const ids = inlineLiteral(intArray(streams));
  return `SELECT pg_advisory_xact_lock_shared(${JOIN_LOCK_SPACE}, s) FROM unnest(${ids}::int[]) AS s;
    ${between};
    SELECT id, (extract(epoch FROM joined_from) * 1000000)::float8 AS from_us
    FROM datastreams WHERE id = ANY (${ids}::int[]) AND joined_from IS NOT NULL`;
}

/**
 * The keys of the joined rows near the old blocks, one range a stream and hour (a few index
 * pages of the partial index on joined rows, however many blocks); our own ids and times, inlined.
 */
export function joinedKeysQuery(blocks: readonly StreamBlock[], positions: readonly number[]) {
  const ranges = new Map<string, { id: number; from: number; to: number }>();
  for (const i of positions) {
    const { datastreamId: id, block } = blocks[i] as StreamBlock;
    const key = `${id}:${Math.floor(block.startMs / HOUR_MS)}`;
    const range = ranges.get(key);
    if (range) {
      range.from = Math.min(range.from, block.startMs);
      range.to = Math.max(range.to, block.startMs);
    } else ranges.set(key, { id, from: block.startMs, to: block.startMs });
  }
  const list = [...ranges.values()];
  const ids = inlineLiteral(intArray(list.map((r) => r.id)));
  const froms = inlineLiteral(timeArray(list.map((r) => r.from - MAX_BLOCK_SECONDS * 1000)));
  const tos = inlineLiteral(timeArray(list.map((r) => r.to)));
  return `SELECT r.datastream_id, (extract(epoch FROM r.start) * 1000000)::float8 AS start_us,
           r.rate_hz, r.n
    FROM unnest(${ids}::int[], ${froms}::timestamptz[], ${tos}::timestamptz[]) AS q(id, lo, hi)
    JOIN readings r ON r.joined AND r.datastream_id = q.id AND r.start > q.lo AND r.start < q.hi
    WHERE r.rate_hz > 0`;
}

/** Per old block, the joined row (by its key) holding its first sample after the row's start. */
function coveringRows(
  blocks: readonly StreamBlock[],
  positions: readonly number[],
  keys: readonly JoinedKey[],
): Map<number, JoinedKey> {
  const byStream = new Map<number, JoinedKey[]>();
  for (const key of keys) {
    const id = Number(key.datastream_id);
    byStream.set(id, [...(byStream.get(id) ?? []), key]);
  }
  const found = new Map<number, JoinedKey>();
  if (byStream.size === 0) return found;
  for (const i of positions) {
    const { datastreamId, block } = blocks[i] as StreamBlock;
    const startUs = block.startMs * 1000;
    for (const key of byStream.get(datastreamId) ?? []) {
      const offsetUs = startUs - Number(key.start_us);
      if (offsetUs > 0 && (offsetUs / 1e6) * key.rate_hz < key.n - 0.5) found.set(i, key);
    }
  }
  return found;
}

/** The values of the joined rows found, and the judgement of each block inside one. */
async function judgeInside(
  exec: Exec,
  blocks: readonly StreamBlock[],
  found: Map<number, JoinedKey>,
): Promise<Map<number, Judgement>> {
  const judged = new Map<number, Judgement>();
  if (found.size === 0) return judged;
  const keys = [...new Set(found.values())];
  const rows = await exec.query<
    { datastream_id: number; start_us: number | string } & StoredAround
  >(
    `SELECT datastream_id, (extract(epoch FROM start) * 1000000)::float8 AS start_us,
            rate_hz, n, values, packed, 0 AS i, 0 AS offset_us
     FROM readings WHERE joined AND (datastream_id, start) IN (
       SELECT id, 'epoch'::timestamptz + us * interval '1 microsecond'
       FROM unnest($1::int[], $2::bigint[]) AS k(id, us))`,
    [keys.map((k) => Number(k.datastream_id)), keys.map((k) => Math.round(Number(k.start_us)))],
  );
  const stored = new Map(rows.map((row) => [`${row.datastream_id}:${Number(row.start_us)}`, row]));
  for (const [i, key] of found) {
    const row = stored.get(`${key.datastream_id}:${Number(key.start_us)}`);
    if (!row) continue;
    const offset_us = (blocks[i] as StreamBlock).block.startMs * 1000 - Number(row.start_us);
    const verdict = judgeAgainstStored(blocks[i] as StreamBlock, { ...row, offset_us });
    if (verdict) judged.set(i, verdict);
  }
  return judged;
}

/**
 * Stored blocks with a staged block's start and rate but more samples: a window joined since
 * (join-small-blocks.ts) holds its first block's samples and more. Such a block is a duplicate
 * where its samples are the stored block's first ones, as any resend inside a joined block is.
 */
export const LONGER_STORED = 'r.joined AND r.rate_hz = s.rate_hz AND r.n > s.n';

export async function longerStoredConflicts(exec: Exec, blocks: StreamBlock[]) {
  const rows = await exec.query<StoredAround & { datastream_id: number; ms: number }>(
    `SELECT s.datastream_id, (extract(epoch FROM s.start) * 1000)::float8 AS ms, r.rate_hz, r.n,
            r.values, r.packed, 0 AS offset_us
     FROM readings_staging s
     JOIN readings r ON r.datastream_id = s.datastream_id AND r.start = s.start
     WHERE ${LONGER_STORED}`,
  );
  if (rows.length === 0) return [];
  const byKey = new StreamKeyed<StreamBlock>();
  for (const item of blocks) byKey.set(item.datastreamId, item.block.startMs, item);
  const found: { datastreamId: number; ms: number; detail: string | null }[] = [];
  for (const row of rows) {
    const datastreamId = row.datastream_id;
    const ms = Math.round(row.ms);
    const item = byKey.get(datastreamId, ms);
    if (item === undefined) continue;
    const verdict = judgeAgainstStored(item, row);
    if (verdict === 'duplicate') continue;
    found.push({ datastreamId, ms, detail: verdict?.conflict ?? null });
  }
  return found;
}

/**
 * Blocks that started a while ago may resend samples inside a joined block (stored-resends.ts):
 * judged here, with the savepoint of the COPY taken in the same round trip as the streams'
 * locks and hints. Only blocks of streams ever joined, starting after their earliest joined
 * row, are looked up (a second query); a stream never joined costs no look-up of readings.
 */
export async function judgeOldBlocks(exec: Exec, blocks: StreamBlock[], savepoint: string) {
  const judged = new Map<number, Judgement>();
  const positions = oldBlocks(blocks, Date.now());
  if (positions.length === 0) return { judged, savepointTaken: false };
  const streams = [...new Set(positions.map((i) => (blocks[i] as StreamBlock).datastreamId))];
  streams.sort((x, y) => x - y);
  const hints = await exec.script<JoinedFrom>(joinedFromScript(streams, savepoint));
  if (hints.length === 0) return { judged, savepointTaken: true };
  const fromUs = new Map(hints.map((h) => [Number(h.id), Number(h.from_us)]));
  const inJoined = positions.filter((i) => {
    const { datastreamId, block } = blocks[i] as StreamBlock;
    const from = fromUs.get(datastreamId);
    return from !== undefined && block.startMs * 1000 > from;
  });
  if (inJoined.length === 0) return { judged, savepointTaken: true };
  const keys = await exec.query<JoinedKey>(joinedKeysQuery(blocks, inJoined));
  const found = coveringRows(blocks, inJoined, keys);
  return { judged: await judgeInside(exec, blocks, found), savepointTaken: true };
}
