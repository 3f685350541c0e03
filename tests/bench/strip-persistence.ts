// The located-change strip's persistence rule (decision 076, amendment 2026-12-02):
// `npx tsx tests/bench/strip-persistence.ts`. 076's beam, sensors, noise, records and noise floor;
// per trial 6 reference windows, 10 healthy newest windows, then 8 windows with a 10 % loss.
// PERSIST_SET=tuning (10-minute trials 200-205, bursts 200-214) chooses the rule;
// PERSIST_SET=reporting (300-305, 300-314) chooses nothing and prints 1 of 1 against the chosen
// rule. PERSIST_CACHE=FILE keeps identified windows (JSON lines) for reruns.
import { loadavg } from 'node:os';
import {
  referenceCurvature,
  standardisedCurvatureChange,
} from '../../server/analytics/modal/reference-curvature.ts';
import { standsOut, stripNoiseFloor } from '../../server/analytics/modal/strip-noise-floor.ts';
import {
  nearestSensor,
  persistenceOf,
  STRIP_PERSISTENCE,
  type PersistenceRule,
} from '../../server/analytics/modal/strip-persistence.ts';
import type { BeamModel } from '../../server/sim/beam-model.ts';
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
import { identifiedCache } from './identified-cache.ts';

const REFERENCE_WINDOWS = 6;
const HEALTHY_WINDOWS = 10;
const DAMAGED_WINDOWS = 8;
type Kind = 'minutes10' | 'burst';
const RECORDS: Record<Kind, { record?: BeamRecord; trials: number }> = {
  minutes10: { trials: 6 },
  burst: { record: DEMO_BURST, trials: 15 },
};
const FIRST = { tuning: 200, reporting: 300 } as const;

/** One compared window: the sensor it names (null: nothing stands out) and where it locates. */
interface Named {
  sensor: number | null;
  element: number | null;
}
interface TrialWindows {
  damaged: number;
  /** The 10 healthy then the 8 damaged windows, oldest first. */
  windows: Named[];
}

const cache = identifiedCache(process.env.PERSIST_CACHE);

function trialWindows(kind: Kind, t: number): TrialWindows {
  const { record } = RECORDS[kind];
  const { damaged, referenceSeeds, damagedSeed } = localisationTrial(t);
  const intact = localisationBeam(-1, 1);
  const hurt = localisationBeam(damaged, 0.9);
  const identified = (key: string, model: BeamModel, seed: number) =>
    cache.get(`${kind}-${key}-${t}`, () => identifiedWindow(model, seed, record));
  const sets = referenceSeeds(REFERENCE_WINDOWS).map((seed, w) =>
    identified(`ref${w}`, intact, seed),
  );
  const reference = referenceCurvature(sets, BEAM_SENSORS_M, BEAM_SUPPORTS);
  const noise = stripNoiseFloor(sets, BEAM_SENSORS_M, BEAM_SUPPORTS);
  const named = (key: string, model: BeamModel, seed: number): Named => {
    const change = standardisedCurvatureChange(
      reference,
      identified(key, model, seed),
      BEAM_SENSORS_M,
      BEAM_SUPPORTS,
    );
    if (!noise || change.pairs.length === 0 || !standsOut(change.index, noise)) {
      return { sensor: null, element: null };
    }
    return {
      sensor: nearestSensor(change.locationM, BEAM_SENSORS_M),
      element: beamElement(change.locationM),
    };
  };
  const healthy = Array.from({ length: HEALTHY_WINDOWS }, (_, k) =>
    named(`healthy${k}`, intact, 30_000 + 10 * t + k),
  );
  const lossy = Array.from({ length: DAMAGED_WINDOWS }, (_, k) =>
    named(`dam${k}`, hurt, k === 0 ? damagedSeed : 40_000 + 10 * t + k),
  );
  return { damaged, windows: [...healthy, ...lossy] };
}

interface Score {
  falseLocations: number;
  healthyWindows: number;
  /** Windows (1-8) the first report took, per located trial. */
  windowsToLocate: number[];
  wrong: number;
  trials: number;
}

