import { describe, expect, it } from 'vitest';
import {
  nearestSensor,
  persistenceOf,
  STRIP_PERSISTENCE,
} from '../../../../server/analytics/modal/strip-persistence.ts';

// Decision 076, amendment 2026-12-02: a location is reported only when the newest windows agree.
describe('strip persistence', () => {
  const rule = { agree: 2, of: 2, toleranceSensors: 1 };

  it('holds back a location named by the newest window alone', () => {
    expect(persistenceOf([4], rule)).toEqual({ agreeing: 1, of: 2, needed: 2, persistent: false });
    expect(persistenceOf([4, null], rule).persistent).toBe(false);
    expect(persistenceOf([4, 7], rule)).toMatchObject({ agreeing: 1, persistent: false });
  });

  it('reports one the newest windows name within the tolerance', () => {
    expect(persistenceOf([4, 5], rule)).toEqual({
      agreeing: 2,
      of: 2,
      needed: 2,
      persistent: true,
    });
    expect(persistenceOf([4, 4, 9], rule).persistent).toBe(true);
    expect(persistenceOf([4, 5], { ...rule, toleranceSensors: 0 }).persistent).toBe(false);
  });

  it('reads only the newest `of` windows, and nothing without a candidate', () => {
    expect(persistenceOf([4, null, 4], rule).persistent).toBe(false);
    expect(persistenceOf([4, null, 4], { agree: 2, of: 3, toleranceSensors: 0 }).persistent).toBe(
      true,
    );
    expect(persistenceOf([null, 4, 4], rule)).toMatchObject({ agreeing: 0, persistent: false });
    expect(persistenceOf([], rule)).toMatchObject({ agreeing: 0, persistent: false });
  });

  it('names the nearest sensor of a chainage', () => {
    expect(nearestSensor(8.2, [3.3, 6.7, 10, 13.3])).toBe(1);
    expect(nearestSensor(0, [3.3, 6.7])).toBe(0);
    expect(nearestSensor(99, [3.3, 6.7])).toBe(1);
  });

  it('is the rule chosen on the tuning trials', () => {
    expect(STRIP_PERSISTENCE).toEqual({ agree: 2, of: 2, toleranceSensors: 1 });
  });
});
