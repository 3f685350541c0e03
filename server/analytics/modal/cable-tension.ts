import { fitLine } from '../line-fit.ts';

/** A cable: its free length, mass per metre and, when known, its bending stiffness. */
export interface CableSpec {
  lengthM: number;
  massPerM: number;
  bendingStiffnessNm2?: number;
}

export interface Harmonic {
  order: number;
  frequencyHz: number;
}

export interface TensionEstimate {
  tensionN: number;
  /** Spread of the per-harmonic tensions (standard deviation; 0 with the regression). */
  spreadN: number;
  /** Each harmonic's tension (with EI known) in the order given. */
  perHarmonicN: number[];
  /** ξ = L√(T/EI): the cable's slenderness; the correction is asymptotic in 1/ξ. */
  xi: number | null;
  /** Fitted EI when it was not given (the regression's slope). */
  fittedBendingStiffnessNm2: number | null;
  method: 'clamped-bending-correction' | 'harmonic-regression';
}

/**
 * Picks the harmonic series n·f₁ (n = 1..count) from identified frequencies: for each n the
 * frequency nearest n·f₁ within a quarter of f₁, f₁ the lowest frequency given at or above
 * `minHz`; a harmonic not found is left out (never filled by a neighbour's). Bending stiffness
 * stretches a stay's series by a few per cent of n·f₁ at the first harmonics, well within that.
 */
export function harmonicSeries(frequenciesHz: readonly number[], count = 5, minHz = 0): Harmonic[] {
  const sorted = frequenciesHz.filter((f) => f >= minHz).sort((a, b) => a - b);
  const f1 = sorted[0];
  if (f1 === undefined) return [];
  const series: Harmonic[] = [];
  for (let n = 1; n <= count; n += 1) {
    let best: number | undefined;
    for (const f of sorted) {
      const off = Math.abs(f - n * f1);
      if (off <= 0.25 * f1 && (best === undefined || off < Math.abs(best - n * f1))) best = f;
    }
    if (best !== undefined) series.push({ order: n, frequencyHz: best });
  }
  return series;
}

/**
 * Cable tension from its harmonic series. Taut string: f_n = (n/2L)·√(T/m). With EI known, the
 * bending-stiffness correction for a cable clamped in its anchorages and negligible sag,
 * f_n = (n/2L)·√(T/m)·(1 + 2/ξ + (4 + n²π²/2)/ξ²), ξ = L√(T/EI) (Mehrabi & Tabatabai 1998,
 * J. Struct. Eng. 124:1313, their bending-stiffness factor), solved for T per harmonic by
 * fixed-point iteration and averaged. Without EI, (f_n/n)² = T/(4mL²) + π²EI·n²/(4mL⁴), the
 * pinned-end tensioned beam (Timoshenko, Vibration Problems in Engineering), fitted by least
 * squares over the harmonics: its intercept gives T, its slope EI.
 */
export function cableTension(cable: CableSpec, harmonics: readonly Harmonic[]): TensionEstimate {
  const { lengthM: l, massPerM: m } = cable;
  if (harmonics.length === 0) throw new RangeError('no harmonics to estimate the tension from');
  const ei = cable.bendingStiffnessNm2;
  if (ei !== undefined && ei > 0) {
    const perHarmonicN = harmonics.map(({ order: n, frequencyHz: f }) => {
      let t = 4 * m * l * l * (f / n) ** 2;
      for (let iteration = 0; iteration < 50; iteration += 1) {
        const xi = l * Math.sqrt(t / ei);
        const factor = 1 + 2 / xi + (4 + (n * n * Math.PI ** 2) / 2) / xi ** 2;
        const next = 4 * m * l * l * (f / (n * factor)) ** 2;
        if (Math.abs(next - t) <= 1e-12 * t) break;
        t = next;
      }
      return t;
    });
    const tensionN = perHarmonicN.reduce((s, v) => s + v, 0) / perHarmonicN.length;
    const spreadN =
      perHarmonicN.length < 2
        ? 0
        : Math.sqrt(
            perHarmonicN.reduce((s, v) => s + (v - tensionN) ** 2, 0) / (perHarmonicN.length - 1),
          );
    return {
      tensionN,
      spreadN,
      perHarmonicN,
      xi: l * Math.sqrt(tensionN / ei),
      fittedBendingStiffnessNm2: null,
      method: 'clamped-bending-correction',
    };
  }
  // One harmonic: the taut string (the fit's slope is then 0).
  const { slope, intercept } = fitLine(
    harmonics.map(({ order: n, frequencyHz: f }) => [n * n, (f / n) ** 2]),
  );
  const tensionN = 4 * m * l * l * intercept;
  return {
    tensionN,
    spreadN: 0,
    perHarmonicN: harmonics.map(({ order: n, frequencyHz: f }) => 4 * m * l * l * (f / n) ** 2),
    xi: null,
    fittedBendingStiffnessNm2: (4 * m * l ** 4 * slope) / Math.PI ** 2,
    method: 'harmonic-regression',
  };
}
