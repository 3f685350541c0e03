import { describe, expect, it } from 'vitest';
import { ModeTracker } from '../../../server/analytics/mode-tracker.ts';

const peaks = (...hz: number[]) => hz.map((frequencyHz) => ({ frequencyHz, power: 1 }));

describe('ModeTracker with two modes lifted close together by frost', () => {
  // Seed 2 of the end-to-end bench, mid-January: f1 has risen 16 % to 2.445 Hz, f2 is at 2.579 Hz,
  // 5.5 % above it, inside the 8 % tolerance of both.
  it('leaves a mode missing rather than giving it the other mode’s peak', () => {
    const tracker = new ModeTracker([2.445, 2.579]);
    const [f1, f2] = tracker.track(peaks(2.58));
    expect(f1).toBeNaN();
    expect(f2).toBeCloseTo(2.58, 6);
    // The next window has both peaks: the trackers keep their own modes, in order.
    expect(tracker.track(peaks(2.45, 2.58))).toEqual([2.45, 2.58]);
    expect(tracker.current).toEqual([2.45, 2.58]);
  });

  it('still follows each mode as it moves within its tolerance', () => {
    const tracker = new ModeTracker([2.0, 2.3]);
    expect(tracker.track(peaks(2.1, 2.4))).toEqual([2.1, 2.4]);
    expect(tracker.track(peaks(2.2, 2.5))).toEqual([2.2, 2.5]);
  });
});
