import { describe, expect, it } from 'vitest';
import { curvature, damageIndices } from '../../../../server/analytics/modal/damage-location';
import { beamModel, evenSensors } from '../../../../server/sim/beam-model';

const SPAN = 40;
const SENSORS = evenSensors(SPAN, 11);
const element = (x: number): number => Math.floor(x / (SPAN / 20));

function beam(damaged: number): ReturnType<typeof beamModel> {
  return beamModel({
    spanM: SPAN,
    elements: 20,
    f1Hz: 1.5,
    sensorsM: SENSORS,
    dampingRatios: [],
    modes: 3,
    stiffnessFactors: Array.from({ length: 20 }, (_, e) => (e === damaged ? 0.9 : 1)),
  });
}

describe('damage located along the span', () => {
  const intact = beam(-1);

  it('finds no change between identical states: COMAC 1 and zero curvature change', () => {
    const result = damageIndices(intact, intact, SENSORS, [0, SPAN]);
    for (const value of result.comac) expect(value).toBeCloseTo(1, 12);
    for (const value of result.curvatureChange) expect(value).toBeCloseTo(0, 12);
    expect(result.pairs).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it.each([2, 7, 10, 13, 17])(
    'locates a tenth of the stiffness lost in element %i within one element from exact shapes',
    (damaged) => {
      const result = damageIndices(intact, beam(damaged), SENSORS, [0, SPAN]);
      expect(Math.abs(element(result.flexibilityLocationM) - damaged)).toBeLessThanOrEqual(1);
      expect(Math.abs(element(result.curvatureLocationM) - damaged)).toBeLessThanOrEqual(1);
    },
  );

  it('takes curvature as second differences closed by the supports', () => {
    const shape = SENSORS.map((x) => x * (SPAN - x)); // curvature −2 everywhere
    for (const value of curvature(shape, SENSORS, [0, SPAN])) expect(value).toBeCloseTo(-2, 9);
  });
});
