import { describe, expect, it } from 'vitest';
import { beamModel, evenSensors } from '../../../server/sim/beam-model';
import { trafficAndWindForces } from '../../../server/sim/beam-loads';
import { simulateAccelerations } from '../../../server/sim/modal-response';

const SENSORS = evenSensors(40, 11);

describe('20-element Euler-Bernoulli beam', () => {
  it('has the simply supported beam frequencies n²·f₁ and sine shapes', () => {
    const beam = beamModel({
      spanM: 40,
      elements: 20,
      f1Hz: 1.5,
      sensorsM: SENSORS,
      dampingRatios: [],
      modes: 4,
    });
    beam.frequenciesHz.forEach((f, m) => expect(f / (1.5 * (m + 1) ** 2)).toBeCloseTo(1, 3));
    // Mass-normalised with m = 1: φ₁(x) = √(2/L)·sin(πx/L).
    SENSORS.forEach((x, j) =>
      expect(beam.shapes[0]?.[j]).toBeCloseTo(Math.sqrt(2 / 40) * Math.sin((Math.PI * x) / 40), 4),
    );
  });

  it('loses frequency when an element loses stiffness, most in the modes bending there', () => {
    const intact = beamModel({
      spanM: 40,
      elements: 20,
      f1Hz: 1.5,
      sensorsM: SENSORS,
      dampingRatios: [],
      modes: 2,
    });
    const factors = Array.from({ length: 20 }, (_, e) => (e === 10 ? 0.9 : 1));
    const damaged = beamModel({
      spanM: 40,
      elements: 20,
      f1Hz: 1.5,
      sensorsM: SENSORS,
      dampingRatios: [],
      modes: 2,
      stiffnessFactors: factors,
    });
    const drop = damaged.frequenciesHz.map((f, m) => 1 - f / (intact.frequenciesHz[m] ?? 1));
    expect(drop[0]).toBeGreaterThan(0.003); // mid-span: the first mode's largest moment
    expect(drop[1]).toBeLessThan(0.001); // the second mode's node
  });

  it('models a clamped stay: a tensioned beam whose harmonics exceed the taut string by its bending', () => {
    const cable = beamModel({
      spanM: 100,
      elements: 40,
      massPerM: 60,
      bendingStiffnessNm2: 5e6,
      tensionN: 3e6,
      ends: 'clamped',
      sensorsM: [13],
      dampingRatios: [],
      modes: 3,
    });
    const string = Math.sqrt(3e6 / 60) / 200;
    const xi = 100 * Math.sqrt(3e6 / 5e6);
    cable.frequenciesHz.forEach((f, m) => {
      const n = m + 1;
      expect(f / (n * string)).toBeGreaterThan(1.02);
      expect(
        f / (n * string * (1 + 2 / xi + (4 + (n * n * Math.PI ** 2) / 2) / xi ** 2)),
      ).toBeCloseTo(1, 3);
    });
  });

  it('drives the beam with traffic and wind: every channel moves, the record repeats for a seed', () => {
    const beam = beamModel({
      spanM: 40,
      elements: 20,
      f1Hz: 1.5,
      sensorsM: SENSORS,
      dampingRatios: [0.01, 0.01, 0.01],
      modes: 3,
    });
    const load = {
      spanM: 40,
      rateHz: 50,
      samples: 3000,
      seed: 4,
      vehiclesPerMinute: 6,
      windShare: 0.05,
    };
    const record = simulateAccelerations(beam, {
      rateHz: 50,
      samples: 3000,
      noise: 0.02,
      seed: 9,
      modalForces: trafficAndWindForces(beam, load),
    });
    const again = simulateAccelerations(beam, {
      rateHz: 50,
      samples: 3000,
      noise: 0.02,
      seed: 9,
      modalForces: trafficAndWindForces(beam, load),
    });
    expect(record).toHaveLength(11);
    for (const channel of record) expect(channel.some((v) => Math.abs(v) > 0)).toBe(true);
    expect(again[5]).toEqual(record[5]);
  });
});
