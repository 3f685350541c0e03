import { describe, expect, it } from 'vitest';
import {
  equivalentRangeAt2M,
  minerDamage,
  remainingLife,
  remainingLives,
  type DailyDamage,
} from '../../../../server/analytics/fatigue/miner.ts';
import {
  addRange,
  createHistogram,
  sumHistograms,
  type RangeHistogram,
} from '../../../../server/analytics/fatigue/range-histogram.ts';
import {
  AASHTO_CATEGORIES,
  EUROCODE_CATEGORIES,
  aashtoCurve,
  eurocodeCurve,
  snCurveByName,
} from '../../../../server/analytics/fatigue/sn-curves.ts';
import {
  mpaPerMicrostrain,
  stressFromStrain,
} from '../../../../server/analytics/fatigue/stress.ts';

function spectrum(cycles: [range: number, count: number][]): RangeHistogram {
  const histogram = createHistogram(0.5);
  for (const [range, count] of cycles) addRange(histogram, range, count);
  return histogram;
}

// Detail category 80: ΔσD = 80·(2/5)^(1/3) = 58.944 MPa, ΔσL = ΔσD·(5/100)^(1/5) = 32.377 MPa.
const EC3_80_SPECTRUM: [number, number][] = [
  [120, 1_000], // slope 3: N = 2e6·(80/120)³ = 592 593; d = 1000·27/(2e6·8) = 1.6875e-3
  [70, 20_000], // slope 3: d = 20 000·343/(2e6·512) = 6.69921875e-3
  [45, 1_000_000], // slope 5: N = 5e6·(58.944/45)⁵ = 1.9281e7; d = 0.0518652
  [30, 10_000_000], // under the cut-off 32.377: no damage
];

describe('S-N curves', () => {
  it('puts the Eurocode knees where EN 1993-1-9 Figure 7.1 does', () => {
    const curve = eurocodeCurve(80);
    expect(curve.fatigueLimit).toBeCloseTo(58.9445, 3);
    expect(curve.cutOff).toBeCloseTo(32.3771, 3);
    expect(curve.cyclesToFailure(80)).toBeCloseTo(2e6, -1);
    expect(curve.cyclesToFailure(curve.fatigueLimit) / 5e6).toBeCloseTo(1, 12);
    expect(curve.cyclesToFailure(curve.cutOff) / 1e8).toBeCloseTo(1, 12);
    expect(curve.cyclesToFailure(curve.cutOff * 0.999)).toBe(Infinity);
    expect(eurocodeCurve(36).cutOff).toBeCloseTo(14.57, 2);
    expect(EUROCODE_CATEGORIES).toHaveLength(14);
  });

  it('holds the AASHTO constants in MPa³ and thresholds in MPa of the SI tables', () => {
    const si: Record<string, [number, number]> = {
      A: [82.0e11, 165],
      B: [39.3e11, 110],
      "B'": [20.0e11, 82.7],
      C: [14.4e11, 69.0],
      "C'": [14.4e11, 82.7],
      D: [7.21e11, 48.3],
      E: [3.61e11, 31.0],
      "E'": [1.28e11, 17.9],
    };
    for (const category of AASHTO_CATEGORIES) {
      const curve = aashtoCurve(category);
      const [constant, threshold] = si[category] as [number, number];
      expect(curve.constantMpa3 / constant).toBeCloseTo(1, 2);
      expect(curve.threshold).toBeCloseTo(threshold, 0);
    }
  });

  it('finds a curve by its stored name and refuses unknown ones', () => {
    expect(snCurveByName('EC3 71').rangeAt2M).toBe(71);
    expect(snCurveByName("AASHTO E'").name).toBe("AASHTO E'");
    expect(() => snCurveByName('EC3 70')).toThrow(/70/);
    expect(() => snCurveByName('AASHTO F')).toThrow(/AASHTO F/);
  });
});

describe('strain to stress', () => {
  it('gives MPa from microstrain and GPa: 100 µε on steel (200 GPa) is 20 MPa', () => {
    expect(stressFromStrain(100, 200)).toBeCloseTo(20, 12);
    expect(mpaPerMicrostrain(70)).toBeCloseTo(0.07, 12);
    expect(() => mpaPerMicrostrain(0)).toThrow(/modulus/);
  });
});

