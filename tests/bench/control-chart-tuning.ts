// The control charts' run-length target, chosen on the tuning part only (issue 29, decision
// 028): `npx tsx tests/bench/control-chart-tuning.ts`. For each candidate in-control average
// run length: false-alarm episodes on the tuning seeds' healthy months and on Yonghe samples
// 97-144 (baseline 1-96), and detection of the injected cases on the tuning seeds.
import { at } from '../../server/analytics/at.ts';
import {
  scoreControlChart,
  trainControlChart,
} from '../../server/analytics/control-chart-detector.ts';
import {
  ANALOGUE_HEALTHY,
  ANALOGUE_ONSET,
  DAMAGE_CASES,
  TUNING_SEEDS,
  YONGHE_TUNING,
  analogue,
  falseEpisodes,
  runCase,
  trainOnAnalogue,
  yongheAvailable,
  yongheFrequencies,
} from '../server/analytics/control-chart-cases.ts';

const CANDIDATE_ARL_ROWS = (process.env.ARL_ROWS ?? '720,2190,4380,8760,17520,43800')
  .split(',')
  .map(Number);

const seeds = TUNING_SEEDS.map((seed) => ({ seed, data: analogue(seed) }));
console.log(
  '| ARL target (rows) | false episodes, tuning seeds | Yonghe 97-144 false episodes | ' +
    DAMAGE_CASES.map((c) => c.name).join(' | ') +
    ' |',
);
for (const arl of CANDIDATE_ARL_ROWS) {
  let episodes = 0;
  const cells = DAMAGE_CASES.map(() => ({ detected: 0, rows: 0, delays: [] as (number | null)[] }));
  for (const { data } of seeds) {
    const detector = trainOnAnalogue(data, arl);
    const { scores } = scoreControlChart(detector, data);
    episodes += falseEpisodes(scores, ANALOGUE_HEALTHY.from, ANALOGUE_HEALTHY.to);
    DAMAGE_CASES.forEach((damage, c) => {
      const r = runCase(detector, data, scores, damage, {
        ...ANALOGUE_HEALTHY,
        onset: ANALOGUE_ONSET,
      });
      const cell = at(cells, c);
      cell.detected += r.detectedRows;
      cell.rows += r.damagedRows - r.unjudgedRows;
      cell.delays.push(r.delayRows);
    });
  }
  let yonghe = 'missing';
  if (yongheAvailable()) {
    const f = yongheFrequencies();
    const context = f.map(() => []);
    const detector = trainControlChart(
      {
        features: f.slice(0, YONGHE_TUNING.baselineRows),
        context: context.slice(0, YONGHE_TUNING.baselineRows),
      },
      { targetArlRows: arl },
    );
    const { scores } = scoreControlChart(detector, { features: f, context });
    yonghe = String(falseEpisodes(scores, YONGHE_TUNING.baselineRows, YONGHE_TUNING.healthyTo));
  }
  const years = (seeds.length * (ANALOGUE_HEALTHY.to - ANALOGUE_HEALTHY.from)) / 8760;
  console.log(
    `| ${arl} | ${episodes} in ${years.toFixed(2)} bridge-years | ${yonghe} | ` +
      cells
        .map(
          (cell) =>
            `${((100 * cell.detected) / Math.max(1, cell.rows)).toFixed(1)} %, delay ${cell.delays.map((d) => (d === null ? 'never' : `${d} h`)).join('/')}`,
        )
        .join(' | ') +
      ' |',
  );
}
