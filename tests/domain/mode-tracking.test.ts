import { describe, expect, it } from 'vitest';
import { modeTrackingLost, modeTrackingLostMessage } from '../../domain/mode-tracking';

describe("'Mode tracking lost' rule", () => {
  it('fires above 20 % and at least twice the baseline', () => {
    expect(modeTrackingLost(0.34, 0.05)).toBe(true);
    expect(modeTrackingLost(0.2, 0.01)).toBe(false);
    // A bridge that always lost a mode a fifth of the time is not newly losing it.
    expect(modeTrackingLost(0.3, 0.2)).toBe(false);
    expect(modeTrackingLost(0.4, 0.2)).toBe(true);
  });

  it('judges on the absolute limit alone without the baseline rate', () => {
    expect([modeTrackingLost(0.21, null), modeTrackingLost(0.19, null)]).toEqual([true, false]);
  });

  it('says both rates in the message', () => {
    expect(modeTrackingLostMessage(0.34, 0.031)).toBe(
      'Mode tracking lost: 34.0 % of tracked frequencies not found in the period (baseline 3.1 %)',
    );
  });
});
