import { describe, expect, it } from 'vitest';
import { removeQuasiStatic } from '../../../server/analytics/fatigue/quasi-static.ts';
import { countHistory } from '../../../server/analytics/fatigue/residue.ts';
import { mergeInto, toSparse } from '../../../server/analytics/fatigue/range-histogram.ts';
import { createRng } from '../../../server/analytics/rng.ts';
import { StretchCounter } from '../../../server/fatigue/stretch-counter.ts';

const cubes = (bins: [number, number][], width: number) =>
  bins.reduce((sum, [bin, cycles]) => sum + cycles * (bin * width) ** 3, 0);

// Decision 045: the stored path's stretch counter.
describe('stretch counter', () => {
  it('counts each stretch alone, its residue as half cycles, exactly as ASTM does per stretch', () => {
    const rng = createRng(45);
    const a = Array.from({ length: 500 }, () => rng.normal() * 50);
    const b = Array.from({ length: 300 }, () => 400 + rng.normal() * 50);
    const counter = new StretchCounter(1, null, null);
    counter.setRate(10);
    counter.push(a.slice(0, 200));
    counter.push(a.slice(200));
    counter.endStretch();
    counter.push(b);
    counter.endStretch();
    const expected = countHistory(a, { binWidth: 1 });
    mergeInto(expected, countHistory(b, { binWidth: 1 }));
    expect(toSparse(counter.takeHistogram()).bins).toEqual(toSparse(expected).bins);
    expect(counter.stretches).toBe(2);
  });

  it('high-passes in chunks within 1 % of Δε_eq of one pass over the whole stretch', () => {
    const rng = createRng(46);
    const rate = 10;
    // Six hours at 10 Hz: a slow swing, pulses and noise; pushed in 7-minute chunks.
    const samples = Float64Array.from({ length: 6 * 3600 * rate }, (_, i) => {
      const t = i / rate;
      const pulse = t % 97 < 3 ? 80 * Math.sin((Math.PI * (t % 97)) / 3) : 0;
      return 100 * Math.sin((2 * Math.PI * t) / 86_400) + pulse + rng.normal();
    });
    const counter = new StretchCounter(1, null);
    counter.setRate(rate);
    for (let i = 0; i < samples.length; i += 4200) counter.push(samples.subarray(i, i + 4200));
    counter.endStretch();
    const chunked = toSparse(counter.takeHistogram()).bins;
    const whole = toSparse(
      countHistory(removeQuasiStatic(samples, rate, 1 / 600).dynamic, { binWidth: 1 }),
    ).bins;
    expect(Math.cbrt(cubes(chunked, 1) / cubes(whole, 1))).toBeCloseTo(1, 2);
  });
});