describe("Miner's rule", () => {
  it('sums the damage of each Eurocode segment as computed by hand', () => {
    const d = [1.6875e-3, 6.69921875e-3, 0.0518651905, 0];
    EC3_80_SPECTRUM.forEach((cycles, i) => {
      expect(minerDamage(spectrum([cycles]), eurocodeCurve(80))).toBeCloseTo(d[i] as number, 9);
    });
    expect(minerDamage(spectrum(EC3_80_SPECTRUM), eurocodeCurve(80))).toBeCloseTo(0.0602519092, 9);
  });

  it('applies Kf, γFf and γMf to the ranges, moving cycles over the knees', () => {
    // Kf 1.2 × γMf 1.35 = 1.62: 120 → 194.4 and 70 → 113.4 and 45 → 72.9 (slope 3),
    // 30 → 48.6 (slope 5, now above the cut-off): d = 7.17445e-3 + 0.0284819 + 0.378340 + 0.762070.
    const factors = { stressConcentration: 1.2, gammaMf: 1.35 };
    expect(minerDamage(spectrum(EC3_80_SPECTRUM), eurocodeCurve(80), factors)).toBeCloseTo(
      1.176066497,
      8,
    );
    expect(() => minerDamage(spectrum(EC3_80_SPECTRUM), eurocodeCurve(80), { gammaFf: 0 })).toThrow(
      /gammaFf/,
    );
  });

  it('extends the AASHTO line below the constant-amplitude threshold', () => {
    // Category C: A = 44·10⁸ ksi³ = 1.44215·10¹² MPa³; 10⁶ cycles of 40 MPa (under the 69 MPa
    // threshold): d = 10⁶·40³ / A = 0.0443783.
    expect(minerDamage(spectrum([[40, 1e6]]), aashtoCurve('C'))).toBeCloseTo(0.0443782737, 9);
  });

  it('gives the damage of a year summed from daily histograms as the sum of the daily damages', () => {
    const days = Array.from({ length: 365 }, (_, day) =>
      spectrum([
        [30 + (day % 7) * 5, 2_000],
        [80 + (day % 11), 40],
      ]),
    );
    const curve = eurocodeCurve(71);
    const daily = days.reduce((sum, histogram) => sum + minerDamage(histogram, curve), 0);
    expect(minerDamage(sumHistograms(days), curve)).toBeCloseTo(daily, 12);
  });
});

describe('equivalent stress range at 2 million cycles', () => {
  it('is (Σ n·Δσ³ / 2·10⁶)^(1/3) when every range is on the slope-3 part', () => {
    // Category 56 (ΔσD = 41.3): 10⁶ × 100 MPa and 10⁶ × 80 MPa: (1.512·10¹² / 2·10⁶)^(1/3) = 91.0977.
    const curve = eurocodeCurve(56);
    const histogram = spectrum([
      [100, 1e6],
      [80, 1e6],
    ]);
    expect(equivalentRangeAt2M(minerDamage(histogram, curve), curve)).toBeCloseTo(91.0977, 3);
    // Partial factors cancel out; the stress concentration does not.
    const factored = { gammaFf: 1.1, gammaMf: 1.35 };
    expect(
      equivalentRangeAt2M(minerDamage(histogram, curve, factored), curve, factored),
    ).toBeCloseTo(91.0977, 3);
    const kf = { stressConcentration: 1.2 };
    expect(equivalentRangeAt2M(minerDamage(histogram, curve, kf), curve, kf)).toBeCloseTo(
      109.3172,
      3,
    );
  });

  it('follows the bilinear curve through D below the fatigue limit', () => {
    const curve = eurocodeCurve(80);
    // 80 · 0.0602519^(1/3) = 31.3627 MPa
    expect(equivalentRangeAt2M(minerDamage(spectrum(EC3_80_SPECTRUM), curve), curve)).toBeCloseTo(
      31.3627,
      3,
    );
  });
});

describe('remaining life', () => {
  const days = (count: number, damage: number, lastDay = '2026-11-22'): DailyDamage[] =>
    Array.from({ length: count }, (_, i) => ({
      day: new Date(Date.parse(`${lastDay}T00:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10),
      damage,
    }));

  it('divides the damage left by the rate of the last 90 days; 365 only after a year', () => {
    const lives = remainingLives(0.5, days(100, 1e-4), '2026-11-22');
    // 1e-4 per day = 0.036525 per year: 0.5 / 0.036525 = 13.689 years.
    expect(lives.last90Days?.years).toBeCloseTo(13.6893, 3);
    expect(lives.last90Days?.days).toBe(90);
    expect(lives.last365Days).toBeNull();
  });

  it('uses the last 365 days once the history is a year long', () => {
    const older = days(400, 1e-4).map((entry, i) => (i >= 90 ? { ...entry, damage: 3e-4 } : entry));
    const lives = remainingLives(0.2, older, '2026-11-22');
    expect(lives.last90Days?.years).toBeCloseTo(0.8 / 0.036525, 6);
    // (90·1e-4 + 275·3e-4) / 365 per day
    expect(lives.last365Days?.ratePerYear).toBeCloseTo(((90e-4 + 275 * 3e-4) / 365) * 365.25, 10);
  });

  it('averages over the days with data only, and says zero past D = 1', () => {
    const sparse = days(90, 2e-4).filter((_, i) => i % 3 === 0);
    expect(remainingLife(0.5, sparse, '2026-11-22', 90)?.ratePerYear).toBeCloseTo(
      2e-4 * 365.25,
      10,
    );
    expect(remainingLife(1.2, sparse, '2026-11-22', 90)?.years).toBe(0);
    expect(remainingLife(0.5, days(90, 0), '2026-11-22', 90)?.years).toBe(Infinity);
    expect(remainingLife(0.5, [], '2026-11-22', 90)).toBeNull();
    expect(() => remainingLife(0.5, [], '22/11/2026', 90)).toThrow(/lastDay/);
  });
});
