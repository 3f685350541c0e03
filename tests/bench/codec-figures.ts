/**
 * The exact codec alone on the Munich records (no database): payload bytes a sample per kind,
 * encode and decode rates, and which codec each block took, with the patched decimal grid (decision 075,
 * amended 2026-12-01 (d)) left out ("before": main's codecs) and in ("after") in the same run.
 * Every block is decoded and compared bit for bit.
 */
import { codecOf, decodeBlock, encodeBlock } from '../../server/codec/block-codec.ts';
import type { RecordChannel } from './storage-records.ts';

interface Tally {
  samples: number;
  bytes: number;
  encodeMs: number;
  decodeMs: number;
  codecs: Map<string, number>;
}

const newTally = (): Tally => ({
  samples: 0,
  bytes: 0,
  encodeMs: 0,
  decodeMs: 0,
  codecs: new Map(),
});

function blocksOf(values: Float64Array, per: number): Float64Array[] {
  const blocks: Float64Array[] = [];
  for (let at = 0; at < values.length; at += per) blocks.push(values.slice(at, at + per));
  return blocks;
}

/** The fastest of three runs, after one that warms up (the machine is shared). */
function fastest<T>(run: () => T): { result: T; ms: number } {
  let best = Infinity;
  let result = run();
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    result = run();
    best = Math.min(best, performance.now() - started);
  }
  return { result, ms: best };
}

function measure(tally: Tally, blocks: Float64Array[], decimalPatched: boolean): void {
  const encoding = fastest(() => blocks.map((b) => encodeBlock(b, null, { decimalPatched })));
  const encoded = encoding.result;
  const decoding = fastest(() => encoded.map((bytes) => decodeBlock(bytes)));
  const decoded = decoding.result;
  tally.encodeMs += encoding.ms;
  tally.decodeMs += decoding.ms;
  blocks.forEach((block, i) => {
    const back = decoded[i] as Float64Array;
    const same = block.every((x, j) => Object.is(x, back[j]));
    if (!same || back.length !== block.length) throw new Error('a block did not read back');
    const bytes = encoded[i] as Uint8Array;
    tally.samples += block.length;
    tally.bytes += bytes.length;
    const codec = codecOf(bytes);
    tally.codecs.set(codec, (tally.codecs.get(codec) ?? 0) + 1);
  });
}

const rate = (samples: number, ms: number) => `${(((samples / ms) * 1000) / 1e6).toFixed(2)} M/s`;
const codecList = (t: Tally) => [...t.codecs].map(([name, n]) => `${name} ${n}`).join(', ');

/** Prints the table for blocks of `per` samples (at most a channel's 10 minutes). */
export function printCodecFigures(channels: RecordChannel[], per: number): void {
  const rows: Record<string, Record<string, string>> = {};
  const kinds = [...new Set(channels.map((c) => c.kind))];
  for (const kind of [...kinds, 'all']) {
    const before = newTally();
    const after = newTally();
    for (const channel of channels.filter((c) => kind === 'all' || c.kind === kind)) {
      const blocks = blocksOf(channel.values, Math.min(per, channel.rateHz * 600));
      measure(before, blocks, false);
      measure(after, blocks, true);
    }
    rows[kind] = {
      samples: before.samples.toLocaleString('en-CA'),
      'bytes before': (before.bytes / before.samples).toFixed(2),
      'bytes after': (after.bytes / after.samples).toFixed(2),
      'encode before': rate(before.samples, before.encodeMs),
      'encode after': rate(after.samples, after.encodeMs),
      'decode before': rate(before.samples, before.decodeMs),
      'decode after': rate(after.samples, after.decodeMs),
      'encode ns a sample before / after': `${((before.encodeMs * 1e6) / before.samples).toFixed(0)} / ${((after.encodeMs * 1e6) / after.samples).toFixed(0)}`,
      'codecs after': codecList(after),
    };
  }
  console.log(`Exact codec payload, blocks of ${per} samples (bytes a sample; samples a second):`);
  console.table(rows);
}
