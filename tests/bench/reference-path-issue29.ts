// bench:detect's issue 29 cases on the stored analysis' reference path (BENCH_ONLY=issue29-stored;
// `SEEDS=tuning|reporting npx tsx tests/bench/reference-path-issue29.ts` runs one group). The
// seasonal-bridge analogue, commissioned in mid-August on its first 90 days or its first year,
// then three healthy years, replayed through stored-path-sim.ts: reference versions trained and
// decided as the product does, the active version's control charts and the cumulative shift's
// latched trigger levels. Damage (issue 29's cases, shared with detect-issue29.ts) is injected on
// a copy from mid-March after the reference (day 214, or 579 for the one-year reference) or from
// the next winter's coldest 72 hours, and followed for 6 months through every retraining. False
// alarms are counted on the healthy copy. Tuning seeds 1-3 chose the charts' margin and run
// length, and their own lagged model with the learnt frost floor (decision 067 and its
// 2026-11-30 amendment); reporting seeds 11-15 chose nothing.
import { at } from '../../server/analytics/at.ts';
import { falseAlarmRate } from '../../server/analytics/false-alarm-rate.ts';
import type { TriggerLevel } from '../../domain/trigger-levels.ts';
import {
  HOURS_PER_MONTH,
  ISSUE29_CASES,
  type Issue29Case,
  STIFFENING_CASES,
  AGREEMENT_TUNING_SEEDS,
  REPORTING_SEEDS,
  TUNING_SEEDS,
  inject,
} from '../server/analytics/control-chart-cases.ts';
import { hours, printCaseTable, summedRate } from './issue29-format.ts';
import { seasonalBridge } from './seasonal-bridge.ts';
import {
  commission,
  EVALUATE_EVERY_HOURS,
  replay,
  type ChartOptions,
  type ReplayState,
  type Series,
} from './stored-path-sim.ts';

const DAY = 24;
const YEAR = 365 * DAY;
const HEALTHY_YEARS = 3;
const SIX_MONTHS = 6 * HOURS_PER_MONTH;
const REFERENCES = [90, 365];
/** Mid-March after the reference: the detect bench's onset (day 214), a year later for a year. */
const fixedOnset = (referenceDays: number) => (referenceDays <= 200 ? 214 : 365 + 214) * DAY;

export interface CaseOutcome {
  chartAfter: number | null;
  amberAfter: number | null;
  redAfter: number | null;
  chartAtSixMonths: boolean;
  levelAtSixMonths: TriggerLevel;
  versionsMade: number;
  /** Hours after the onset at which a version was accepted by the rule. */
  acceptedAfter: number[];
  /** Hours after the onset of the first version held by the cumulative check. */
  heldCumulativelyAfter: number | null;
  unjudgedShare: number;
  /** First evaluation after the onset with an hour the charts / the levels judged. */
  chartJudgedAfter: number | null;
  levelJudgedAfter: number | null;
}

export interface SeedOutcome {
  chartRaises: number;
  levelRaises: number;
  acceptedVersions: number;
  /** Versions of the healthy years left proposed: by a structural alert, by disagreement (E_n > 1 or not comparable). */
  heldByAlert: number;
  heldByDisagreement: number;
  /** Of those, the ones whose every differing mode (E_n > 1) was higher: a stiffer bridge. */
  heldStiffer: number;
  /** Of those, the ones held by the cumulative check, lower / stiffer. */
  heldCumulativelyLower: number;
  heldCumulativelyStiffer: number;
  /** Smallest and largest shift (%) of a mode with E_n > 1 against the confirmed version. */
  cumulativeShiftRange: [number, number] | null;
  /** Largest and smallest shift (% of the mean) of a mode with E_n > 1 in a held version. */
  heldShiftRange: [number, number] | null;
  unjudgedShare: number;
  cases: CaseOutcome[];
}

const clone = (state: ReplayState): ReplayState => structuredClone(state);

/**
 * `STIFFER_SHARE=0.25` (a share of the amber level; `Infinity`: one-sided) runs an agreement-test
 * candidate; unset, the product's rule (decision 067, amended 2026-12-01).
 */
const acceptanceFromEnv = (): ReplayState['acceptance'] => ({
  ...(process.env.STIFFER_SHARE ? { stifferShareOfAmber: Number(process.env.STIFFER_SHARE) } : {}),
  ...cumulativeFromEnv(),
});

