import { describe, expect, it } from 'vitest';
import {
  addRange,
  createHistogram,
  fromSparse,
  mergeInto,
  sumHistograms,
  toSparse,
  totalCycles,
} from '../../../../server/analytics/fatigue/range-histogram.ts';

describe('stress-range histogram', () => {
  it('rounds a range to the nearest bin of 0.5 MPa', () => {
    const histogram = createHistogram();
    for (const range of [0.2, 0.25, 10, 10.24, 10.26, 10.74]) addRange(histogram, range, 1);
    expect(toSparse(histogram)).toEqual({
      binWidth: 0.5,
      bins: [
        [0, 1],
        [1, 1],
        [20, 2],
        [21, 2],
      ],
    });
  });

  it('grows for large ranges and sums days into a year without recounting', () => {
    const day = createHistogram(0.5, 4);
    addRange(day, 300, 0.5);
    addRange(day, 12, 10);
    const year = sumHistograms(Array.from({ length: 365 }, () => day));
    expect(toSparse(year).bins).toEqual([
      [24, 3650],
      [600, 182.5],
    ]);
    expect(totalCycles(year)).toBe(3832.5);
  });

  it('round-trips through its sparse JSON form and refuses a mix of bin widths', () => {
    const histogram = createHistogram(0.5);
    addRange(histogram, 42, 3);
    expect(toSparse(fromSparse(JSON.parse(JSON.stringify(toSparse(histogram)))))).toEqual(
      toSparse(histogram),
    );
    expect(() => mergeInto(createHistogram(1), histogram)).toThrow(/bin widths/);
    expect(() => fromSparse({ binWidth: 0.5, bins: [[-1, 2]] })).toThrow(/bad histogram bin/);
    expect(() => createHistogram(0)).toThrow(/binWidth/);
  });
});
