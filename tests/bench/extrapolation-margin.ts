// Decision 081's bench: the detect command's control charts with a bounded extrapolation of the
// temperature model, candidate margins side by side, on the seasonal-bridge analogue as
// detect-issue29.ts runs it (reference = first 200 days never refitted, then healthy years;
// damage injected on a copy, the false alarms counted on the healthy copy), in the analogue's
// own physics and in the off-candidate physics (seasonal-bridge.ts). The margin was chosen on
// the tuning seeds only; the reporting seeds compare the chosen margin with the strict range.
//   SEEDS=tuning|reporting|4,5,6,7,8  PHYSICS=candidate,off-candidate  MARGINS=0/0,2/0,4/0 (warm/cold °C)
//   YEARS=3 (healthy years per seed)
//   FORMS=current|wide|wide-1se (candidate forms and selection rule; decision 081, amendment (c))
//   FLOORS=none,held-out,support (cold floors, scoring only) FROST=shared|per-mode (decision 081 (e))
//   RECENTRE=none,slow (the charts' slow, guarded re-centring, scoring only; decision 081 (g))
//   MARGINS=0/0,2/0w (a trailing w: rule W, the warm excess judged with the measured widening; 081 (h))
//   ALARMS=1/5,6/72 (alarm delay timers, on/off rows: raised at the n_on-th scored row above 1 in a
//   row, cleared after n_off quiet scored rows; 1/5 the product; decision 081 (i)); 6/72/2: a
//   score above 2 raises at once (the bypass, decision 081 (j))
//   npx tsx tests/bench/extrapolation-margin.ts
import { at } from '../../server/analytics/at.ts';
import { SLOW_RECENTRING, type Recentring } from '../../server/analytics/chart-recentring.ts';
import { coldFloorC, type ColdFloorRule } from '../../server/analytics/cold-floor.ts';
import {
  compensatedResiduals,
  scoreControlChart,
  trainControlChart,
  type ControlChartDetector,
  type FrostChoice,
} from '../../server/analytics/control-chart-detector.ts';
import {
  CHOICE_FOLDS,
  contiguousFolds,
  CURRENT_CANDIDATES,
  heldOutResiduals,
  WIDE_CANDIDATES,
  WIDE_CANDIDATES_1SE,
} from '../../server/analytics/compensation-model.ts';
import { cumulativeShift } from '../../server/analytics/cumulative-shift.ts';
import type { CalibrationOptions } from '../../server/analytics/control-charts.ts';
import { EDGE_WIDENING, edgeErrorPerC } from '../../server/analytics/edge-error.ts';
import { chartAlarms, episodeRulesOf } from '../../server/analytics/chart-alarm-timers.ts';
import { findEpisodes } from '../../server/analytics/episodes.ts';
import type { ExtrapolationMargin } from '../../server/analytics/extrapolation-margin.ts';
import {
  ANALOGUE_ONSET,
  HOURS_PER_MONTH,
  ISSUE29_CASES,
  REPORTING_SEEDS,
  TUNING_SEEDS,
  inject,
} from '../server/analytics/control-chart-cases.ts';
import { summedRate } from './issue29-format.ts';
import { type AnaloguePhysics, BASELINE_ROWS, seasonalBridge } from './seasonal-bridge.ts';

const YEARS = Number(process.env.YEARS ?? 3);
const ROWS = BASELINE_ROWS + YEARS * 365 * 24;
const SIX_MONTHS = 6 * HOURS_PER_MONTH;
const TWELVE_MONTHS = 12 * HOURS_PER_MONTH;
// Decision 081 (g): the slow loss counts as raised in time within 5 months, the others in 48 h.
const inTime = (name: string, delay: number | null) =>
  delay !== null && delay <= (name.startsWith('slow') ? 5 * HOURS_PER_MONTH : 48);
// A named group or a list of seeds (decision 081 (d): SEEDS=4,5,6,7,8 for tuning, 16-20 reporting).
const SEEDS =
  process.env.SEEDS === 'reporting'
    ? REPORTING_SEEDS
    : process.env.SEEDS && /^\d+(,\d+)*$/.test(process.env.SEEDS)
      ? process.env.SEEDS.split(',').map(Number)
      : TUNING_SEEDS;
