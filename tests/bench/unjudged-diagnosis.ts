// Decision 081 (h): why the control charts leave 8-13 % of the damaged rows of the first six
// months unjudged, and whether the false chart episodes sit at the edges of the learnt
// temperature range. Tuning seeds only (56, 57, 58: never run for issue 29). The detect
// command's path (trainControlChart with the product's defaults: strict range, no cold floor).
// Unjudged depends on the context only, so the damaged copies' unjudged rows are the healthy
// copy's rows of the same window.
//   SEEDS=56,57,58 PHYSICS=candidate,off-candidate,unseen-3,unseen-4 YEARS=3
//   npx tsx tests/bench/unjudged-diagnosis.ts
import { at } from '../../server/analytics/at.ts';
import { designBuilder } from '../../server/analytics/compensation-model.ts';
import { scoreControlChart } from '../../server/analytics/control-chart-detector.ts';
import { EPISODE_QUIET_ROWS } from '../../server/analytics/control-charts.ts';
import { findEpisodes } from '../../server/analytics/episodes.ts';
import { ANALOGUE_ONSET, HOURS_PER_MONTH } from '../server/analytics/control-chart-cases.ts';
import { trainedAnalogue } from './analogue-detector.ts';
import { type AnaloguePhysics, BASELINE_ROWS } from './seasonal-bridge.ts';

const YEARS = Number(process.env.YEARS ?? 3);
const ROWS = BASELINE_ROWS + YEARS * 365 * 24;
const SEEDS = (process.env.SEEDS ?? '56,57,58').split(',').map(Number);
const PHYSICS = (process.env.PHYSICS ?? 'candidate,off-candidate,unseen-3,unseen-4').split(
  ',',
) as AnaloguePhysics[];
const SIX_MONTHS = 6 * HOURS_PER_MONTH;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Row 0 is 15 August (day 226 of the calendar year, from 0); a calendar month of a row.
const monthOf = (row: number) => at(MONTHS, Math.floor((((row / 24 + 226) % 365) / 365) * 12));
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : at(sorted, Math.floor(q * (sorted.length - 1)));
};

type Reason =
  | 'warm: air only'
  | 'warm: lagged only'
  | 'warm: both'
  | 'cold: air only'
  | 'cold: lagged only'
  | 'cold: both'
  | 'mixed';

interface RowFacts {
  reason: Reason | null;
  /** °C beyond the learnt range (largest over the inputs), 0 inside. */
  beyond: number;
  /** °C to the nearest learnt edge (smallest over the inputs), negative outside. */
  edge: number;
  air: number;
}

function rowFacts(low: readonly number[], high: readonly number[], inputs: number[]): RowFacts {
  const air = at(inputs, 0);
  let beyond = 0;
  let edge = Infinity;
  const warm: boolean[] = [];
  const cold: boolean[] = [];
  inputs.forEach((v, c) => {
    const lo = at(low, c);
    const hi = at(high, c);
    warm.push(v > hi);
    cold.push(v < lo);
    beyond = Math.max(beyond, v - hi, lo - v);
    edge = Math.min(edge, hi - v, v - lo);
  });
  const w = warm.some(Boolean);
  const c = cold.some(Boolean);
  if (!w && !c) return { reason: null, beyond: 0, edge, air };
  if (w && c) return { reason: 'mixed', beyond, edge, air };
  const flags = w ? warm : cold;
  const side = w ? 'warm' : 'cold';
  const which =
    flags.length < 2
      ? 'air only'
      : flags[0] && flags[1]
        ? 'both'
        : flags[0]
          ? 'air only'
          : 'lagged only';
  return { reason: `${side}: ${which}` as Reason, beyond, edge, air };
}