/**
 * `CUMULATIVE=K0|K1|K2|K3` runs a cumulative-check candidate (decision 073, amended 2026-12-01
 * morning: shares of the amber level for a rise / a fall against the confirmed version); unset,
 * the product's rule.
 */
const CUMULATIVE_CANDIDATES: Record<string, ReplayState['acceptance']['cumulative']> = {
  K0: null,
  K1: { stifferShareOfAmber: 0.125, lowerShareOfAmber: 0 },
  K2: { stifferShareOfAmber: 0.25, lowerShareOfAmber: 0 },
  K3: { stifferShareOfAmber: 0.25, lowerShareOfAmber: 0.125 },
  K4: { stifferShareOfAmber: 0.125, lowerShareOfAmber: 0 },
};
function cumulativeFromEnv(): Pick<ReplayState['acceptance'], 'cumulative' | 'anchorOnAYear'> {
  const name = process.env.CUMULATIVE;
  if (!name) return {};
  if (!(name in CUMULATIVE_CANDIDATES)) throw new Error(`CUMULATIVE=${name}: not a candidate`);
  return {
    cumulative: CUMULATIVE_CANDIDATES[name] ?? null,
    ...(name === 'K4' ? { anchorOnAYear: true } : {}),
  };
}

const heldCumulatively = (v: ReplayState['versions'][number]) =>
  v.status === 'proposed' && v.reason.includes('cumulatively since version');

function outcomeAfter(state: ReplayState, onset: number): CaseOutcome {
  const log = state.log.filter((o) => o.at > onset);
  const first = (test: (o: (typeof log)[number]) => boolean) => {
    const hit = log.find(test);
    return hit ? hit.at - onset : null;
  };
  const last = log.at(-1);
  const after = state.versions.filter((v) => v.at > onset * 3_600_000);
  return {
    chartAfter: first((o) => o.chartRaised),
    amberAfter: first((o) => o.level !== 'none'),
    redAfter: first((o) => o.level === 'red'),
    chartAtSixMonths: last?.chartRaised ?? false,
    levelAtSixMonths: last?.level ?? 'none',
    versionsMade: after.length,
    acceptedAfter: after
      .filter((v) => v.status === 'active')
      .map((v) => Math.round(v.at / 3_600_000 - onset)),
    heldCumulativelyAfter: (() => {
      const held = after.find(heldCumulatively);
      return held ? Math.round(held.at / 3_600_000 - onset) : null;
    })(),
    chartJudgedAfter: first((o) => o.unjudged < o.hours),
    levelJudgedAfter: first((o) => o.levelJudged > 0),
    unjudgedShare:
      log.reduce((s, o) => s + o.unjudged, 0) /
      Math.max(
        1,
        log.reduce((s, o) => s + o.hours, 0),
      ),
  };
}

