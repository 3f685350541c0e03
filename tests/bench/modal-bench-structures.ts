// The cable case of `npm run bench:modal` (issue 31, decision 046); the beam's localisation is
// in modal-localisation.ts.
import { estimateCableTension } from '../../server/analytics/modal/cable-harmonics.ts';
import { cableTension, harmonicSeries } from '../../server/analytics/modal/cable-tension.ts';
import { identifyModes } from '../../server/analytics/modal/identify-modes.ts';
import { beamModel } from '../../server/sim/beam-model.ts';
import { simulateAccelerations } from '../../server/sim/modal-response.ts';

const CABLE = { lengthM: 100, massPerM: 60, bendingStiffnessNm2: 5e6 };

/** The product's path (decision 079): the harmonic series from the record's spectrum. */
const fromSpectrum = new Map<string, number | null>();

function tensionOf(tensionN: number, seed: number): number {
  const stay = beamModel({
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
  const record = simulateAccelerations(stay, { rateHz: 25, samples: 15_000, noise: 0.02, seed });
  const spectral = estimateCableTension(record[0] ?? new Float64Array(0), 25, CABLE);
  fromSpectrum.set(`${tensionN}:${seed}`, spectral.kind === 'estimated' ? spectral.tensionN : null);
  const result = identifyModes(record, { rateHz: 25, fmaxHz: 8 });
  return cableTension(
    CABLE,
    harmonicSeries(
      result.modes.map((m) => m.frequency_hz),
      5,
      0.5,
    ),
  ).tensionN;
}

/** A 100 m stay at 3 MN and 3.06 MN (+2 %), one accelerometer, 10-minute windows. */
export function cable(windows: number): void {
  const before = Array.from({ length: windows }, (_, k) => tensionOf(3e6, 700 + k));
  const after = Array.from({ length: windows }, (_, k) => tensionOf(3.06e6, 800 + k));
  const errors = [...before.map((t) => t / 3e6 - 1), ...after.map((t) => t / 3.06e6 - 1)];
  const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
  const sd = (v: number[]): number =>
    Math.sqrt(v.reduce((s, x) => s + (x - mean(v)) ** 2, 0) / (v.length - 1));
  const sigma = Math.sqrt(
    (sd(before.map((t) => t / 3e6)) ** 2 + sd(after.map((t) => t / 3.06e6)) ** 2) / 2,
  );
  const change = mean(after) / mean(before) - 1;
  const zDay = 0.02 / (sigma * Math.sqrt(2 / 144));
  const spectral = [...fromSpectrum].map(([key, t]) => {
    const truth = Number(key.split(':')[0]);
    return t === null ? null : t / truth - 1;
  });
  const refused = spectral.filter((e) => e === null).length;
  const worst = Math.max(...spectral.map((e) => Math.abs(e ?? 0)));
  console.log(
    `Cable, the product's path (spectrum, decision 079), same ${spectral.length} windows: worst tension error ${(100 * worst).toFixed(2)} % (goal 3 %: ${worst <= 0.03 && refused === 0 ? 'met' : 'NOT met'}); ${refused} refused`,
  );
  console.log(
    `Cable 100 m, 60 kg/m, EI 5 MN·m², ξ 77, one accelerometer, 10 min, first 5 harmonics, ${windows} windows per state: worst tension error ${(100 * Math.max(...errors.map(Math.abs))).toFixed(2)} % (goal 3 %: ${Math.max(...errors.map(Math.abs)) <= 0.03 ? 'met' : 'NOT met'}); one window's scatter ${(100 * sigma).toFixed(3)} %; measured change ${(100 * change).toFixed(2)} % for +2.00 %; a 2 % change over one day's 144 windows stands ${zDay.toFixed(0)} standard errors out`,
  );
}
