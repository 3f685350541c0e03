/**
 * `npm run bench:storage` (issue 34, decision 052): the Munich records, every channel, stored
 * on the local PostgreSQL as arrays (before migration 0030), packed exactly, and packed at each
 * kind's declared resolution; bytes a sample of the readings partitions (table, TOAST and
 * indexes, after VACUUM) per kind and in all, and of the roll-ups; and every sample read back
 * and compared. A throwaway database, dropped at the end. Not part of `npm test`.
 */
import { unassignedCompany } from '../../server/repositories/companies-repository.ts';
import { blockOf, type StreamBlock } from '../../server/readings/block.ts';
import { createPartitionKeeper } from '../../server/readings/partitions.ts';
import { createReadingsRepository } from '../../server/readings/readings-repository.ts';
import { encodeBlock } from '../../server/codec/block-codec.ts';
import { CopyEncoder, copyRowBytes } from '../../server/readings/copy-encoder.ts';
import { storedBlocks } from '../helpers/stored-blocks.ts';
import { printCodecFigures } from './codec-figures.ts';
import { breakdownPerSample, storageBreakdown } from './storage-breakdown.ts';
import { type RecordChannel, readRecordChannels } from './storage-records.ts';
import { openThrowawayPostgres } from './throwaway-postgres.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BLOCK_SAMPLES = 1000; // as the logger import cuts them (server/import/block-builder.ts)
const T0 = Date.UTC(2026, 9, 1);
/**
 * `exact-before`: exact without the patched decimal grid (decision 075, amended 2026-12-01 (d)), as main;
 * paired in one run.
 */
type Mode = 'array' | 'exact-before' | 'exact' | 'resolution';
const MODES: Mode[] = ['array', 'exact-before', 'exact', 'resolution'];

const channels = readRecordChannels();
const throwaway = await openThrowawayPostgres(ADMIN_URL, 'spanwatch_storage');
const { database, direct, relationBytes } = throwaway;

/** Each channel's blocks, on a time axis of its own (an hour apart), 1,000 samples each. */
function blocksOf(channel: RecordChannel, id: number, index: number, mode: Mode): StreamBlock[] {
  const blocks: StreamBlock[] = [];
  const per = Math.min(BLOCK_SAMPLES, channel.rateHz * 600);
  for (let at = 0; at < channel.values.length; at += per) {
    const startMs = T0 + index * 86_400_000 + (at * 1000) / channel.rateHz;
    const values = Array.from(channel.values.subarray(at, at + per));
    blocks.push({
      datastreamId: id,
      block: blockOf(channel.label, startMs, channel.rateHz, values),
      resolution: mode === 'resolution' ? channel.step : null,
    });
  }
  return blocks;
}

/**
 * Rows written straight by COPY: the arrays as the ingest writes an exact stream, or the same
 * blocks packed by the exact codec, which the ingest does not use yet (decision 052, the last
 * section): this is the figure that decides when it may.
 */
async function copyRows(blocks: StreamBlock[], mode: Exclude<Mode, 'resolution'>): Promise<void> {
  const packed = blocks.map(({ block }) =>
    mode === 'array'
      ? null
      : encodeBlock(Float64Array.from(block.values ?? []), null, {
          decimalPatched: mode === 'exact',
        }),
  );
  let size = 0;
  blocks.forEach(({ block }, index) => {
    const bytesOfBlock = packed[index];
    size +=
      82 +
      (bytesOfBlock
        ? copyRowBytes.bytea(bytesOfBlock.length)
        : copyRowBytes.float8Array(block.stats.count));
  });
  const encoder = new CopyEncoder(size);
  blocks.forEach(({ datastreamId, block }, index) => {
    const { count, min, max, sum } = block.stats;
    encoder.row(9).int4(datastreamId).timestamptz(block.startMs).float8(block.rateHz);
    const bytesOfBlock = packed[index];
    if (bytesOfBlock) encoder.null().bytea(bytesOfBlock);
    else encoder.float8Array(block.values ?? []).null();
    encoder.int4(count).float8(min).float8(max).float8(sum);
  });
  const copy = (await import('pg-copy-streams')).from(
    'COPY readings (datastream_id, start, rate_hz, values, packed, n, v_min, v_max, v_sum) FROM STDIN BINARY',
  );
  const stream = direct.query(copy);
  await new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve).on('error', reject);
    stream.end(encoder.finish());
  });
}