export function runSeed(
  seed: number,
  referenceDays: number,
  chartOptions: ChartOptions = {},
  cases: readonly Issue29Case[] = ISSUE29_CASES,
): SeedOutcome {
  const referenceHours = referenceDays * DAY;
  const end = referenceHours + HEALTHY_YEARS * YEAR;
  const bridge = seasonalBridge(seed, { hours: end, damageFrom: Infinity });
  const healthy: Series = {
    features: bridge.features,
    temperature: bridge.context.map((c) => at(c, 0)),
  };
  const onsets = cases.map(
    (c) => c.onset?.(bridge.context, referenceHours, end) ?? fixedOnset(referenceDays),
  );
  // The healthy replay, paused at each onset so a damaged copy carries on from the same state.
  const state = commission(healthy, referenceHours, chartOptions, acceptanceFromEnv());
  const snapshots = new Map<number, ReplayState>();
  for (const onset of [...new Set(onsets)].sort((a, b) => a - b)) {
    replay(state, healthy, onset);
    snapshots.set(onset, clone(state));
  }
  replay(state, healthy, end);
  const outcomes = cases.map((damage, c) => {
    const onset = at(onsets, c);
    const damaged: Series = {
      features: inject(bridge.features, damage, onset),
      temperature: healthy.temperature,
    };
    const start = snapshots.get(onset);
    if (!start) throw new Error('no snapshot at the onset');
    const run = replay(clone(start), damaged, Math.min(end, onset + SIX_MONTHS + 1));
    return outcomeAfter(run, onset);
  });
  const disagreeing = state.versions.filter(
    (v) => v.status === 'proposed' && !v.reason.startsWith('A structural alert'),
  );
  const differing = (v: (typeof disagreeing)[number]) =>
    (v.shifts ?? []).flatMap((x) => (x && x.en > 1 ? [x.percent] : []));
  const heldShifts = disagreeing.flatMap(differing);
  const cumulativeShifts = state.versions.flatMap((v) =>
    (v.cumulativeShifts ?? []).flatMap((x) => (x && x.en > 1 ? [x.percent] : [])),
  );
  const cumulative = state.versions.filter(heldCumulatively);
  return {
    heldCumulativelyLower: cumulative.filter((v) => v.reason.startsWith('Lower')).length,
    heldCumulativelyStiffer: cumulative.filter((v) => v.reason.startsWith('Stiffer')).length,
    cumulativeShiftRange:
      cumulativeShifts.length > 0
        ? [Math.min(...cumulativeShifts), Math.max(...cumulativeShifts)]
        : null,
    heldStiffer: disagreeing.filter((v) => {
      const d = differing(v);
      return d.length > 0 && d.every((p) => p > 0);
    }).length,
    heldShiftRange:
      heldShifts.length > 0 ? [Math.min(...heldShifts), Math.max(...heldShifts)] : null,
    chartRaises: state.alerts.length,
    levelRaises: state.levelAlerts.length,
    acceptedVersions: state.versions.filter((v) => v.status === 'active' && v.version > 1).length,
    heldByAlert: state.versions.filter(
      (v) => v.status === 'proposed' && v.reason.startsWith('A structural alert'),
    ).length,
    heldByDisagreement: state.versions.filter(
      (v) => v.status === 'proposed' && !v.reason.startsWith('A structural alert'),
    ).length,
    unjudgedShare:
      state.log.reduce((s, o) => s + o.unjudged, 0) /
      Math.max(
        1,
        state.log.reduce((s, o) => s + o.hours, 0),
      ),
    cases: outcomes,
  };
}

const percent = (share: number) => `${(100 * share).toFixed(0)} %`;

