// Decision 081, amendment (d), step 1: where the control charts' false episodes come from when
// the model misfits the future. Tuning seeds only (AGREEMENT_TUNING_SEEDS 4-8 by default).
// Per false episode on the healthy years: which chart crossed (per-mode CUSUM, mean CUSUM,
// MEWMA), the month it started, how many rows it lasted; the healthy years' largest score and
// upper quantiles against the threshold (1); the scatter and bias of the standardised residuals
// per season of the healthy years against the held-out training residuals.
//   SEEDS=4,5,6,7,8 PHYSICS=candidate,off-candidate YEARS=3 npx tsx tests/bench/misfit-diagnosis.ts
import { at } from '../../server/analytics/at.ts';
import { compensatedResiduals } from '../../server/analytics/control-chart-detector.ts';
import { chartStatistics } from '../../server/analytics/control-charts.ts';
import { AGREEMENT_TUNING_SEEDS } from '../server/analytics/control-chart-cases.ts';
import { trainedAnalogue } from './analogue-detector.ts';
import { type AnaloguePhysics, BASELINE_ROWS } from './seasonal-bridge.ts';

const YEARS = Number(process.env.YEARS ?? 3);
const ROWS = BASELINE_ROWS + YEARS * 365 * 24;
const SEEDS = process.env.SEEDS ? process.env.SEEDS.split(',').map(Number) : AGREEMENT_TUNING_SEEDS;
const PHYSICS = (process.env.PHYSICS ?? 'candidate,off-candidate').split(',') as AnaloguePhysics[];
const MONTHS = ['Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul'];
// Rows start on 15 August; a month of the year from the row index.
const monthOf = (row: number) => at(MONTHS, Math.floor(((row / 24) % 365) / 30.42) % 12);

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return at(sorted, Math.min(sorted.length - 1, Math.floor(q * sorted.length)));
}

const sdMean = (values: number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const sd = Math.sqrt(
    values.reduce((a, v) => a + (v - mean) ** 2, 0) / Math.max(1, values.length - 1),
  );
  return { mean, sd };
};

