import { describe, expect, it } from 'vitest';
import { codecOf, decodeBlock, encodeBlock } from '../../../server/codec/block-codec.ts';
import { printedFloat32, SHORTEST } from '../../../server/codec/float32-printing.ts';
import { munichAvailable } from '../../bench/munich-records.ts';
import { type RecordChannel, readRecordChannels } from '../../bench/storage-records.ts';

const BLOCK = 1000; // as the logger import cuts them

interface Stored {
  before: number;
  after: number;
  samples: number;
  codecs: Set<string>;
  printings: Set<number>;
}

/** Bytes of the channel's blocks without and with the printed-float32 codec, each read back. */
function store(values: Float64Array, rateHz: number): Stored {
  const out: Stored = { before: 0, after: 0, samples: 0, codecs: new Set(), printings: new Set() };
  const per = Math.min(BLOCK, rateHz * 600);
  for (let at = 0; at < values.length; at += per) {
    const block = values.subarray(at, at + per);
    // Codec 7 alone: the exceptions (codec 8) and the offset grid (decision 075) have their own.
    const before = encodeBlock(block, null, {
      printedFloat32: false,
      patched: false,
      offsetGrid: false,
    });
    const after = encodeBlock(block, null, { patched: false, offsetGrid: false });
    const back = decodeBlock(after);
    expect(block.every((x, i) => Object.is(x, back[i]))).toBe(true);
    expect(after.length).toBeLessThanOrEqual(before.length);
    out.before += before.length;
    out.after += after.length;
    out.samples += block.length;
    out.codecs.add(codecOf(after));
    if (codecOf(after) === 'printedFloat32')
      out.printings.add(after[block.length < 128 ? 2 : 3] as number); // after the codec and count
  }
  return out;
}

const perSample = (bytes: number, s: Stored) => Number((bytes / s.samples).toFixed(2));

describe.skipIf(!munichAvailable())('the printed-float32 codec on the real Munich records', () => {
  const channels = munichAvailable() ? readRecordChannels() : [];
  const ofKind = (kind: string) => channels.filter((c: RecordChannel) => c.kind === kind);

  it('the air temperatures (float32 printed to 15 digits) take under half the bytes, bit for bit', () => {
    const rows = ofKind('temperature').map((c) => ({ c, s: store(c.values, c.rateHz) }));
    expect(rows.length).toBe(10);
    for (const { s } of rows) {
      expect([...s.printings]).toEqual([15]);
      expect(s.after).toBeLessThan(0.5 * s.before);
    }
    const all = rows.reduce(
      (sum, { s }) => ({
        before: sum.before + s.before,
        after: sum.after + s.after,
        samples: sum.samples + s.samples,
      }),
      { before: 0, after: 0, samples: 0 },
    );
    console.log(
      'temperature bytes a sample',
      all.before / all.samples,
      '→',
      all.after / all.samples,
    );
  });

  it('every other channel reads back bit for bit at the same size: 3 % to 100 % of its values are no 15-digit printing, so no whole block is', () => {
    for (const c of channels.filter((ch) => ch.kind !== 'temperature')) {
      const s = store(c.values, c.rateHz);
      expect(s.codecs.has('printedFloat32')).toBe(false);
      expect(perSample(s.after, s)).toBe(perSample(s.before, s));
    }
  });

  it('the reference strain gauge re-printed shortest: short decimals, which the decimal grid already packs (2.23 bytes a sample); the codec is smaller in all, by 2 % (since the Rice coder, decision 075 amended 2026-12-01, the decimal grid wins some blocks)', () => {
    const reference = ofKind('strain')[0] as RecordChannel;
    const shortest = reference.values.map((v) => printedFloat32(Math.fround(v), SHORTEST));
    const s = store(shortest, reference.rateHz);
    expect([...s.printings]).toEqual([SHORTEST]);
    expect(s.codecs.has('printedFloat32')).toBe(true);
    expect([...s.codecs].every((c) => c === 'printedFloat32' || c === 'decimal')).toBe(true);
    expect(s.after).toBeLessThan(s.before);
    console.log(
      'DMS_CN reference printed shortest, bytes a sample',
      perSample(s.before, s),
      '→',
      perSample(s.after, s),
    );
  });
});