export function groupTable(
  name: string,
  seeds: readonly number[],
  references: readonly number[] = REFERENCES,
  cases: readonly Issue29Case[] = ISSUE29_CASES,
): void {
  for (const referenceDays of references) {
    const started = performance.now();
    const results = seeds.map((seed) => runSeed(seed, referenceDays, {}, cases));
    const reference = referenceDays === 365 ? 'first year' : `first ${referenceDays} days`;
    console.log(`\n### ${name} seeds ${seeds.join(', ')}: reference on the ${reference}`);
    if (cases.length > 0)
      printCaseTable(
        [
          'case',
          'goal',
          'raised ≤ 48 h (chart or level)',
          'chart raised after (h)',
          'amber after',
          'red after',
          'at 6 months: chart raising',
          'at 6 months: level',
          'versions after onset: made / accepted by the rule (at h)',
          'first judged after (h): charts / levels',
          'unjudged by the charts, 6 months',
          'first version held by the cumulative check (h after onset)',
        ],
        results.map((r) => r.cases),
        (cells, fmt, unit) => {
          const within = cells.filter(
            (x) =>
              (x.chartAfter !== null && x.chartAfter <= 48) ||
              (x.amberAfter !== null && x.amberAfter <= 48),
          ).length;
          return [
            `${within} of ${cells.length} (${percent(within / cells.length)})`,
            cells.map((x) => hours(x.chartAfter)).join(', '),
            cells.map((x) => fmt(x.amberAfter)).join(', ') + unit,
            cells.map((x) => fmt(x.redAfter)).join(', '),
            `${cells.filter((x) => x.chartAtSixMonths).length} of ${cells.length}`,
            cells.map((x) => x.levelAtSixMonths).join(', '),
            cells
              .map((x) => {
                const at = x.acceptedAfter.length > 0 ? ` (${x.acceptedAfter.join(', ')})` : '';
                return `${x.versionsMade}/${x.acceptedAfter.length}${at}`;
              })
              .join(', '),
            cells
              .map((x) => `${hours(x.chartJudgedAfter)} / ${hours(x.levelJudgedAfter)}`)
              .join(', '),
            cells.map((x) => percent(x.unjudgedShare)).join(', '),
            cells.map((x) => hours(x.heldCumulativelyAfter)).join(', '),
          ];
        },
        cases,
      );
    const years = results.length * HEALTHY_YEARS;
    const chart = summedRate(results, (r) => r.chartRaises, years);
    const level = summedRate(results, (r) => r.levelRaises, years);
    const both = falseAlarmRate(chart.episodes + level.episodes, years);
    console.log(
      `\nFalse alarms on ${years} healthy bridge-years (${seeds.length} seeds × ${HEALTHY_YEARS}): 'Anomaly Detection' raised by the charts ${chart.episodes} (per seed ${results.map((r) => r.chartRaises).join(', ')}) = ${chart.perYear.toFixed(2)} a bridge-year, 95 % bound ${chart.upperBoundPerYear.toFixed(2)}; 'Trigger level crossed' ${level.episodes} (per seed ${results.map((r) => r.levelRaises).join(', ')}) = ${level.perYear.toFixed(2)}, bound ${level.upperBoundPerYear.toFixed(2)}; together ${both.perYear.toFixed(2)}, bound ${both.upperBoundPerYear.toFixed(2)} (goal ≤ 1). Versions accepted by the rule in the healthy years: ${results.map((r) => r.acceptedVersions).join(', ')} (left proposed by an alert / by disagreement / of those all differing modes higher: ${results.map((r) => `${r.heldByAlert}/${r.heldByDisagreement}/${r.heldStiffer}`).join(', ')}; differing modes' shifts ${results.map((r) => (r.heldShiftRange ? `${r.heldShiftRange[0].toFixed(2)}..${r.heldShiftRange[1].toFixed(2)} %` : '–')).join(', ')}); hours the charts left unjudged: ${results.map((r) => percent(r.unjudgedShare)).join(', ')}; held by the cumulative check (lower / stiffer): ${results.map((r) => `${r.heldCumulativelyLower}/${r.heldCumulativelyStiffer}`).join(', ')}; shifts against the confirmed version beyond the uncertainty: ${results.map((r) => (r.cumulativeShiftRange ? `${r.cumulativeShiftRange[0].toFixed(2)}..${r.cumulativeShiftRange[1].toFixed(2)} %` : '–')).join(', ')}. ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
  }
}

/** `REFERENCE_DAYS=90` (or 365) runs one reference; `CASES=none` the healthy replay only. */
const referencesFromEnv = (): number[] =>
  process.env.REFERENCE_DAYS ? process.env.REFERENCE_DAYS.split(',').map(Number) : REFERENCES;
/** `CASES=none`: healthy only; `stiffening`: the slow stiffening alone; `all`: issue 29's and it. */
const casesFromEnv = (): readonly Issue29Case[] => {
  const which = process.env.CASES;
  if (which === 'none') return [];
  if (which === 'stiffening') return STIFFENING_CASES;
  if (which === 'all') return [...ISSUE29_CASES, ...STIFFENING_CASES];
  return ISSUE29_CASES;
};

export function referencePathBench(group?: string): void {
  console.log(
    `\n## Issue 29 cases on the stored analysis' reference path (stored-path-sim.ts): versions trained every 30 days and accepted by decision 041's rule, the active version's charts (decision 067) and latched trigger levels (decision 051); evaluated every ${EVALUATE_EVERY_HOURS} h of data; the moving model not replayed`,
  );
  console.log(
    'Delays are hours from the onset to the first evaluation that raised it (months for the slow loss); "at 6 months" is the evaluation 6 months after the onset.',
  );
  const references = referencesFromEnv();
  const cases = casesFromEnv();
  // `SEED_LIST=4,5` runs only those seeds of the group (one process a seed on a loaded machine).
  const only = process.env.SEED_LIST?.split(',').map(Number);
  const pick = (seeds: readonly number[]) =>
    only ? seeds.filter((s) => only.includes(s)) : [...seeds];
  if (group === 'agreement') {
    groupTable('tuning (agreement)', pick(AGREEMENT_TUNING_SEEDS), references, cases);
    return;
  }
  if (group === 'all-tuning') {
    groupTable('tuning', pick([...TUNING_SEEDS, ...AGREEMENT_TUNING_SEEDS]), references, cases);
    return;
  }
  if (group !== 'reporting') groupTable('tuning', pick(TUNING_SEEDS), references, cases);
  if (group !== 'tuning') groupTable('reporting', pick(REPORTING_SEEDS), references, cases);
}

if (import.meta.url === `file://${process.argv[1]}`) referencePathBench(process.env.SEEDS);