const PHYSICS = (process.env.PHYSICS ?? 'candidate,off-candidate').split(',') as AnaloguePhysics[];
const FORM_SETS = {
  current: CURRENT_CANDIDATES,
  wide: WIDE_CANDIDATES,
  'wide-1se': WIDE_CANDIDATES_1SE,
};
const FORMS = (process.env.FORMS ?? 'current') as keyof typeof FORM_SETS;
const CANDIDATES = FORM_SETS[FORMS];
if (!CANDIDATES) throw new Error(`FORMS must be one of ${Object.keys(FORM_SETS).join(', ')}`);
// Decision 081 (d)'s threshold candidates (C, D, B); 'current' is the product's calibration.
const CALIBRATIONS: Record<string, CalibrationOptions> = {
  current: {},
  'long-blocks': { blockFactor: 4, minBlockRows: 48 },
  agreement: { rule: 'agreement' },
  adaptive: { adapt: { rows: 336, cap: 2 } },
};
const CALIBRATION = process.env.CALIBRATION ?? 'current';
const CALIBRATION_OPTIONS = CALIBRATIONS[CALIBRATION];
if (!CALIBRATION_OPTIONS)
  throw new Error(`CALIBRATION must be one of ${Object.keys(CALIBRATIONS).join(', ')}`);
// Decision 081 (e): A1 'held-out', A2 'support' (168 rows, a week), scored on the same training.
const FLOOR_RULES: Record<string, ColdFloorRule> = {
  none: 'none',
  'held-out': 'held-out',
  support: { supportRows: 168 },
};
const FLOORS = (process.env.FLOORS ?? 'none').split(',');
for (const f of FLOORS) if (!FLOOR_RULES[f]) throw new Error(`FLOORS: unknown ${f}`);
const FROST = (process.env.FROST ?? 'shared') as FrostChoice;
if (FROST !== 'shared' && FROST !== 'per-mode') throw new Error('FROST must be shared or per-mode');
// Decision 081 (g): the same trained detector scored with and without the re-centring.
const RECENTRINGS: Record<string, Recentring | null> = { none: null, slow: SLOW_RECENTRING };
const RECENTRES = (process.env.RECENTRE ?? 'none').split(',');
for (const r of RECENTRES) if (!(r in RECENTRINGS)) throw new Error(`RECENTRE: unknown ${r}`);
// A trailing 'w' (e.g. 2/0w): decision 081 (h)'s rule W, the warm excess judged with a widening.
const MARGINS: ExtrapolationMargin[] = (process.env.MARGINS ?? '0/0,2/0,4/0,6/0,8/0')
  .split(',')
  .map((m) => {
    const [warmC, coldC] = m.replace(/w$/, '').split('/').map(Number);
    const margin = { warmC: warmC ?? 0, coldC: coldC ?? 0 };
    return m.endsWith('w') ? { ...margin, widening: EDGE_WIDENING } : margin;
  });
// Decision 081 (i): alarm delay timers, 'on/off' rows; every rule counts and raises alike.
// Decision 081 (j): a third figure is the bypass score ('6/72/2': above 2 raises at once).
const ALARMS = (process.env.ALARMS ?? '1/5').split(',').map((a) => {
  const [onRows, offRows, bypassScore] = a.split('/').map(Number);
  if (!onRows || !offRows || onRows < 1 || offRows < 1) throw new Error(`ALARMS: bad on/off ${a}`);
  if (bypassScore !== undefined && !(bypassScore > 1)) throw new Error(`ALARMS: bad bypass ${a}`);
  return { label: a, onRows, offRows, ...(bypassScore === undefined ? {} : { bypassScore }) };
});

interface CaseFigures {
  detected: number;
  unjudged: number;
  extrapolated: number;
  rows: number;
  delay: number | null;
  raisedAtSixMonths: boolean;
  /** Decision 081 (g)'s persistence check (the last row when the run ends sooner). */
  raisedAtTwelveMonths: boolean;
  /** The cumulative shift's first amber after the onset (not re-centred). */
  amberDelay: number | null;
}

interface SeedFigures {
  falseChart: number;
  falseLevel: number;
  healthyAbove: number;
  healthyJudged: number;
  healthyExtrapolated: number;
  /** Healthy rows after the reference with an episode open (the off-delay's cost). */
  healthyRaised: number;
  cases: CaseFigures[];
}

const levelEpisodes = (levels: readonly string[], from: number) =>
  levels.filter((l, i) => i >= from && l !== 'none' && (levels[i - 1] ?? 'none') === 'none').length;

