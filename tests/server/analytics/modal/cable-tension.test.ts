import { describe, expect, it } from 'vitest';
import { cableTension, harmonicSeries } from '../../../../server/analytics/modal/cable-tension';
import { identifyModes } from '../../../../server/analytics/modal/identify-modes';
import { beamModel } from '../../../../server/sim/beam-model';
import { simulateAccelerations } from '../../../../server/sim/modal-response';

const CABLE = { lengthM: 100, massPerM: 60, bendingStiffnessNm2: 5e6 };

function stay(tensionN: number): ReturnType<typeof beamModel> {
  return beamModel({
    spanM: 100,
    elements: 40,
    massPerM: 60,
    bendingStiffnessNm2: 5e6,
    tensionN,
    ends: 'clamped',
    sensorsM: [13],
    dampingRatios: new Array<number>(6).fill(0.003),
    modes: 6,
  });
}

// Built once: the 40-element clamped model takes a second or more on a loaded machine.
const STAY = stay(3e6);

describe('cable tension from vibration', () => {
  it('gives a taut string its tension from one harmonic', () => {
    const f = (2 / 200) * Math.sqrt(2e6 / 60); // second harmonic of a 100 m, 60 kg/m string at 2 MN
    const estimate = cableTension({ lengthM: 100, massPerM: 60 }, [{ order: 2, frequencyHz: f }]);
    expect(estimate.tensionN / 2e6).toBeCloseTo(1, 10);
  });

  it('corrects for bending stiffness: within 0.3 % of the clamped model, where the string is 5 % off', () => {
    const model = STAY;
    const harmonics = model.frequenciesHz
      .slice(0, 5)
      .map((frequencyHz, m) => ({ order: m + 1, frequencyHz }));
    expect(Math.abs(cableTension(CABLE, harmonics).tensionN / 3e6 - 1)).toBeLessThan(0.003);
    const string = cableTension({ lengthM: 100, massPerM: 60 }, harmonics.slice(0, 1));
    expect(string.tensionN / 3e6 - 1).toBeGreaterThan(0.05);
  });

  it('picks the harmonic series out of identified frequencies', () => {
    expect(harmonicSeries([0.3, 1.15, 2.3, 3.47, 4.1, 4.65, 5.86], 5, 0.5)).toEqual([
      { order: 1, frequencyHz: 1.15 },
      { order: 2, frequencyHz: 2.3 },
      { order: 3, frequencyHz: 3.47 },
      { order: 4, frequencyHz: 4.65 },
      { order: 5, frequencyHz: 5.86 },
    ]);
  });

  it('leaves out a harmonic the identification missed instead of taking its neighbour', () => {
    // The fifth harmonic (≈5.86 Hz) missing: 4.65 Hz is the fourth, not the fifth as well.
    expect(harmonicSeries([1.15, 2.3, 3.47, 4.65, 7.09], 5).map((h) => h.order)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('estimates the tension of a simulated stay from one accelerometer within 1 %', () => {
    const record = simulateAccelerations(STAY, {
      rateHz: 25,
      samples: 15_000,
      noise: 0.02,
      seed: 3,
    });
    const result = identifyModes(record, { rateHz: 25, fmaxHz: 8 });
    const harmonics = harmonicSeries(
      result.modes.map((m) => m.frequency_hz),
      5,
      0.5,
    );
    expect(harmonics).toHaveLength(5);
    expect(Math.abs(cableTension(CABLE, harmonics).tensionN / 3e6 - 1)).toBeLessThan(0.01);
  });
});
