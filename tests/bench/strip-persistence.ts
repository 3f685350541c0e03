// The located-change strip's persistence rule (decision 076, amendment 2026-12-02):
// `npx tsx tests/bench/strip-persistence.ts`. 076's beam, sensors, noise, records and noise floor;
// per trial 6 reference windows, 10 healthy newest windows, then 8 windows with a 10 % loss.
// PERSIST_SET=tuning (10-minute trials 200-205, bursts 200-214) chooses the rule;
// PERSIST_SET=reporting (300-305, 300-314) chooses nothing and prints 1 of 1 against the chosen
// rule. Amendment (i), on the logger-filtered records: PERSIST_SET=tuning-i (10-minute trials
// 400-409, bursts 400-419) and reporting-i (425-434, 425-444), candidates 1 of 1, 2 of 2 ±1 and
// 3 of 3 ±1. PERSIST_CACHE=FILE keeps identified windows (JSON lines) for reruns.
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
const RECORDS: Record<Kind, BeamRecord | undefined> = { minutes10: undefined, burst: DEMO_BURST };
type SetName = 'tuning' | 'reporting' | 'tuning-i' | 'reporting-i';
/** Each set's first trial and number of trials per record kind. */
const SETS: Record<SetName, Record<Kind, { first: number; trials: number }>> = {
  tuning: { minutes10: { first: 200, trials: 6 }, burst: { first: 200, trials: 15 } },
  reporting: { minutes10: { first: 300, trials: 6 }, burst: { first: 300, trials: 15 } },
  'tuning-i': { minutes10: { first: 400, trials: 10 }, burst: { first: 400, trials: 20 } },
  'reporting-i': { minutes10: { first: 425, trials: 10 }, burst: { first: 425, trials: 20 } },
};

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
  const record = RECORDS[kind];
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
/** Amendment (i)'s candidates: no persistence, the current rule, a stricter one. */
const CANDIDATES_I: PersistenceRule[] = [
  { agree: 1, of: 1, toleranceSensors: 0 },
  STRIP_PERSISTENCE,
  { agree: 3, of: 3, toleranceSensors: 1 },
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
  set: SetName,
  rules: readonly PersistenceRule[] = {
    tuning: CANDIDATES,
    reporting: [CANDIDATES[0] as PersistenceRule, STRIP_PERSISTENCE],
    'tuning-i': CANDIDATES_I,
    'reporting-i': CANDIDATES_I,
  }[set],
): void {
  const range = (kind: Kind) => {
    const { first, trials } = SETS[set][kind];
    return { first, last: first + trials - 1, trials };
  };
  const rows = (kind: Kind) =>
    Array.from({ length: range(kind).trials }, (_, k) => trialWindows(kind, range(kind).first + k));
  const started = process.cpuUsage();
  const minutes = rows('minutes10');
  const bursts = rows('burst');
  const cpu = process.cpuUsage(started);
  const span = (kind: Kind) => `${range(kind).first}-${range(kind).last}`;
  console.log(
    `strip persistence, ${set} (10-minute trials ${span('minutes10')}, bursts ${span('burst')}); ` +
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
          `  ${kind} ${range(kind).first + k} (element ${r.damaged}): ${r.windows.map((w) => (w.sensor === null ? '.' : `${w.sensor}`)).join(' ')}`,
        ),
      );
    }
  }
}

if (process.argv[1]?.endsWith('strip-persistence.ts')) {
  const set = process.env.PERSIST_SET ?? 'tuning';
  if (!(set in SETS)) throw new Error(`PERSIST_SET must be one of ${Object.keys(SETS).join(', ')}`);
  stripPersistence(set as SetName);
}
