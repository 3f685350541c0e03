// A simulated analogue of the held-out real bridge of issue 15: a year of hourly f1..f4 from
// mid-August, air temperature with seasons, days and weather, a deck that follows the air with a
// lag, frost stiffening below 0 °C, identification scatter of about half a percent with the odd
// mis-picked peak and unidentified mode, and a small progressive stiffness loss in the last five
// weeks. The baseline is the first 200 days (late summer to early March: warm days and a
// winter's frost); spring and early summer are the healthy test, the damage comes in July.
import { createRng } from '../../server/analytics/rng.ts';

export const HOURS = 365 * 24;
export const BASELINE_ROWS = 200 * 24;
export const DAMAGE_FROM = 330 * 24;

const NOMINAL = [3.88, 5.02, 9.8, 10.3];
/** Relative change per °C above freezing (softening when warm). */
const THERMAL = [0.0016, 0.0011, 0.0013, 0.0009];
/** Relative stiffening per °C of frost in the deck (asphalt and soil freezing). */
const FROST = [0.012, 0.01, 0.011, 0.01];
const SCATTER = [0.004, 0.006, 0.005, 0.007];
/** The damage at full size, relative, per mode; it grows in three stages. */
const DAMAGE = [-0.04, -0.01, -0.03, -0.01];

export interface SeasonalBridge {
  /** f1..f4 per hour (NaN = mode not identified). */
  features: number[][];
  /** Air temperature per hour. */
  context: number[][];
  damaged: boolean[];
}

/**
 * The analogue's physics: 'candidate' (a 3-hour deck lag and a smooth frost hinge at 0 °C, among
 * the control charts' candidate forms) or 'off-candidate', decision 028's Limits and decision
 * 081: an 8-hour lag, frost (−1.5 °C − deck)^1.5 / 2, and a quadratic thermal term whose
 * softening per °C grows by a half every 20 °C above 10 °C (the direction in which a linear
 * model extrapolated to warmer days reads a loss). 'unseen' (decision 081, amendment (c)): run
 * once, on the reporting seeds, after the candidate forms were chosen: a 20-hour lag, frost a
 * linear hinge from +1 °C, and a cubic thermal term. 'unseen-2' (decision 081, amendment (d)):
 * run once, on seeds 16-20, after the calibration candidate was chosen: a 6-hour lag, frost a
 * hinge at −2 °C with a 1.2 power, and a square-root thermal law (slope 1 at 10 °C). 'unseen-3'
 * (decision 081, amendment (e)): run once, on seeds 26-30, after the cold-tail candidate was
 * chosen: a 14-hour lag, frost saturating from −1 °C (concave, where the others are convex or
 * linear), and a bilinear thermal law (an expansion joint closing above 18 °C). 'unseen-4'
 * (decision 081 (g)): run once, on seeds 41-45, for the slow re-centring: a 10-hour lag, frost a
 * smooth step at −2 °C (a bearing or the soil locking) plus a small linear part, and a concave
 * thermal law (the curvature opposite to the off-candidate's).
 */
export type AnaloguePhysics =
  'candidate' | 'off-candidate' | 'unseen' | 'unseen-2' | 'unseen-3' | 'unseen-4';

const PHYSICS = {
  candidate: {
    lagHours: 3,
    frost: (deck: number) => Math.log1p(Math.exp(-2 * deck)) / 2, // smooth max(0, −deck)
    thermal: (d: number) => d,
  },
  'off-candidate': {
    lagHours: 8,
    frost: (deck: number) => Math.max(0, -1.5 - deck) ** 1.5 / 2,
    thermal: (d: number) => d + (d * d) / 40,
  },
  unseen: {
    lagHours: 20,
    frost: (deck: number) => 0.7 * Math.max(0, 1 - deck),
    thermal: (d: number) => d + (d * d * d) / 1200,
  },
  'unseen-2': {
    lagHours: 6,
    frost: (deck: number) => 0.6 * Math.max(0, -2 - deck) ** 1.2,
    thermal: (d: number) => 80 * (Math.sqrt(Math.max(0, 1 + d / 40)) - 1),
  },
  'unseen-3': {
    lagHours: 14,
    frost: (deck: number) => 8 * (1 - Math.exp(-Math.max(0, -1 - deck) / 6)),
    thermal: (d: number) => d + 0.5 * Math.max(0, d - 8),
  },
  'unseen-4': {
    lagHours: 10,
    frost: (deck: number) => 3 / (1 + Math.exp(deck + 2)) + 0.25 * Math.max(0, -deck),
    thermal: (d: number) => d - (d * d) / 80,
  },
} satisfies Record<AnaloguePhysics, unknown>;

/**
 * `hours` longer than a year repeats the seasons (issue 29's multi-year healthy runs);
 * `damageFrom` moves or (Infinity) removes the built-in damage. The defaults are the original
 * year, row for row.
 */
export function seasonalBridge(
  seed: number,
  options: { hours?: number; damageFrom?: number; physics?: AnaloguePhysics } = {},
): SeasonalBridge {
  const physics = PHYSICS[options.physics ?? 'candidate'];
  const hours = options.hours ?? HOURS;
  const damageFrom = options.damageFrom ?? DAMAGE_FROM;
  const rng = createRng(seed);
  const features: number[][] = [];
  const context: number[][] = [];
  const damaged: boolean[] = [];
  let weather = 0;
  let deck = 8;
  for (let h = 0; h < hours; h += 1) {
    const day = h / 24;
    // Coldest in mid-January (day 153 from 15 August), warmest in mid-July.
    const seasonal = 9 - 11 * Math.cos((2 * Math.PI * (day - 153)) / 365);
    const daily = 4 * Math.sin((2 * Math.PI * ((h % 24) - 9)) / 24);
    weather = 0.995 * weather + 0.4 * rng.normal();
    const air = seasonal + daily + weather;
    deck += (air - deck) / physics.lagHours; // the deck's thermal lag
    const frost = physics.frost(deck);
    const stage =
      h < damageFrom ? 0 : h < damageFrom + 8 * 24 ? 0.4 : h < damageFrom + 16 * 24 ? 0.7 : 1;
    const common = 0.002 * rng.normal(); // mass of traffic and moisture, on every mode
    features.push(
      NOMINAL.map((f, k) => {
        if (rng.next() < 0.02) return Number.NaN;
        const outlier = rng.next() < 0.005 ? 0.03 * (rng.next() < 0.5 ? -1 : 1) : 0;
        const thermal = -(THERMAL[k] ?? 0) * physics.thermal(deck - 10) + (FROST[k] ?? 0) * frost;
        const loss = stage * (DAMAGE[k] ?? 0);
        return f * (1 + thermal + loss + common + outlier + (SCATTER[k] ?? 0) * rng.normal());
      }),
    );
    context.push([Math.round(air * 10) / 10]);
    damaged.push(stage > 0);
  }
  return { features, context, damaged };
}
