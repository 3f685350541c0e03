import { describe, expect, it } from 'vitest';
import {
  identifyModes,
  type IdentifiedMode,
} from '../../../../server/analytics/modal/identify-modes';
import { realMac } from '../../../../server/analytics/modal/mode-shape';
import { createRng } from '../../../../server/analytics/rng';
import {
  shearFrame,
  simulateAccelerations,
  type ModalStructure,
} from '../../../../server/sim/modal-response';

function nearest(modes: readonly IdentifiedMode[], frequencyHz: number): IdentifiedMode {
  const best = [...modes].sort(
    (a, b) => Math.abs(a.frequency_hz - frequencyHz) - Math.abs(b.frequency_hz - frequencyHz),
  )[0];
  if (!best) throw new Error(`no mode near ${frequencyHz} Hz`);
  return best;
}

function expectModes(structure: ModalStructure, modes: readonly IdentifiedMode[]): void {
  structure.frequenciesHz.forEach((f, m) => {
    const mode = nearest(modes, f);
    expect(Math.abs(mode.frequency_hz / f - 1), `mode ${m + 1} frequency`).toBeLessThan(0.005);
    expect(
      Math.abs(mode.damping_ratio - (structure.dampingRatios[m] ?? 0)),
      `mode ${m + 1} damping`,
    ).toBeLessThan(0.003);
    expect(realMac(mode.shape, structure.shapes[m] ?? []), `mode ${m + 1} MAC`).toBeGreaterThan(
      0.95,
    );
    expect(mode.mpc).toBeGreaterThan(0.9);
    expect(Math.max(...mode.shape.map(Math.abs))).toBeCloseTo(1, 12);
  });
}

describe('automated SSI-COV on simulated accelerations (10 min at 50 Hz, 2 % noise)', () => {
  it('identifies the five modes of a shear frame: frequency within 0.5 %, damping within 0.3 points, MAC above 0.95', () => {
    const frame = shearFrame([4000, 3500, 3000, 2500, 2000], [0.01, 0.012, 0.015, 0.018, 0.02]);
    const record = simulateAccelerations(frame, {
      rateHz: 50,
      samples: 30_000,
      noise: 0.02,
      seed: 7,
    });
    const { modes } = identifyModes(record, { rateHz: 50, fminHz: 1 });
    expect(modes).toHaveLength(5);
    expectModes(frame, modes);
    expect(modes.map((m) => m.frequency_hz)).toEqual(
      [...modes.map((m) => m.frequency_hz)].sort((a, b) => a - b),
    );
  });

  it('resolves two modes 1.5 % apart as two', () => {
    const structure: ModalStructure = {
      frequenciesHz: [4, 4.06, 11],
      dampingRatios: [0.01, 0.012, 0.015],
      shapes: [
        [1, 0.8, 0.3, -0.5],
        [0.2, -0.6, 1, 0.7],
        [-0.4, 1, 0.5, 0.9],
      ],
    };
    const record = simulateAccelerations(structure, {
      rateHz: 50,
      samples: 30_000,
      noise: 0.02,
      seed: 11,
    });
    const { modes } = identifyModes(record, { rateHz: 50, fminHz: 1 });
    expect(modes.filter((m) => m.frequency_hz > 3.9 && m.frequency_hz < 4.2)).toHaveLength(2);
    expect(modes).toHaveLength(3);
    expectModes(structure, modes);
  });

  it('still finds the modes when short gaps fall in every few seconds', () => {
    const structure: ModalStructure = {
      frequenciesHz: [3, 8],
      dampingRatios: [0.01, 0.015],
      shapes: [
        [1, 0.6],
        [-0.5, 1],
      ],
    };
    const record = simulateAccelerations(structure, {
      rateHz: 50,
      samples: 15_000,
      noise: 0.02,
      seed: 5,
    });
    for (let t = 250; t < 15_000; t += 500)
      (record[Math.floor(t / 500) % 2] ?? new Float64Array(0))[t] = Number.NaN;
    const result = identifyModes(record, { rateHz: 50 });
    expect(result.record.filledGaps).toBe(30);
    expect(result.modes.map((m) => Number(m.frequency_hz.toFixed(1)))).toEqual([3, 8]);
  });

  it('reports no mode for white noise alone', () => {
    const rng = createRng(3);
    const noise = Array.from({ length: 3 }, () =>
      Float64Array.from({ length: 30_000 }, () => rng.normal()),
    );
    expect(identifyModes(noise, { rateHz: 100, maxOrder: 30 }).modes).toEqual([]);
  });
});
