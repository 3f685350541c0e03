/**
 * `npx tsx tests/bench/codec-pair-bench.ts` with `CODEC_BEFORE_DIR` set to a copy of another
 * commit's `server/codec` (for example `git archive <commit> server/codec | tar -x -C /tmp/x`, then
 * `/tmp/x/server/codec`): that codec and this one encode and decode the same blocks in one
 * process, interleaved, in CPU time (the machine is shared), and their bytes are compared block
 * by block. Blocks: the demo's accelerometer bursts at their declared resolution, as the history
 * writer joins them, and the Munich records' exact blocks when they are present. Decision 075,
 * amended 2026-12-01 (b). Not part of `npm test`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as after from '../../server/codec/block-codec.ts';
import { DEMO_BRIDGES_WITH_DATA, demoTimeline } from '../../server/demo/demo-fleet.ts';
import { demoScenario } from '../../server/demo/demo-scenarios.ts';
import { coalesceBlocks } from '../../server/readings/block-duration.ts';
import { simulateBursts } from '../../server/sim/burst-simulator.ts';
import { SENSOR_RESOLUTIONS } from '../../server/sim/sensor-resolutions.ts';
import { munichAvailable } from './munich-records.ts';
import { readRecordChannels } from './storage-records.ts';

type Codec = Pick<typeof after, 'encodeBlock' | 'decodeBlock'>;

const beforeDir = process.env.CODEC_BEFORE_DIR;
if (!beforeDir) throw new Error('set CODEC_BEFORE_DIR to a copy of the other build’s server/codec');
const before = (await import(
  pathToFileURL(path.join(path.resolve(beforeDir), 'block-codec.ts')).href
)) as Codec;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

interface Set {
  name: string;
  blocks: Float64Array[];
  resolution: number | null;
}

function demoBursts(): Set {
  const end = Date.UTC(2026, 10, 1);
  const timeline = demoTimeline(end, 1);
  const blocks: Float64Array[] = [];
  for (const bridge of DEMO_BRIDGES_WITH_DATA) {
    const bursts = simulateBursts(demoScenario(bridge, timeline), {
      from: end - 3 * 3_600_000,
      to: end,
    });
    for (const block of coalesceBlocks(bursts)) blocks.push(Float64Array.from(block.values));
  }
  return { name: 'demo bursts', blocks, resolution: SENSOR_RESOLUTIONS.acceleration };
}

/** With BENCH_PER_RECORD=1, a row per Munich file and per kind too (decision 075, 2026-12-02). */
const PER_RECORD = process.env.BENCH_PER_RECORD === '1';

function munichBlocks(): Set[] {
  if (!munichAvailable()) return [];
  const sets = new Map<string, Float64Array[]>();
  for (const channel of readRecordChannels()) {
    const lowered = channel.kind === 'strain' && /lowering|support_load_01DMS/.test(channel.label);
    const per = Math.min(1000, channel.rateHz * 600);
    for (let at = 0; at < channel.values.length; at += per) {
      const block = channel.values.slice(at, at + per);
      const names = [
        'Munich all',
        lowered ? 'Munich lowered strain' : null,
        PER_RECORD ? `kind ${channel.kind}` : null,
        PER_RECORD
          ? channel.kind === 'temperature'
            ? 'air temperature (10 files)'
            : channel.record
          : null,
      ];
      for (const name of names) {
        if (name !== null) sets.set(name, [...(sets.get(name) ?? []), block]);
      }
    }
  }
  return [...sets].map(([name, blocks]) => ({ name, blocks, resolution: null }));
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function measure({ name, blocks, resolution }: Set): Record<string, string | number> {
  const samples = blocks.reduce((sum, b) => sum + b.length, 0);
  const encoded = { before: [] as Uint8Array[], after: [] as Uint8Array[] };
  const best = {
    encodeBefore: Infinity,
    encodeAfter: Infinity,
    decodeBefore: Infinity,
    decodeAfter: Infinity,
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of round % 2 === 0
      ? (['before', 'after'] as const)
      : (['after', 'before'] as const)) {
      const codec: Codec = side === 'before' ? before : after;
      let started = cpuMs();
      encoded[side] = blocks.map((b) => codec.encodeBlock(b, resolution));
      const encodeMs = cpuMs() - started;
      started = cpuMs();
      for (const bytes of encoded[side]) codec.decodeBlock(bytes);
      const decodeMs = cpuMs() - started;
      if (side === 'before') {
        best.encodeBefore = Math.min(best.encodeBefore, encodeMs);
        best.decodeBefore = Math.min(best.decodeBefore, decodeMs);
      } else {
        best.encodeAfter = Math.min(best.encodeAfter, encodeMs);
        best.decodeAfter = Math.min(best.decodeAfter, decodeMs);
      }
    }
  }
  const differing = blocks.filter((_, i) => {
    const a = encoded.after[i] as Uint8Array;
    const b = encoded.before[i] as Uint8Array;
    return a.length !== b.length || a.some((x, j) => x !== b[j]);
  }).length;
  const bytes = (list: Uint8Array[]) =>
    (list.reduce((s, x) => s + x.length, 0) / samples).toFixed(2);
  const rate = (ms: number) => `${(samples / ms / 1000).toFixed(2)} M/s`;
  return {
    set: name,
    blocks: blocks.length,
    samples,
    'differing blocks': differing,
    'bytes before': bytes(encoded.before),
    'bytes after': bytes(encoded.after),
    'encode before': rate(best.encodeBefore),
    'encode after': rate(best.encodeAfter),
    'decode before': rate(best.decodeBefore),
    'decode after': rate(best.decodeAfter),
  };
}

console.table([demoBursts(), ...munichBlocks()].map(measure));
