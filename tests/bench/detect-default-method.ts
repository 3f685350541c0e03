// bench:detect's default-method comparison (BENCH_ONLY=default): the detect command's autoencoder
// (its default for modal frequencies) against `--method control-chart`, each with its own default
// settings, on data no choice of either was made on: the analogue's reporting seeds 11-15 (air
// temperature as the context) and the real Yonghe samples 145-192 (no temperature), copied with
// damage injected. Per case: the share of judged damaged rows above each method's threshold, the
// share of the same healthy rows above it, the alarm episodes on the healthy copy, and the ROC AUC
// of damaged against healthy rows.
import { at } from '../../server/analytics/at.ts';
import type { ChannelTable } from '../../server/analytics/csv-table.ts';
import {
  scoreControlChart,
  trainControlChart,
} from '../../server/analytics/control-chart-detector.ts';
import { DEFAULT_SMOOTH_ROWS, scoreRows, trainOnTable } from '../../server/analytics/detect.ts';
import {
  ANALOGUE_HEALTHY,
  ANALOGUE_ONSET,
  DAMAGE_CASES,
  REPORTING_SEEDS,
  YONGHE_REPORTING,
  analogue,
  falseEpisodes,
  inject,
  rocAuc,
  yongheAvailable,
  yongheFrequencies,
  type DamageCase,
} from '../server/analytics/control-chart-cases.ts';

type Scorer = (features: number[][]) => { scores: (number | null)[]; threshold: number };

interface Tally {
  damagedAbove: number;
  damagedJudged: number;
  healthyAbove: number;
  healthyJudged: number;
  episodes: number;
  aucs: number[];
}

const tally = (): Tally => ({
  damagedAbove: 0,
  damagedJudged: 0,
  healthyAbove: 0,
  healthyJudged: 0,
  episodes: 0,
  aucs: [],
});

function judged(scores: readonly (number | null)[], from: number, to: number): number[] {
  return scores.slice(from, to).filter((s): s is number => s !== null);
}

/** Scores the healthy copy and each damaged copy of rows [from, to) and adds them up. */
function addUp(
  into: Tally[],
  score: Scorer,
  data: { features: number[][]; context: number[][] },
  cases: readonly DamageCase[],
  period: { from: number; to: number; onset: number },
): void {
  const healthy = score(data.features);
  const healthyRows = judged(healthy.scores, period.from, period.to);
  cases.forEach((damage, c) => {
    const t = at(into, c);
    const onset = damage.onset?.(data.context, period.from, period.to) ?? period.onset;
    const damaged = score(inject(data.features, damage, onset));
    const damagedRows = judged(damaged.scores, onset, period.to);
    t.damagedAbove += damagedRows.filter((s) => s > damaged.threshold).length;
    t.damagedJudged += damagedRows.length;
    t.healthyAbove += healthyRows.filter((s) => s > healthy.threshold).length;
    t.healthyJudged += healthyRows.length;
    t.episodes += falseEpisodes(
      healthy.scores.map((s) => (s === null ? null : s / healthy.threshold)),
      period.from,
      period.to,
    );
    t.aucs.push(rocAuc(judged(healthy.scores, onset, period.to), damagedRows));
  });
}

const table = (features: number[][], context: number[][]): ChannelTable => ({
  timeColumn: 'row',
  columns: [
    ...at(features, 0).map((_, k) => `f${k + 1}`),
    ...at(context, 0).map((_, k) => `c${k}`),
  ],
  rows: features.map((row, i) => [...row, ...at(context, i)]),
});

async function autoencoderScorer(
  data: { features: number[][]; context: number[][] },
  baselineRows: number,
): Promise<Scorer> {
  const t = table(data.features, data.context);
  const contextColumns = t.columns.filter((c) => c.startsWith('c'));
  const { detector } = await trainOnTable(t, {
    baselineRows,
    contextColumns,
    method: 'autoencoder',
  });
  return (features) => {
    const result = scoreRows(detector, { features, context: data.context }, baselineRows);
    return { scores: result.reconstruction_errors, threshold: result.threshold };
  };
}

function controlChartScorer(
  data: { features: number[][]; context: number[][] },
  baselineRows: number,
): Scorer {
  const detector = trainControlChart({
    features: data.features.slice(0, baselineRows),
    context: data.context.slice(0, baselineRows),
  });
  return (features) => ({
    scores: scoreControlChart(detector, { features, context: data.context }).scores,
    threshold: 1,
  });
}

/** Trains both methods on the baseline rows and adds up their scores of the copies. */
async function compare(
  into: Record<Method, Tally[]>,
  data: { features: number[][]; context: number[][] },
  cases: readonly DamageCase[],
  period: { from: number; to: number; onset: number },
): Promise<void> {
  addUp(into.autoencoder, await autoencoderScorer(data, period.from), data, cases, period);
  addUp(into['control-chart'], controlChartScorer(data, period.from), data, cases, period);
}

type Method = 'autoencoder' | 'control-chart';
const tallies = (cases: readonly DamageCase[]): Record<Method, Tally[]> => ({
  autoencoder: cases.map(tally),
  'control-chart': cases.map(tally),
});

const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)} %`);

function print(title: string, cases: readonly DamageCase[], results: Record<string, Tally[]>) {
  console.log(`\n### ${title}`);
  console.log(
    '| case | method | detected (judged damaged rows) | healthy rows above threshold | alarm episodes, healthy copy | ROC AUC per seed |',
  );
  console.log('|---|---|---|---|---|---|');
  cases.forEach((damage, c) => {
    for (const [method, tallies] of Object.entries(results)) {
      const t = at(tallies, c);
      console.log(
        `| ${damage.name} | ${method} | ${pct(t.damagedAbove, t.damagedJudged)} | ${pct(t.healthyAbove, t.healthyJudged)} | ${c === 0 ? t.episodes : '〃'} | ${t.aucs.map((a) => a.toFixed(3)).join(', ')} |`,
      );
    }
  });
}

export async function defaultMethodBench(): Promise<void> {
  console.log(
    `\n## Default method: autoencoder (detect's default, ${DEFAULT_SMOOTH_ROWS}-row smoothing, 1 % target) against control-chart, on held-out data`,
  );
  const analogueCases = DAMAGE_CASES;
  const results = tallies(analogueCases);
  const period = { ...ANALOGUE_HEALTHY, onset: ANALOGUE_ONSET };
  for (const seed of REPORTING_SEEDS) {
    const started = performance.now();
    await compare(results, analogue(seed), analogueCases, period);
    console.error(`seed ${seed}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  print(
    `Seasonal-bridge analogue, reporting seeds ${REPORTING_SEEDS.join(', ')} (air temperature as context; baseline days 0-200, damage from day 214 to 330 on a healthy copy)`,
    analogueCases,
    results,
  );
  if (!yongheAvailable()) {
    console.log('\nYonghe data missing (../shared/data): its comparison is skipped.');
    return;
  }
  const f = yongheFrequencies();
  const data = { features: f, context: f.map(() => []) };
  const yongheCases = DAMAGE_CASES.filter((c) => !c.onset && !c.name.startsWith('slow'));
  const yonghe = tallies(yongheCases);
  const rows = { from: YONGHE_REPORTING.baselineRows, to: YONGHE_REPORTING.healthyTo };
  await compare(yonghe, data, yongheCases, { ...rows, onset: rows.from });
  print(
    'Yonghe (real, no temperature): baseline samples 1-144, damage injected on the healthy samples 145-192',
    yongheCases,
    yonghe,
  );
}
