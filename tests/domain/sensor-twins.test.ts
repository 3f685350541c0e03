import { describe, expect, it } from 'vitest';
import { type PlacedSensor, twinsOf } from '../../domain/sensor-twins.ts';

const gauge = (id: number, over: Partial<PlacedSensor> = {}): PlacedSensor => ({
  id,
  spanId: 1,
  type: 'strain_gauge',
  chainageM: 12,
  transverseOffsetM: null,
  direction: 'longitudinal',
  ...over,
});

describe('twins from sensor geometry', () => {
  it('pairs sensors of one span, type and direction within half a metre along it', () => {
    expect(
      twinsOf([gauge(1), gauge(2, { chainageM: 12.5 }), gauge(3, { chainageM: 12.6 })]),
    ).toEqual(
      new Map([
        [1, [2]],
        [2, [1, 3]],
        [3, [2]],
      ]),
    );
  });

  it('keeps apart other spans, types, directions and unrecorded positions', () => {
    expect(
      twinsOf([
        gauge(1),
        gauge(2, { spanId: 2 }),
        gauge(3, { type: 'accelerometer' }),
        gauge(4, { direction: 'vertical' }),
        gauge(5, { chainageM: null }),
        gauge(6, { direction: null }),
      ]),
    ).toEqual(new Map());
  });

  it('needs the transverse offsets to match only when both are recorded', () => {
    expect(
      twinsOf([gauge(1, { transverseOffsetM: -3 }), gauge(2, { transverseOffsetM: 3 }), gauge(3)]),
    ).toEqual(
      new Map([
        [1, [3]],
        [2, [3]],
        [3, [1, 2]],
      ]),
    );
  });
});