for (const physics of PHYSICS) {
  console.log(`\n## ${physics}, seeds ${SEEDS.join(', ')}, ${YEARS} healthy years each`);
  const byChart: Record<string, number> = {};
  const byMonth: Record<string, number> = {};
  const lengths: number[] = [];
  const seasonScatter: Record<string, { ratio: number[]; bias: number[] }> = {};
  for (const seed of SEEDS) {
    const { data, detector } = trainedAnalogue(seed, physics, ROWS);
    const { charts } = detector;
    const m = charts.modeSigma.length;
    const names = [
      ...Array.from({ length: m }, (_, k) => `CUSUM f${k + 1}`),
      'CUSUM mean',
      'MEWMA',
    ];
    const step = chartStatistics(charts);
    const residuals = compensatedResiduals(detector, data);
    const combined: number[] = [];
    const argmax: number[] = [];
    residuals.forEach((r) => {
      const s = step(r);
      if (!s) {
        combined.push(Number.NaN);
        argmax.push(-1);
        return;
      }
      let worst = 0;
      let which = 0;
      for (let j = 0; j < s.length; j += 1) {
        const v = (s[j] ?? 0) / at(charts.scales, j) / charts.threshold;
        if (v > worst) [worst, which] = [v, j];
      }
      combined.push(worst);
      argmax.push(which);
    });
    // Episodes as the bench counts them: a crossing of 1 after 5 quiet judged rows.
    let episodes = 0;
    let below = 5;
    let start = -1;
    for (let i = BASELINE_ROWS; i <= ROWS; i += 1) {
      const v = i < ROWS ? at(combined, i) : 0;
      // Unjudged rows neither end nor extend an episode (episodes.ts).
      if (!Number.isFinite(v)) continue;
      const above = v > 1;
      if (above) {
        if (below >= 5) {
          episodes += 1;
          start = i;
          const name = at(names, at(argmax, i));
          byChart[name] = (byChart[name] ?? 0) + 1;
          byMonth[monthOf(i)] = (byMonth[monthOf(i)] ?? 0) + 1;
        }
        below = 0;
      } else {
        if (below === 0 && start >= 0) lengths.push(i - start);
        below += 1;
      }
    }
    const healthy = combined.slice(BASELINE_ROWS).filter(Number.isFinite);
    const yearMax = Array.from({ length: YEARS }, (_, y) =>
      Math.max(
        ...combined
          .slice(BASELINE_ROWS + y * 8760, BASELINE_ROWS + (y + 1) * 8760)
          .filter(Number.isFinite),
      ),
    );
    // Standardised residual of the mean over modes and of each mode, by season, against the
    // held-out training residuals (sd 1 by construction of the scale... checked below).
    const standard = (row: readonly number[]) =>
      row.map((v, k) => v / at(charts.projection.scale, k));
    const meanOf = (row: readonly number[]) => {
      const seen = row.filter(Number.isFinite);
      return seen.reduce((a, b) => a + b, 0) / Math.max(1, seen.length);
    };
    const train = compensatedResiduals(detector, {
      features: data.features.slice(0, BASELINE_ROWS),
      context: data.context.slice(0, BASELINE_ROWS),
    });
    const trainMeans = train
      .filter((r): r is number[] => r !== null)
      .map((r) => meanOf(standard(r)));
    const inSample = sdMean(trainMeans);
    const seasons: Record<string, number[]> = {};
    residuals.forEach((r, i) => {
      if (i < BASELINE_ROWS || r === null) return;
      const mo = monthOf(i);
      const season = ['Dec', 'Jan', 'Feb'].includes(mo)
        ? 'winter'
        : ['Mar', 'Apr', 'May'].includes(mo)
          ? 'spring'
          : ['Jun', 'Jul', 'Aug'].includes(mo)
            ? 'summer'
            : 'autumn';
      (seasons[season] ??= []).push(meanOf(standard(r)));
    });
    const heldOutSd = charts.meanSigma;
    console.log(
      `seed ${seed}: episodes ${episodes}; threshold ${charts.threshold.toFixed(2)} (block ${detector.calibration.blockLength} rows); healthy combined score q99 ${quantile(healthy, 0.99).toFixed(2)}, q99.9 ${quantile(healthy, 0.999).toFixed(2)}, rows > 1 ${((100 * healthy.filter((v) => v > 1).length) / healthy.length).toFixed(1)} %, yearly max ${yearMax.map((v) => v.toFixed(2)).join(' / ')}; mean-over-modes residual sd: held-out (chart unit) ${heldOutSd.toFixed(3)}, in-sample training ${inSample.sd.toFixed(3)}`,
    );
    for (const [season, values] of Object.entries(seasons)) {
      const { mean, sd } = sdMean(values);
      const entry = (seasonScatter[season] ??= { ratio: [], bias: [] });
      entry.ratio.push(sd / heldOutSd);
      entry.bias.push(mean / heldOutSd);
      console.log(
        `   ${season}: sd ratio to held-out ${(sd / heldOutSd).toFixed(2)}, bias ${(mean / heldOutSd).toFixed(2)} σ`,
      );
    }
  }
  console.log(`episodes by chart: ${JSON.stringify(byChart)}`);
  console.log(`episodes by start month: ${JSON.stringify(byMonth)}`);
  console.log(
    `episode length (rows above 1 until quiet): median ${lengths.length ? quantile(lengths, 0.5) : '-'}, q90 ${lengths.length ? quantile(lengths, 0.9) : '-'}, max ${lengths.length ? Math.max(...lengths) : '-'}`,
  );
  for (const [season, { ratio, bias }] of Object.entries(seasonScatter))
    console.log(
      `${season}: sd ratio (per seed) ${ratio.map((v) => v.toFixed(2)).join(', ')}; bias σ ${bias.map((v) => v.toFixed(2)).join(', ')}`,
    );
}