async function store(selected: RecordChannel[], ids: number[], mode: Mode) {
  await direct.query('TRUNCATE readings, reading_rollups');
  const ensureMonths = createPartitionKeeper(database.db);
  const repository = createReadingsRepository(database);
  let samples = 0;
  for (const channel of selected) {
    const index = channels.indexOf(channel);
    const blocks = blocksOf(channel, ids[index] as number, index, mode);
    samples += channel.values.length;
    await ensureMonths(blocks.map((b) => b.block.startMs));
    for (let at = 0; at < blocks.length; at += 200) {
      const batch = blocks.slice(at, at + 200);
      // A declared resolution goes the ingest's way; the other two are written as they would be.
      if (mode === 'resolution') await repository.store(batch);
      else await copyRows(batch, mode);
    }
  }
  await direct.query('VACUUM (ANALYZE) readings, reading_rollups');
  const { rows: stored } = await direct.query<{ packed: string; arrays: string }>(
    'SELECT count(packed)::text AS packed, count(values)::text AS arrays FROM readings',
  );
  const expected = mode === 'array' ? { packed: '0' } : { arrays: '0' };
  if (Object.entries(expected).some(([k, v]) => stored[0]?.[k as 'packed'] !== v)) {
    throw new Error(`${mode}: rows stored as ${JSON.stringify(stored[0])}`);
  }
  // The values as stored (after any compression, inline or in TOAST), without the row, page and
  // index around them: a small kind's partition is mostly fixed pages (decision 052).
  const { rows: column } = await direct.query<{ bytes: string }>(
    'SELECT sum(coalesce(pg_column_size(packed), pg_column_size(values)))::text AS bytes FROM readings',
  );
  return {
    samples,
    breakdown: await storageBreakdown(direct),
    valueBytes: Number(column[0]?.bytes ?? 0),
    readings: await relationBytes('readings'),
    rollups: await relationBytes('reading_rollups'),
  };
}

/** Every sample read back as the server reads it, against the file's. */
async function checkReadBack(ids: number[], mode: Mode): Promise<number> {
  const rows = await storedBlocks(database.db);
  const byKey = new Map(rows.map((r) => [`${r.datastream_id}/${Math.round(r.ms)}`, r.values]));
  let checked = 0;
  channels.forEach((channel, index) => {
    for (const { block } of blocksOf(channel, ids[index] as number, index, mode)) {
      const stored = byKey.get(`${ids[index]}/${block.startMs}`);
      const sent = block.values ?? [];
      if (!stored || stored.length !== sent.length)
        throw new Error(`${channel.label}: block missing`);
      sent.forEach((x, i) => {
        const y = stored[i] as number;
        const ok =
          mode === 'resolution'
            ? Math.abs(y - x) <= channel.step / 2 + Math.abs(x) * 2 ** -52
            : Object.is(x, y);
        if (!ok) throw new Error(`${channel.label} sample ${i}: sent ${x}, read ${y} (${mode})`);
        checked += 1;
      });
    }
  });
  return checked;
}

try {
  printCodecFigures(channels, BLOCK_SAMPLES);
  printCodecFigures(channels, 200); // the size of a gateway's block over HTTP
  await database.migrate();
  const companyId = await unassignedCompany(database.db);
  const ids: number[] = [];
  for (const channel of channels) {
    const { rows } = await direct.query<{ id: number }>(
      'INSERT INTO datastreams (stream_id, data_type, company_id) VALUES ($1, $2, $3) RETURNING id',
      [channel.label, channel.kind, companyId],
    );
    ids.push(rows[0]?.id as number);
  }
  const kinds = [...new Set(channels.map((c) => c.kind))];
  const table: Record<string, Record<string, string>> = {};
  const valuesTable: Record<string, Record<string, string>> = {};
  const totals: Record<string, number> = {};
  const parts: Record<string, Record<string, string>> = {};
  for (const mode of MODES) {
    for (const kind of [...kinds, 'all']) {
      const selected = kind === 'all' ? channels : channels.filter((c) => c.kind === kind);
      const measured = await store(selected, ids, mode);
      const perSample = measured.readings / measured.samples;
      (table[kind] ??= { samples: measured.samples.toLocaleString('en-CA') })[mode] =
        perSample.toFixed(2);
      (valuesTable[kind] ??= {})[mode] = (measured.valueBytes / measured.samples).toFixed(2);
      if (kind === 'all' || kind === 'strain') {
        parts[`${kind} ${mode}`] = breakdownPerSample(measured.breakdown, measured.samples);
      }
      if (kind === 'all') {
        totals[mode] = perSample;
        const checked = await checkReadBack(ids, mode);
        table.all = {
          ...table.all,
          [`${mode} roll-ups`]: (measured.rollups / measured.samples).toFixed(2),
          [`${mode} checked`]: checked.toLocaleString('en-CA'),
        };
      }
    }
  }
  console.log('Bytes a sample of the readings partitions (table, TOAST, indexes; after VACUUM):');
  console.table(table);
  console.log('Bytes a sample of the stored values alone (pg_column_size of packed or values):');
  console.table(valuesTable);
  console.log(
    'Where the bytes go (bytes a sample; heap and TOAST beside the values in bytes a row):',
  );
  console.table(parts);
  console.log(
    JSON.stringify({
      arrayBytesPerSample: totals.array,
      exactBeforeBytesPerSample: totals['exact-before'],
      exactBytesPerSample: totals.exact,
      resolutionBytesPerSample: totals.resolution,
      goals: { exact: 5, resolution: 2 },
      met: (totals.exact ?? 99) <= 5 && (totals.resolution ?? 99) <= 2,
    }),
  );
} finally {
  await throwaway.drop();
}