for (const physics of PHYSICS) {
  console.log(`\n## ${physics}, seeds ${SEEDS.join(', ')}, ${YEARS} healthy years each`);
  const reasons = new Map<string, number>();
  const beyondAll: number[] = [];
  const monthsUnjudged = new Map<string, number>();
  let windowRows = 0;
  let windowUnjudged = 0;
  let windowNothingObserved = 0;
  let healthyRows = 0;
  let healthyUnjudged = 0;
  // False episodes against the range's edges.
  const episodeLines: string[] = [];
  let episodes = 0;
  let episodesNearEdge = 0;
  let episodesAfterUnjudged = 0;
  let judgedRows = 0;
  let judgedNearEdge = 0;
  let judgedAfterUnjudged = 0;
  let aboveRows = 0;
  let aboveNearEdge = 0;
  const episodeMonths = new Map<string, number>();
  for (const seed of SEEDS) {
    const { data, detector } = trainedAnalogue(seed, physics, ROWS);
    const { low, high, form } = detector.compensation;
    console.log(
      `${physics} seed ${seed}: lag ${form.lagRows} rows, hinges [${form.hingesC.join(', ')}]; learnt air ${at(low, 0).toFixed(1)} to ${at(high, 0).toFixed(1)} °C${low.length > 1 ? `, lagged ${at(low, 1).toFixed(1)} to ${at(high, 1).toFixed(1)} °C` : ''}`,
    );
    const build = designBuilder(form);
    const facts = data.context.map((c) => rowFacts(low, high, build(c).inputs));
    const { scores, unjudged } = scoreControlChart(detector, data);
    const unjudgedSet = new Set(unjudged);
    // Every unjudged row must be one of the range's (the detect path has no other rule by default).
    for (const i of unjudged)
      if (at(facts, i).reason === null) throw new Error(`row ${i}: unjudged inside`);
    const lastUnjudgedBefore: number[] = [];
    let last = -Infinity;
    for (let i = 0; i < ROWS; i += 1) {
      lastUnjudgedBefore.push(last);
      if (unjudgedSet.has(i)) last = i;
    }
    const end = Math.min(ROWS - 1, ANALOGUE_ONSET + SIX_MONTHS);
    for (let i = ANALOGUE_ONSET; i <= end; i += 1) {
      windowRows += 1;
      const f = at(facts, i);
      if (f.reason !== null) {
        windowUnjudged += 1;
        reasons.set(f.reason, (reasons.get(f.reason) ?? 0) + 1);
        beyondAll.push(f.beyond);
        monthsUnjudged.set(monthOf(i), (monthsUnjudged.get(monthOf(i)) ?? 0) + 1);
      } else if (at(scores, i) === null) windowNothingObserved += 1;
    }
    for (let i = BASELINE_ROWS; i < ROWS; i += 1) {
      healthyRows += 1;
      if (unjudgedSet.has(i)) healthyUnjudged += 1;
      const s = at(scores, i);
      if (s === null) continue;
      judgedRows += 1;
      const near = at(facts, i).edge <= 2;
      const after = i - at(lastUnjudgedBefore, i) <= 72;
      if (near) judgedNearEdge += 1;
      if (after) judgedAfterUnjudged += 1;
      if (s > 1) {
        aboveRows += 1;
        if (near) aboveNearEdge += 1;
      }
    }
    const healthy = scores.map((s, i) => (i >= BASELINE_ROWS ? s : null));
    for (const e of findEpisodes(healthy, 1, {
      quietRows: EPISODE_QUIET_ROWS,
      minSpacingRows: 0,
    })) {
      episodes += 1;
      const f = at(facts, e.start);
      // Nearest approach to an edge over the 72 h before the start and the episode itself.
      let nearest = Infinity;
      for (let i = Math.max(0, e.start - 72); i <= e.end; i += 1) {
        const g = at(facts, i);
        if (g.reason === null) nearest = Math.min(nearest, g.edge);
      }
      const gap = e.start - at(lastUnjudgedBefore, e.start);
      if (f.edge <= 2) episodesNearEdge += 1;
      if (gap <= 72) episodesAfterUnjudged += 1;
      episodeMonths.set(monthOf(e.start), (episodeMonths.get(monthOf(e.start)) ?? 0) + 1);
      episodeLines.push(
        `| ${seed} | ${monthOf(e.start)} y${Math.floor((e.start - BASELINE_ROWS) / 8760) + 1} | ${e.end - e.start + 1} | ${f.air.toFixed(1)} | ${f.edge.toFixed(1)} | ${nearest.toFixed(1)} | ${Number.isFinite(gap) ? gap : 'none'} |`,
      );
    }
  }
  console.log(
    `\nDamaged window (onset day 214 + 6 months, every step case alike): ${windowUnjudged} of ${windowRows} rows unjudged (${pct(windowUnjudged, windowRows)}); judged but nothing observed ${windowNothingObserved}. Healthy years: ${pct(healthyUnjudged, healthyRows)} unjudged.`,
  );
  console.log('Reasons (share of the unjudged window rows):');
  for (const [r, n] of [...reasons].sort((a, b) => b[1] - a[1]))
    console.log(`  ${r}: ${n} (${pct(n, windowUnjudged)})`);
  console.log(
    `  °C beyond the learnt range: median ${quantile(beyondAll, 0.5).toFixed(1)}, 90 % ${quantile(beyondAll, 0.9).toFixed(1)}, max ${quantile(beyondAll, 1).toFixed(1)}; within 2 °C ${pct(beyondAll.filter((b) => b <= 2).length, beyondAll.length)}, within 4 °C ${pct(beyondAll.filter((b) => b <= 4).length, beyondAll.length)}`,
  );
  console.log(`  by month: ${[...monthsUnjudged].map(([m, n]) => `${m} ${n}`).join(', ')}`);
  console.log(
    `\nFalse episodes ${episodes}: starting within 2 °C of an edge ${episodesNearEdge} (${pct(episodesNearEdge, episodes)}; judged healthy rows within 2 °C: ${pct(judgedNearEdge, judgedRows)}; rows above 1 within 2 °C: ${pct(aboveNearEdge, aboveRows)}); starting ≤ 72 h after an unjudged row ${episodesAfterUnjudged} (${pct(episodesAfterUnjudged, episodes)}; judged rows so placed: ${pct(judgedAfterUnjudged, judgedRows)}). By month: ${[...episodeMonths].map(([m, n]) => `${m} ${n}`).join(', ')}`,
  );
  console.log(
    '| seed | start | rows | air at start °C | °C to edge at start | nearest to edge, 72 h before to end | h since unjudged |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const l of episodeLines) console.log(l);
}