function runMargin(
  detector: ControlChartDetector,
  data: { features: number[][]; context: number[][] },
): SeedFigures[] {
  const healthy = scoreControlChart(detector, data);
  const shift = cumulativeShift(compensatedResiduals(detector, data), detector.reference);
  const judged = healthy.scores.slice(BASELINE_ROWS).filter((s): s is number => s !== null);
  const healthyJudged = healthy.scores.map((s, i) => (i >= BASELINE_ROWS && i < ROWS ? s : null));
  const damagedRuns = ISSUE29_CASES.map((damage) => {
    const onset = damage.onset?.(data.context, BASELINE_ROWS, ROWS) ?? ANALOGUE_ONSET;
    const damaged = { features: inject(data.features, damage, onset), context: data.context };
    const scored = scoreControlChart(detector, damaged);
    const level = cumulativeShift(
      compensatedResiduals(detector, damaged),
      detector.reference,
    ).level;
    return { onset, scored, amber: level.findIndex((l, i) => i >= onset && l !== 'none') };
  });
  return ALARMS.map((alarm) => {
    return {
      falseChart: findEpisodes(healthyJudged, 1, episodeRulesOf(alarm)).length,
      falseLevel: levelEpisodes(shift.level, BASELINE_ROWS),
      healthyAbove: judged.filter((s) => s > 1).length,
      healthyJudged: judged.length,
      healthyExtrapolated: healthy.extrapolated.filter((i) => i >= BASELINE_ROWS).length,
      healthyRaised: chartAlarms(healthyJudged, BASELINE_ROWS, alarm).raised.filter(Boolean).length,
      cases: damagedRuns.map(({ onset, scored, amber }) => {
        const { scores, unjudged, extrapolated } = scored;
        const end = Math.min(ROWS - 1, onset + SIX_MONTHS);
        const inPeriod = (i: number) => i >= onset && i <= end;
        const { raised } = chartAlarms(scores, BASELINE_ROWS, alarm);
        let detected = 0;
        for (let i = onset; i <= end; i += 1) {
          const s = at(scores, i);
          if (s !== null && s > 1) detected += 1;
        }
        const first = raised.findIndex((r, i) => i >= onset && r);
        return {
          detected,
          unjudged: unjudged.filter(inPeriod).length,
          extrapolated: extrapolated.filter(inPeriod).length,
          rows: end - onset + 1,
          delay: first < 0 ? null : first - onset,
          raisedAtSixMonths: at(raised, end),
          raisedAtTwelveMonths: at(raised, Math.min(ROWS - 1, onset + TWELVE_MONTHS)),
          amberDelay: amber < 0 ? null : amber - onset,
        };
      }),
    };
  });
}

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);

function report(physics: AnaloguePhysics, variant: string, seeds: SeedFigures[]) {
  const years = seeds.length * YEARS;
  const chart = summedRate(seeds, (s) => s.falseChart, years);
  const level = summedRate(seeds, (s) => s.falseLevel, years);
  const label = `${physics}, ${variant}`;
  console.log(
    `\n#### ${label}: false chart episodes ${chart.episodes} (per seed ${seeds.map((s) => s.falseChart).join(', ')}) in ${years} bridge-years = ${chart.perYear.toFixed(2)}, 95 % bound ${chart.upperBoundPerYear.toFixed(2)}; level crossings ${level.episodes}; healthy judged rows above 1: ${pct(
      sum(seeds, (s) => s.healthyAbove),
      sum(seeds, (s) => s.healthyJudged),
    )}; healthy rows extrapolated ${sum(seeds, (s) => s.healthyExtrapolated)}; healthy rows raised ${pct(
      sum(seeds, (s) => s.healthyRaised),
      sum(seeds, (s) => s.healthyJudged),
    )}`,
  );
  console.log(
    '| case | detected, first 6 months (unjudged = missed) | unjudged | judged by extrapolation | chart alarm after (h) | alarm ≤ 48 h (slow: ≤ 5 months) | raised at 6 months | raised at 12 months | amber after (h) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  ISSUE29_CASES.forEach((damage, c) => {
    const cells = seeds.map((s) => at(s.cases, c));
    const rows = sum(cells, (x) => x.rows);
    console.log(
      `| ${damage.name} | ${pct(
        sum(cells, (x) => x.detected),
        rows,
      )} | ${pct(
        sum(cells, (x) => x.unjudged),
        rows,
      )} | ${pct(
        sum(cells, (x) => x.extrapolated),
        rows,
      )} | ${cells.map((x) => (x.delay === null ? 'never' : x.delay)).join(', ')} | ${cells.filter((x) => inTime(damage.name, x.delay)).length} of ${cells.length} | ${cells.filter((x) => x.raisedAtSixMonths).length} of ${cells.length} | ${cells.filter((x) => x.raisedAtTwelveMonths).length} of ${cells.length} | ${cells.map((x) => (x.amberDelay === null ? 'never' : x.amberDelay)).join(', ')} |`,
    );
  });
}

