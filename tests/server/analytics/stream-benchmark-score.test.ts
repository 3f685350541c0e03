import { describe, expect, it } from 'vitest';
import {
  labelWindows,
  normalisedScore,
  scaledSigmoid,
  scoreStream,
} from '../../../server/analytics/stream-benchmark-score';

// One stream of 1000 rows with one failure at row 500: its window is 100 rows, 450..550.
const base = { length: 1000, failures: [500], probationRows: 150 };

describe('streaming benchmark score', () => {
  it('centres a window of 10 % of the stream, shared among the failures, and merges overlaps', () => {
    expect(labelWindows(1000, [500])).toEqual([{ from: 450, to: 550 }]);
    expect(labelWindows(1000, [100, 130])).toEqual([{ from: 75, to: 155 }]);
    expect(labelWindows(1000, [990])).toEqual([{ from: 940, to: 999 }]);
  });

  it('scores never firing 0 and a detection at each window start 100', () => {
    expect(normalisedScore([{ ...base, detections: [] }])).toBe(0);
    expect(normalisedScore([{ ...base, detections: [450] }])).toBeCloseTo(100, 10);
  });

  it('rewards an earlier detection more, and only the first in a window', () => {
    const early = scoreStream({ ...base, detections: [460] }).raw;
    const late = scoreStream({ ...base, detections: [540] }).raw;
    expect(early).toBeGreaterThan(late);
    expect(late).toBeGreaterThan(0);
    expect(scoreStream({ ...base, detections: [460, 470, 540] }).raw).toBe(early);
    // The window's last row earns σ(−1/101) / σ(−1): almost nothing.
    expect(scoreStream({ ...base, detections: [550] }).raw).toBeCloseTo(
      scaledSigmoid(-1 / 101) / scaledSigmoid(-1),
      10,
    );
  });

  it('costs A_FP for a stray detection, less just after a window, and A_FN for a missed window', () => {
    expect(scoreStream({ ...base, detections: [300] }).raw).toBeCloseTo(-1 - 0.11, 10);
    const justAfter = scoreStream({ ...base, detections: [450, 560] }).raw;
    expect(justAfter).toBeLessThan(1);
    expect(justAfter).toBeGreaterThan(1 - 0.11);
    expect(scoreStream({ ...base, detections: [450, 990] }).raw).toBeCloseTo(1 - 0.11, 10);
    expect(scoreStream({ ...base, detections: [100] })).toMatchObject({
      raw: -1,
      falsePositives: 0,
    });
  });

  it('normalises over all streams together', () => {
    const streams = [
      { ...base, detections: [450] },
      { ...base, detections: [300] },
    ];
    // raw 1 + (−1.11) = −0.11; null −2; perfect 2.
    expect(normalisedScore(streams)).toBeCloseTo((100 * (-0.11 + 2)) / 4, 10);
  });
});
