/**
 * `npm run bench:storage-layout` (issue 34, decision 075's amendment of 2026-11-30): where the
 * Munich records' exact blocks take more disk than their codec bytes, under each storage setting
 * and block size. Each layout is COPYed into a plain table shaped as a readings partition (its
 * columns and primary key) on a throwaway PostgreSQL database, then VACUUMed and measured: table,
 * TOAST and index in bytes a sample, and the COPY's time. The settings are paired in rounds
 * (the machine is shared); the figure is the median of the rounds. Not part of `npm test`.
 */
import { encodeBlock } from '../../server/codec/block-codec.ts';
import { CopyEncoder, copyRowBytes } from '../../server/readings/copy-encoder.ts';
import { readRecordChannels } from './storage-records.ts';
import { openThrowawayPostgres } from './throwaway-postgres.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const T0 = Date.UTC(2026, 9, 1);
/** A heap row holds the fixed columns and headers beside its value: about 84 bytes. */
const QUARTER_PAGE_VALUE_BYTES = 1900;

interface Block {
  stream: number;
  startMs: number;
  bytes: Uint8Array;
  samples: number;
}

const channels = readRecordChannels();
const samples = channels.reduce((sum, c) => sum + c.values.length, 0);

/** Every channel cut into blocks of `sizeAt(values, at)` samples, packed exactly. */
function blocksOf(sizeAt: (values: Float64Array, at: number) => number): Block[] {
  const blocks: Block[] = [];
  channels.forEach((channel, stream) => {
    for (let at = 0; at < channel.values.length;) {
      const per = Math.min(sizeAt(channel.values, at), channel.values.length - at);
      const bytes = encodeBlock(channel.values.subarray(at, at + per));
      blocks.push({ stream, startMs: T0 + stream * 86_400_000 + at * 10, bytes, samples: per });
      at += per;
    }
  });
  return blocks;
}

/** Up to `most` samples, fewer (by a quarter at a time) until the packed block fits `bytes`. */
const fitting = (most: number, bytes: number) => (values: Float64Array, at: number) => {
  let per = most;
  while (per > 50 && encodeBlock(values.subarray(at, at + per)).length > bytes) {
    per = Math.floor(per * 0.75);
  }
  return per;
};

interface Layout {
  name: string;
  blocks: Block[];
  /** After the table is made: its storage settings. */
  settings: string[];
  tableOptions?: string;
}

const thousand = blocksOf(() => 1000);
const layouts: Layout[] = [
  { name: '1,000 samples, EXTENDED (before)', blocks: thousand, settings: [] },
  {
    name: '1,000 samples, EXTERNAL (0058)',
    blocks: thousand,
    settings: ['ALTER TABLE layout ALTER COLUMN packed SET STORAGE EXTERNAL'],
  },
  {
    name: '1,000 samples, MAIN, toast_tuple_target 8160',
    blocks: thousand,
    settings: ['ALTER TABLE layout ALTER COLUMN packed SET STORAGE MAIN'],
    tableOptions: 'WITH (toast_tuple_target = 8160)',
  },
  { name: '4,000 samples, EXTENDED', blocks: blocksOf(() => 4000), settings: [] },
  {
    name: 'up to 1,000 samples, under 1,900 bytes',
    blocks: blocksOf(fitting(1000, QUARTER_PAGE_VALUE_BYTES)),
    settings: [],
  },
];

const throwaway = await openThrowawayPostgres(ADMIN_URL, 'spanwatch_storage_layout');
const { direct } = throwaway;

async function measure(layout: Layout) {
  await direct.query('DROP TABLE IF EXISTS layout');
  await direct.query(
    `CREATE TABLE layout (datastream_id integer NOT NULL, start timestamptz NOT NULL,
       rate_hz double precision NOT NULL, "values" double precision[], packed bytea,
       n integer NOT NULL, v_min double precision NOT NULL, v_max double precision NOT NULL,
       v_sum double precision NOT NULL, PRIMARY KEY (datastream_id, start)) ${layout.tableOptions ?? ''}`,
  );
  for (const statement of layout.settings) await direct.query(statement);
  const size = layout.blocks.reduce((sum, b) => sum + 82 + copyRowBytes.bytea(b.bytes.length), 0);
  const encoder = new CopyEncoder(size);
  for (const b of layout.blocks) {
    encoder.row(9).int4(b.stream).timestamptz(b.startMs).float8(100).null().bytea(b.bytes);
    encoder.int4(b.samples).float8(0).float8(0).float8(0);
  }
  const copy = (await import('pg-copy-streams')).from('COPY layout FROM STDIN BINARY');
  const started = performance.now();
  const stream = direct.query(copy);
  await new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve).on('error', reject);
    stream.end(encoder.finish());
  });
  const copyMs = performance.now() - started;
  await direct.query('VACUUM (ANALYZE) layout');
  const { rows } = await direct.query<{ total: string; heap: string; indexes: string }>(
    `SELECT pg_total_relation_size('layout')::text AS total, pg_relation_size('layout')::text AS heap,
            pg_indexes_size('layout')::text AS indexes`,
  );
  const [total, heap, indexes] = ['total', 'heap', 'indexes'].map((k) =>
    Number(rows[0]?.[k as 'total'] ?? 0),
  ) as [number, number, number];
  return { total, heap, indexes, copyMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

try {
  const copyMs = new Map<string, number[]>();
  const table: Record<string, Record<string, string>> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const layout of layouts) {
      const m = await measure(layout);
      (copyMs.get(layout.name) ?? copyMs.set(layout.name, []).get(layout.name))?.push(m.copyMs);
      const codec = layout.blocks.reduce((sum, b) => sum + b.bytes.length, 0);
      const perSample = (bytes: number) => (bytes / samples).toFixed(2);
      table[layout.name] = {
        rows: layout.blocks.length.toLocaleString('en-CA'),
        codec: perSample(codec),
        heap: perSample(m.heap),
        'TOAST+maps': perSample(m.total - m.heap - m.indexes),
        index: perSample(m.indexes),
        total: perSample(m.total),
      };
    }
  }
  const before = median(copyMs.get(layouts[0]?.name ?? '') ?? []);
  for (const layout of layouts) {
    const ms = median(copyMs.get(layout.name) ?? []);
    Object.assign(table[layout.name] ?? {}, {
      'COPY ms (median)': ms.toFixed(0),
      'COPY time / before': (ms / before).toFixed(2),
    });
  }
  console.log(
    `The Munich records' exact blocks (${samples.toLocaleString('en-CA')} samples), bytes a sample after VACUUM, ${ROUNDS} rounds:`,
  );
  console.table(table);
} finally {
  await throwaway.drop();
}