const started = performance.now();
console.log(
  `## Decision 081: forms ${FORMS}, calibration ${CALIBRATION}, frost ${FROST}, seeds ${SEEDS.join(', ')}, ${YEARS} healthy years each`,
);
for (const physics of PHYSICS) {
  const variants = MARGINS.flatMap((margin) =>
    FLOORS.flatMap((floor) =>
      RECENTRES.flatMap((recentre) => ALARMS.map((alarm) => ({ margin, floor, recentre, alarm }))),
    ),
  );
  const perVariant = variants.map(() => [] as SeedFigures[]);
  for (const seed of SEEDS) {
    const bridge = seasonalBridge(seed, { hours: ROWS, damageFrom: Infinity, physics });
    const data = { features: bridge.features, context: bridge.context };
    const trainStart = performance.now();
    const detector = trainControlChart(
      {
        features: data.features.slice(0, BASELINE_ROWS),
        context: data.context.slice(0, BASELINE_ROWS),
      },
      { candidates: CANDIDATES, calibration: CALIBRATION_OPTIONS, frost: FROST },
    );
    const trainMs = performance.now() - trainStart;
    const form = detector.compensation.form;
    console.log(
      `${physics} seed ${seed} (${FORMS}, trained in ${trainMs.toFixed(0)} ms): form lag ${form.lagRows} rows, hinges [${form.hingesC.join(', ')}]${form.quadratic === true ? ', square' : ''}, learnt ${detector.compensation.low.map((v) => v.toFixed(1)).join('/')} to ${detector.compensation.high.map((v) => v.toFixed(1)).join('/')} °C`,
    );
    const baseline = data.context.slice(0, BASELINE_ROWS);
    // Rule W's measured edge error (decision 081 (h)), the same for every widening margin.
    const edgeError = MARGINS.some((m) => m.widening)
      ? edgeErrorPerC(detector.compensation, data.features.slice(0, BASELINE_ROWS), baseline)
      : undefined;
    if (edgeError !== undefined)
      console.log(
        `  edge error per °C: ${edgeError === null ? 'not measured' : edgeError.map((g) => (g * 1e4).toFixed(2)).join('/')} (×10⁻⁴)`,
      );
    // The chosen form's held-out rows (the same for every hinge set with its lag: per-mode frost too).
    const heldOutRows = heldOutResiduals(
      detector.compensation.form,
      data.features.slice(0, BASELINE_ROWS),
      baseline,
      contiguousFolds(BASELINE_ROWS, CHOICE_FOLDS),
    ).rows;
    variants.forEach(({ margin, floor, recentre, alarm }, v) => {
      if (alarm !== ALARMS[0]) return; // scored once; every alarm rule read from the same scores
      const rule = FLOOR_RULES[floor] ?? 'none';
      const floorC = coldFloorC(rule, detector.compensation, baseline, heldOutRows);
      if (floorC !== null) console.log(`  cold floor ${floor}: ${floorC.toFixed(1)} °C`);
      // Trained with the product's floor (none): each floor is scored on the same detector.
      const floored = floorC === null ? detector : { ...detector, coldFloorC: floorC };
      const recentring = RECENTRINGS[recentre] ?? null;
      const charts = recentring ? { ...detector.charts, recentre: recentring } : detector.charts;
      const scored = {
        ...floored,
        charts,
        extrapolation: margin,
        ...(edgeError === undefined ? {} : { edgeErrorPerC: edgeError }),
      };
      runMargin(scored, data).forEach((figures, a) => at(perVariant, v + a).push(figures));
    });
  }
  variants.forEach(({ margin, floor, recentre, alarm }, v) =>
    report(
      physics,
      `warm ${margin.warmC} °C / cold ${margin.coldC} °C, frost ${FROST}, floor ${floor}, re-centring ${recentre}, alarms on/off ${alarm.label} rows`,
      at(perVariant, v),
    ),
  );
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
