// Localisation case of `npm run bench:modal` (issue 31; decision 046, "Localisation, 2026-11-30"),
// runnable alone: `npx tsx tests/bench/modal-localisation.ts`. A 10 % stiffness loss in one
// element of the 20-element beam, 11 sensors, 2 % noise, 10 minutes at 50 Hz per window.
// TUNING trials 0-59 chose the method and its constants; REPORTING trials 100-149 were never
// used for any choice. LOCALISATION_SETS=reporting runs only the latter; LOCALISATION_CACHE=FILE
// keeps each window's identified modes (JSON lines by key) so a rerun skips the identification.
import { damageIndices, type ModeSet } from '../../server/analytics/modal/damage-location.ts';
import {
  referenceCurvature,
  standardisedCurvatureChange,
} from '../../server/analytics/modal/reference-curvature.ts';
import type { BeamModel } from '../../server/sim/beam-model.ts';
import {
  BEAM_SENSORS_M,
  BEAM_SUPPORTS,
  beamElement,
  identifiedWindow,
  localisationBeam,
  localisationTrial,
} from '../helpers/beam-windows.ts';
import { identifiedCache } from './identified-cache.ts';
import { summariseLocalisation, type Located } from './modal-localisation-summary.ts';

/** Reference windows per trial: an hour of the reference period. */
export const REFERENCE_WINDOWS = 6;
const SETS = { tuning: [0, 60], reporting: [100, 150] } as const;

const cache = identifiedCache(process.env.LOCALISATION_CACHE);

let identifySeconds = 0;
let identifications = 0;

function identified(key: string, model: () => BeamModel, seed: number): ModeSet {
  return cache.get(key, () => {
    const structure = model();
    const started = process.cpuUsage();
    const modes = identifiedWindow(structure, seed);
    const used = process.cpuUsage(started);
    identifySeconds += (used.user + used.system) / 1e6;
    identifications += 1;
    return modes;
  });
}

function trial(t: number, lossPercent: number): Located {
  const { damaged, referenceSeeds, damagedSeed } = localisationTrial(t);
  const intact = localisationBeam(-1, 1);
  const references = referenceSeeds(REFERENCE_WINDOWS).map((seed, w) =>
    identified(`ref-${t}-${w}`, () => intact, seed),
  );
  const changed = identified(
    `dam${lossPercent}-${t}`,
    () => localisationBeam(damaged, 1 - lossPercent / 100),
    damagedSeed,
  );
  const before = damageIndices(references[0] as ModeSet, changed, BEAM_SENSORS_M, BEAM_SUPPORTS);
  const started = performance.now();
  const reference = referenceCurvature(references, BEAM_SENSORS_M, BEAM_SUPPORTS);
  const after = standardisedCurvatureChange(reference, changed, BEAM_SENSORS_M, BEAM_SUPPORTS);
  const milliseconds = performance.now() - started;
  return {
    damaged,
    before: beamElement(before.curvatureLocationM),
    after: beamElement(after.locationM),
    milliseconds,
  };
}

export function localisation(): void {
  const only = process.env.LOCALISATION_SETS;
  for (const [name, [from, to]] of Object.entries(SETS)) {
    if (only && only !== name) continue;
    for (const loss of [10, 5]) {
      const results = Array.from({ length: to - from }, (_, k) => trial(from + k, loss));
      summariseLocalisation(
        `${name.toUpperCase()} trials ${from}-${to - 1}, ${loss} % loss`,
        results,
        loss === 10,
      );
    }
  }
  if (identifications > 0) {
    console.log(
      `  identification: ${identifications} windows, ${(identifySeconds / identifications).toFixed(2)} s CPU each`,
    );
  }
}

if (process.argv[1]?.endsWith('modal-localisation.ts')) localisation();
