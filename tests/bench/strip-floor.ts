// The located-change strip's noise floor (decision 076, amendment 2026-12-01 "The located-change
// strip's noise floor"): `npx tsx tests/bench/strip-floor.ts`. The 20-element beam of
// `bench:modal`, 11 sensors, 2 % noise; per trial six healthy reference windows, healthy newest
// windows and one newest window with a 10 % stiffness loss, as 10-minute windows (50 Hz) and as
// demo-like one-minute bursts (20 Hz, up to 8 Hz).
// STRIP_SET=tuning (trials 200-205 ten-minute, 200-214 bursts) chose the margin;
// STRIP_SET=reporting (300-305, 300-314) chose nothing. STRIP_CACHE=FILE keeps each trial's
// identified windows (JSON lines) so a rerun with another margin skips the identification.
import {
  referenceCurvature,
  standardisedCurvatureChange,
} from '../../server/analytics/modal/reference-curvature.ts';
import { stripNoiseFloor } from '../../server/analytics/modal/strip-noise-floor.ts';
import {
  BEAM_SENSORS_M,
  BEAM_SUPPORTS,
  beamElement,
  DEMO_BURST,
  identifiedWindow,
  localisationBeam,
  localisationTrial,
  type BeamRecord,
} from '../helpers/beam-windows.ts';
import type { BeamModel } from '../../server/sim/beam-model.ts';
import { identifiedCache } from './identified-cache.ts';

const REFERENCE_WINDOWS = 6;
type Kind = 'minutes10' | 'burst';
const RECORDS: Record<Kind, { record?: BeamRecord; trials: number; healthy: number }> = {
  minutes10: { trials: 6, healthy: 1 },
  burst: { record: DEMO_BURST, trials: 15, healthy: 5 },
};
const FIRST = { tuning: 200, reporting: 300 } as const;

/** One trial's statistics, independent of the margin. */
interface TrialStats {
  key: string;
  damaged: number;
  /** Leave-one-out floor; null when it could not be formed. */
  floor: number | null;
  healthyPeaks: (number | null)[];
  damagedPeak: number | null;
  damagedElement: number | null;
}

const peakOf = (index: readonly number[]) => Math.max(...index);

const cache = identifiedCache(process.env.STRIP_CACHE);
const identified = (key: string, model: () => BeamModel, seed: number, record?: BeamRecord) =>
  cache.get(key, () => identifiedWindow(model(), seed, record));

function runTrial(kind: Kind, t: number): TrialStats {
  const { record, healthy } = RECORDS[kind];
  const { damaged, referenceSeeds, damagedSeed } = localisationTrial(t);
  const intact = localisationBeam(-1, 1);
  const windows = referenceSeeds(REFERENCE_WINDOWS).map((seed, w) =>
    identified(`${kind}-ref-${t}-${w}`, () => intact, seed, record),
  );
  const reference = referenceCurvature(windows, BEAM_SENSORS_M, BEAM_SUPPORTS);
  const noise = stripNoiseFloor(windows, BEAM_SENSORS_M, BEAM_SUPPORTS, 0);
  const compare = (key: string, seed: number, damagedElement: number) => {
    const model = () => (damagedElement < 0 ? intact : localisationBeam(damagedElement, 0.9));
    const change = standardisedCurvatureChange(
      reference,
      identified(key, model, seed, record),
      BEAM_SENSORS_M,
      BEAM_SUPPORTS,
    );
    return change.pairs.length === 0
      ? null
      : { peak: peakOf(change.index), element: beamElement(change.locationM) };
  };
  const healthyPeaks = Array.from(
    { length: healthy },
    (_, k) => compare(`${kind}-healthy-${t}-${k}`, 30_000 + 10 * t + k, -1)?.peak ?? null,
  );
  const hurt = compare(`${kind}-dam10-${t}`, damagedSeed, damaged);
  return {
    key: `${kind}-${t}`,
    damaged,
    floor: reference.length === 0 ? null : (noise?.floor ?? null),
    healthyPeaks,
    damagedPeak: hurt?.peak ?? null,
    damagedElement: hurt?.element ?? null,
  };
}

function summary(kind: Kind, rows: TrialStats[], margin: number): string {
  const healthy = rows.flatMap((r) => r.healthyPeaks.map((p) => ({ p, floor: r.floor })));
  const shown = (p: number | null, floor: number | null) =>
    p !== null && floor !== null && p > floor + margin;
  const falseAfter = healthy.filter((h) => shown(h.p, h.floor)).length;
  const falseBefore = healthy.filter((h) => h.p !== null).length;
  const hit = (r: TrialStats) =>
    r.damagedElement !== null && Math.abs(r.damagedElement - r.damaged) <= 1;
  const hitsBefore = rows.filter(hit).length;
  const hitsAfter = rows.filter((r) => hit(r) && shown(r.damagedPeak, r.floor)).length;
  const shownDamaged = rows.filter((r) => shown(r.damagedPeak, r.floor)).length;
  return (
    `${kind} margin ${margin.toFixed(1)}: healthy windows located before ${falseBefore}/${healthy.length}, ` +
    `after ${falseAfter}/${healthy.length}; 10 % loss located within ±1 element before ${hitsBefore}/${rows.length}, ` +
    `after ${hitsAfter}/${rows.length} (shown at all ${shownDamaged}/${rows.length})`
  );
}

function main(): void {
  const set = process.env.STRIP_SET === 'reporting' ? 'reporting' : 'tuning';
  const kinds = (process.env.STRIP_KINDS?.split(',') as Kind[] | undefined) ?? [
    'burst',
    'minutes10',
  ];
  const margins =
    set === 'tuning'
      ? Array.from({ length: 41 }, (_, k) => k * 0.5)
      : [Number(process.env.STRIP_MARGIN)];
  for (const kind of kinds) {
    const rows: TrialStats[] = [];
    for (let k = 0; k < RECORDS[kind].trials; k += 1) {
      rows.push(runTrial(kind, FIRST[set] + k));
    }
    if (process.env.STRIP_QUIET) continue;
    for (const margin of margins) console.log(summary(kind, rows, margin));
    if (set === 'tuning') {
      for (const r of rows) {
        console.log(
          `  ${r.key} floor ${r.floor?.toFixed(2)} healthy ${r.healthyPeaks.map((p) => p?.toFixed(2)).join(' ')} damaged ${r.damagedPeak?.toFixed(2)} at element ${r.damagedElement} (true ${r.damaged})`,
        );
      }
    }
  }
}

main();