function score(rows: readonly TrialWindows[], rule: PersistenceRule): Score {
  const result: Score = {
    falseLocations: 0,
    healthyWindows: 0,
    windowsToLocate: [],
    wrong: 0,
    trials: rows.length,
  };
  for (const row of rows) {
    let first: { k: number; element: number | null } | null = null;
    row.windows.forEach((w, i) => {
      const newestFirst = row.windows
        .slice(0, i + 1)
        .reverse()
        .map((x) => x.sensor);
      const reported = persistenceOf(newestFirst, rule).persistent;
      if (i < HEALTHY_WINDOWS) {
        result.healthyWindows += 1;
        if (reported) result.falseLocations += 1;
      } else if (reported && first === null) {
        first = { k: i - HEALTHY_WINDOWS + 1, element: w.element };
      }
    });
    const found = first as { k: number; element: number | null } | null;
    if (found && found.element !== null && Math.abs(found.element - row.damaged) <= 1) {
      result.windowsToLocate.push(found.k);
    } else if (found) result.wrong += 1;
  }
  return result;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.floor((s.length - 1) / 2)] ?? Number.NaN);
};
const ruleName = (r: PersistenceRule) => `${r.agree} of ${r.of}, ±${r.toleranceSensors}`;
const CANDIDATES: PersistenceRule[] = [
  { agree: 1, of: 1, toleranceSensors: 0 },
  ...[
    [2, 2],
    [2, 3],
    [3, 3],
  ].flatMap(([agree = 0, of = 0]) =>
    [0, 1].map((toleranceSensors) => ({ agree, of, toleranceSensors })),
  ),
];

function line(rule: PersistenceRule, minutes: Score, bursts: Score): string {
  const loc = (s: Score) =>
    `${s.windowsToLocate.length}/${s.trials} within ${DAMAGED_WINDOWS} (median ${median(s.windowsToLocate)} windows; wrong first ${s.wrong})`;
  return (
    `| ${ruleName(rule)} | ${minutes.falseLocations}/${minutes.healthyWindows} | ` +
    `${bursts.falseLocations}/${bursts.healthyWindows} | ${loc(minutes)} | ${loc(bursts)} |`
  );
}

/** Runs a set and prints the table; `rules` defaults to every candidate (tuning). */
export function stripPersistence(
  set: 'tuning' | 'reporting',
  rules: readonly PersistenceRule[] = set === 'tuning'
    ? CANDIDATES
    : [CANDIDATES[0] as PersistenceRule, STRIP_PERSISTENCE],
): void {
  const rows = (kind: Kind) =>
    Array.from({ length: RECORDS[kind].trials }, (_, k) => trialWindows(kind, FIRST[set] + k));
  const started = process.cpuUsage();
  const minutes = rows('minutes10');
  const bursts = rows('burst');
  const cpu = process.cpuUsage(started);
  console.log(
    `strip persistence, ${set} (10-minute trials ${FIRST[set]}-${FIRST[set] + 5}, bursts ${FIRST[set]}-${FIRST[set] + 14}); ` +
      `CPU ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(
    '| rule | healthy 10-min located | healthy bursts located | 10 % loss, 10-min | 10 % loss, bursts |',
  );
  for (const rule of rules) console.log(line(rule, score(minutes, rule), score(bursts, rule)));
  if (process.env.PERSIST_VERBOSE) {
    for (const [kind, all] of [
      ['minutes10', minutes],
      ['burst', bursts],
    ] as const) {
      all.forEach((r, k) =>
        console.log(
          `  ${kind} ${FIRST[set] + k} (element ${r.damaged}): ${r.windows.map((w) => (w.sensor === null ? '.' : `${w.sensor}`)).join(' ')}`,
        ),
      );
    }
  }
}

if (process.argv[1]?.endsWith('strip-persistence.ts')) {
  stripPersistence(process.env.PERSIST_SET === 'reporting' ? 'reporting' : 'tuning');
}
