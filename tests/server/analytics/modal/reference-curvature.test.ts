import { describe, expect, it } from 'vitest';
import { damageIndices, type ModeSet } from '../../../../server/analytics/modal/damage-location';
import {
  referenceCurvature,
  standardisedCurvatureChange,
} from '../../../../server/analytics/modal/reference-curvature';
import { createRng } from '../../../../server/analytics/rng';
import {
  BEAM_SENSORS_M,
  BEAM_SUPPORTS,
  beamElement,
  identifiedWindow,
  localisationBeam,
  localisationTrial,
} from '../../../helpers/beam-windows';

/** The model's first three shapes with noise of 0.1 % of the largest entry (0.22) per sensor: one reference window. */
function noisyWindow(damaged: number, seed: number): ModeSet {
  const rng = createRng(seed);
  const model = localisationBeam(damaged, 0.9);
  return {
    frequenciesHz: model.frequenciesHz.slice(0, 3),
    shapes: model.shapes.slice(0, 3).map((shape) => shape.map((v) => v + 0.0002 * rng.normal())),
  };
}

describe('damage located by the standardised curvature change', () => {
  const windows = [1, 2, 3, 4, 5, 6].map((seed) => noisyWindow(-1, seed));

  it('keeps each mode of the reference with its scatter between windows', () => {
    const reference = referenceCurvature(windows, BEAM_SENSORS_M, BEAM_SUPPORTS);
    expect(reference).toHaveLength(3);
    for (const mode of reference) {
      expect(mode.windows).toBe(6);
      expect(mode.sigma).toBeGreaterThan(0);
    }
  });

  it('leaves out a mode found in fewer than three windows', () => {
    const few = windows.map((w, k) =>
      k < 2 ? w : { frequenciesHz: w.frequenciesHz.slice(0, 2), shapes: w.shapes.slice(0, 2) },
    );
    expect(referenceCurvature(few, BEAM_SENSORS_M, BEAM_SUPPORTS)).toHaveLength(2);
  });

  it.each([2, 7, 10, 13, 17])(
    'locates a tenth of the stiffness lost in element %i within one element from exact shapes',
    (damaged) => {
      const reference = referenceCurvature(windows, BEAM_SENSORS_M, BEAM_SUPPORTS);
      const model = localisationBeam(damaged, 0.9);
      const result = standardisedCurvatureChange(reference, model, BEAM_SENSORS_M, BEAM_SUPPORTS);
      expect(result.pairs).toHaveLength(3);
      expect(Math.abs(beamElement(result.locationM) - damaged)).toBeLessThanOrEqual(1);
    },
  );

  it(
    'locates element 4 from identified windows (tuning trial 3), where one reference window missed',
    { timeout: 120_000 },
    () => {
      const { damaged, referenceSeeds, damagedSeed } = localisationTrial(3);
      const intact = localisationBeam(-1, 1);
      const references = referenceSeeds(6).map((seed) => identifiedWindow(intact, seed));
      const changed = identifiedWindow(localisationBeam(damaged, 0.9), damagedSeed);
      const reference = referenceCurvature(references, BEAM_SENSORS_M, BEAM_SUPPORTS);
      const result = standardisedCurvatureChange(reference, changed, BEAM_SENSORS_M, BEAM_SUPPORTS);
      expect(damaged).toBe(4);
      expect(Math.abs(beamElement(result.locationM) - damaged)).toBeLessThanOrEqual(1);
      // Decision 046's first method, against reference window 0 alone, put it at element 6 while
      // the simulator folded the 37.5 Hz mode to 12.49 Hz; with the logger filter (decision 076
      // (g)) at element 5.
      const first = damageIndices(references[0] as ModeSet, changed, BEAM_SENSORS_M, BEAM_SUPPORTS);
      expect(beamElement(first.curvatureLocationM)).toBe(5);
    },
  );
});
