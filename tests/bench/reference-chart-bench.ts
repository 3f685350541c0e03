// The stored analysis' control charts against the accepted reference (issue 29, decision 067):
// `npx tsx tests/bench/reference-chart-bench.ts`. A reference is learnt on a simulated bridge's
// first 90 days from mid-August (autumn: its first winter is colder than anything it saw) or on
// its first year, and the charts then run over three healthy years: false-alarm episodes per
// bridge-year with their 95 % Poisson bound; and a −2 % loss of every mode or of f1 alone, from
// onsets every 30 days, raised within 48 hours or not. SEEDS=tuning (1-3) chose the coverage
// margin and the run length; SEEDS=reporting (11-15) only reports. MARGINS, ARL_DAYS: candidates.
import { summariseBaseline } from '../../server/analysis/baseline-summary.ts';
import { chartEpisodes, scoreReferenceCharts } from '../../server/analysis/chart-scores.ts';
import { CHART_COVERAGE_MARGIN_C } from '../../server/analysis/chart-coverage.ts';
import {
  REFERENCE_CHART_ARL_DAYS,
  trainReferenceCharts,
} from '../../server/analysis/reference-charts.ts';
import { falseAlarmRate } from '../../server/analytics/false-alarm-rate.ts';
import { REPORTING_SEEDS, TUNING_SEEDS } from '../server/analytics/control-chart-cases.ts';
import { seasonalBridge } from './seasonal-bridge.ts';

const HOUR_MS = 3_600_000;
const FEATURES = ['acc.f1', 'acc.f2', 'acc.f3', 'acc.f4'];
const HEALTHY_YEARS = 3;
const numbers = (text: string | undefined, fallback: number) =>
  (text ?? String(fallback)).split(',').map(Number);
const seeds = process.env.SEEDS === 'reporting' ? REPORTING_SEEDS : TUNING_SEEDS;
const margins = numbers(process.env.MARGINS, CHART_COVERAGE_MARGIN_C);
const arls = numbers(process.env.ARL_DAYS, REFERENCE_CHART_ARL_DAYS);
const CASES = [
  { name: 'all modes −2 %', factor: [0.98, 0.98, 0.98, 0.98] },
  { name: 'f1 alone −2 %', factor: [0.98, 1, 1, 1] },
];

console.log(`seeds ${seeds.join(', ')} (${process.env.SEEDS ?? 'tuning'})`);
console.log(
  '| reference | margin °C | ARL days | false episodes | judged bridge-years | per bridge-year (95 % bound) | ' +
    CASES.map((c) => `${c.name}: raised ≤ 48 h / onsets judged`).join(' | ') +
    ' |',
);
for (const referenceDays of [90, 365]) {
  for (const marginC of margins) {
    for (const targetArlDays of arls) {
      let episodes = 0;
      let judgedHours = 0;
      const raised = CASES.map(() => ({ within: 0, judged: 0, delays: [] as number[] }));
      for (const seed of seeds) {
        const hours = (referenceDays + HEALTHY_YEARS * 365) * 24;
        const data = seasonalBridge(seed, { hours, damageFrom: Infinity });
        const windows = data.features.map((features, h) => ({
          start: h * HOUR_MS,
          features,
          temperatureC: data.context[h]?.[0] ?? Number.NaN,
        }));
        const learnt = windows.slice(0, referenceDays * 24);
        const modes = summariseBaseline(
          FEATURES,
          learnt.map((w) => ({ ...w, end: w.start + HOUR_MS })),
          true,
        ).modes;
        const charts = trainReferenceCharts(modes, FEATURES, learnt, { marginC, targetArlDays });
        if (!charts) continue;
        const later = windows.slice(referenceDays * 24);
        const scores = scoreReferenceCharts(charts, modes, FEATURES, later);
        episodes += chartEpisodes(charts, scores).length;
        judgedHours += scores.filter((s) => s.score !== null).length;
        for (let onset = 30 * 24; onset < later.length - 48; onset += 30 * 24) {
          CASES.forEach((c, k) => {
            const damaged = later.map((w, i) =>
              i < onset ? w : { ...w, features: w.features.map((f, m) => f * (c.factor[m] ?? 1)) },
            );
            const after = scoreReferenceCharts(charts, modes, FEATURES, damaged).slice(onset);
            const cell = raised[k];
            if (!cell || !after.slice(0, 48).some((s) => s.score !== null)) return;
            cell.judged += 1;
            const first = after.findIndex((s) => s.score !== null && s.score > 1);
            if (first >= 0) cell.delays.push(first);
            if (first >= 0 && first < 48) cell.within += 1;
          });
        }
      }
      const years = judgedHours / 24 / 365;
      const rate = falseAlarmRate(episodes, years);
      console.log(
        `| ${referenceDays} days | ${marginC} | ${targetArlDays} | ${episodes} | ${years.toFixed(2)} | ` +
          `${rate.perYear.toFixed(2)} (≤ ${rate.upperBoundPerYear.toFixed(2)}) | ` +
          raised
            .map((r) => {
              const sorted = [...r.delays].sort((a, b) => a - b);
              const median = sorted[Math.floor(sorted.length / 2)];
              return `${r.within}/${r.judged}, median ${median ?? '–'} h`;
            })
            .join(' | ') +
          ' |',
      );
    }
  }
}
