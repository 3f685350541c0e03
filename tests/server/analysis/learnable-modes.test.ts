import { describe, expect, it } from 'vitest';
import type { DatasetPlan } from '../../../server/analysis/dataset-plan.ts';
import { withoutRareModes } from '../../../server/analysis/learnable-modes.ts';

const plan: DatasetPlan = {
  streams: [
    { id: 1, streamId: 'b-acc', dataType: 'acceleration', rateHz: 20, expectedSamples: 200 },
  ],
  temperatureStream: null,
  modal: [{ stream: 'b-acc', initialHz: [2.8, 5.0], minHz: 2.5, maxHz: 8, segmentLength: 32 }],
  family: 'modal',
  unfed: [],
} as DatasetPlan;

const windows = (secondFound: number, total = 100) =>
  Array.from({ length: total }, (_, i) => ({
    start: i * 600_000,
    end: (i + 1) * 600_000,
    features: [2.8, i < secondFound ? 5.0 : Number.NaN],
    temperatureC: 10,
  }));

describe('modes the baseline rarely found', () => {
  it('drops a mode found in 19 of 830 windows and keeps the others', () => {
    const reduced = withoutRareModes(plan, windows(19, 830));
    expect(reduced?.modal).toEqual([{ ...plan.modal[0], initialHz: [2.8] }]);
  });

  it('keeps the plan when every mode is found in at least half the windows', () => {
    expect(withoutRareModes(plan, windows(50))).toBeNull();
  });

  it('keeps the plan when every mode is rare, so training fails as not ready', () => {
    const rare = windows(0).map((w) => ({ ...w, features: [Number.NaN, Number.NaN] }));
    expect(withoutRareModes(plan, rare)).toBeNull();
  });
});

describe('modes of a stream blanked for part of the baseline', () => {
  it('judges coverage only where the stream showed a mode (a re-zeroed sensor keeps its modes)', () => {
    const blankedFirstHalf = windows(100).map((w, i) =>
      i < 60 ? { ...w, features: [Number.NaN, Number.NaN] } : w,
    );
    expect(withoutRareModes(plan, blankedFirstHalf)).toBeNull();
  });
});
