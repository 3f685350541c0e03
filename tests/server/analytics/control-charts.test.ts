// Control charts on compensated residuals (issue 29, decision 028). The model form, the number of
// factors removed and the run-length target were chosen on the tuning part only: analogue seeds
// 1-3 (TUNING_SEEDS) and Yonghe samples 1-144 (baseline 1-96, healthy check 97-144). Everything
// asserted below is on the reporting part: analogue seeds 11-15 and Yonghe samples 145-216.
import { describe, expect, it } from 'vitest';
import { at } from '../../../server/analytics/at';
import { chooseCompensation } from '../../../server/analytics/compensation-model';
import {
  scoreControlChart,
  trainControlChart,
} from '../../../server/analytics/control-chart-detector';
import { falseAlarmRate, poissonUpperBound } from '../../../server/analytics/false-alarm-rate';
import { symmetricEigen } from '../../../server/analytics/symmetric-eigen';
import { createRng } from '../../../server/analytics/rng';
import {
  ANALOGUE_HEALTHY,
  ANALOGUE_ONSET,
  DAMAGE_CASES,
  REPORTING_SEEDS,
  YONGHE_FILE,
  YONGHE_REPORTING,
  analogue,
  coldSnapOnset,
  falseEpisodes,
  runCase,
  trainOnAnalogue,
  yongheAvailable,
  yongheFrequencies,
  type CaseResult,
} from './control-chart-cases';

const HOURS_PER_YEAR = 8760;

describe('control-chart building blocks', () => {
  it('states a false-alarm rate with its exact 95 % Poisson upper bound', () => {
    expect(poissonUpperBound(0)).toBeCloseTo(2.996, 3);
    expect(poissonUpperBound(1)).toBeCloseTo(4.744, 3);
    const rate = falseAlarmRate(1, 2);
    expect(rate.perYear).toBe(0.5);
    expect(rate.upperBoundPerYear).toBeCloseTo(2.372, 3);
  });

  it('finds the eigenvalues of a symmetric matrix, largest first', () => {
    const { values, vectors } = symmetricEigen([
      [2, 1],
      [1, 2],
    ]);
    expect(values[0]).toBeCloseTo(3, 10);
    expect(values[1]).toBeCloseTo(1, 10);
    expect(Math.abs(at(at(vectors, 0), 0))).toBeCloseTo(Math.SQRT1_2, 10);
  });

  it('chooses a frost hinge when the training block freezes, and judges no colder row', () => {
    const rng = createRng(4);
    const context: number[][] = [];
    const features: number[][] = [];
    for (let i = 0; i < 2000; i += 1) {
      const t = 5 + 10 * Math.sin(i / 90) + rng.normal();
      context.push([t]);
      const frost = Math.max(0, -t) * 0.01;
      features.push([3, 7].map((f) => f * (1 - 0.001 * t + frost) * (1 + 0.002 * rng.normal())));
    }
    const choice = chooseCompensation(features, context);
    expect(choice.model.form.hingesC).toContain(0);
    const detector = trainControlChart({ features, context }, { targetArlRows: 2000 });
    const colder = at(choice.model.low, 0) - 1;
    const { scores, unjudged } = scoreControlChart(detector, {
      features: [...features, [2.5, 6]],
      context: [...context, [colder]],
    });
    expect(unjudged).toContain(2000);
    expect(scores[2000]).toBeNull();
  });
});

const percent = (part: number, whole: number) =>
  `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

if (!yongheAvailable()) {
  console.warn(
    `Yonghe tests skipped: ${YONGHE_FILE} not found (the shared data folder beside the repository)`,
  );
}

describe.skipIf(!yongheAvailable())(`Yonghe bridge (${YONGHE_FILE})`, () => {
  it('alarms on the damaged day and not on healthy samples 145-192, from samples 1-144', () => {
    const f = yongheFrequencies();
    const context = f.map(() => []);
    const n = YONGHE_REPORTING.baselineRows;
    const detector = trainControlChart({
      features: f.slice(0, n),
      context: context.slice(0, n),
    });
    const { scores } = scoreControlChart(detector, { features: f, context });
    const healthy = scores.slice(n, YONGHE_REPORTING.healthyTo);
    const damaged = scores.slice(YONGHE_REPORTING.healthyTo);
    expect(healthy.filter((s) => s !== null && s > 1)).toEqual([]);
    // One alarm episode on the damaged day.
    expect(falseEpisodes(scores, YONGHE_REPORTING.healthyTo, f.length)).toBe(1);
    const firstAlarm = damaged.findIndex((s) => s !== null && s > 1);
    console.log(
      `Yonghe: healthy 145-192 highest score ${Math.max(...healthy.map((s) => s ?? 0)).toFixed(2)}; damaged day: first alarm at sample ${193 + firstAlarm}, ${damaged.filter((s) => s !== null && s > 1).length} of 24 samples above the threshold`,
    );
    expect(firstAlarm).toBeGreaterThanOrEqual(0);
  });

  it('injected damage on healthy samples 145-192 (baseline 1-144): detection and false alarms', () => {
    const f = yongheFrequencies().slice(0, YONGHE_REPORTING.healthyTo);
    const context = f.map(() => []);
    const n = YONGHE_REPORTING.baselineRows;
    const detector = trainControlChart({ features: f.slice(0, n), context: context.slice(0, n) });
    const { scores } = scoreControlChart(detector, { features: f, context });
    const period = { from: n, to: f.length, onset: n };
    const lines = DAMAGE_CASES.slice(0, 4).map((damage) => {
      const r = runCase(detector, { features: f, context }, scores, damage, period);
      return { damage, r };
    });
    console.log(
      [
        '| Yonghe, injected from sample 145 | detected (of 48) | first alarm after | ROC AUC |',
        ...lines.map(
          ({ damage, r }) =>
            `| ${damage.name} | ${percent(r.detectedRows, r.damagedRows)} | ${r.delayRows ?? 'never'} h | ${r.auc.toFixed(3)} |`,
        ),
        `false-alarm episodes on the same samples uninjured: ${falseEpisodes(scores, n, f.length)}`,
      ].join('\n'),
    );
    expect(falseEpisodes(scores, n, f.length)).toBe(0);
    const byName = new Map(lines.map(({ damage, r }) => [damage.name, r]));
    expect(byName.get('all modes −5 %')?.detectedRows).toBeGreaterThan(0);
  });
});

describe('seasonal-bridge analogue, reporting seeds 11-15', () => {
  it('injected damage: detection, delay and false alarms per bridge-year with the 95 % bound', () => {
    const results = DAMAGE_CASES.map(() => [] as CaseResult[]);
    let episodes = 0;
    for (const seed of REPORTING_SEEDS) {
      const data = analogue(seed);
      const detector = trainOnAnalogue(data);
      const { scores } = scoreControlChart(detector, data);
      episodes += falseEpisodes(scores, ANALOGUE_HEALTHY.from, ANALOGUE_HEALTHY.to);
      DAMAGE_CASES.forEach((damage, c) => {
        at(results, c).push(
          runCase(detector, data, scores, damage, { ...ANALOGUE_HEALTHY, onset: ANALOGUE_ONSET }),
        );
      });
    }
    const years =
      (REPORTING_SEEDS.length * (ANALOGUE_HEALTHY.to - ANALOGUE_HEALTHY.from)) / HOURS_PER_YEAR;
    const rate = falseAlarmRate(episodes, years);
    console.log(
      [
        '| case (reporting seeds 11-15) | detected rows | first alarm after (per seed) | unjudged rows | ROC AUC (mean) |',
        ...DAMAGE_CASES.map((damage, c) => {
          const rs = at(results, c);
          const sum = (pick: (r: CaseResult) => number) => rs.reduce((a, r) => a + pick(r), 0);
          return `| ${damage.name} | ${percent(
            sum((r) => r.detectedRows),
            sum((r) => r.damagedRows - r.unjudgedRows),
          )} | ${rs.map((r) => (r.delayRows === null ? 'never' : `${r.delayRows} h`)).join(', ')} | ${sum((r) => r.unjudgedRows)} | ${(sum((r) => r.auc) / rs.length).toFixed(3)} |`;
        }),
        `false-alarm episodes: ${episodes} in ${years.toFixed(2)} bridge-years = ${rate.perYear.toFixed(2)} a bridge-year, 95 % upper bound ${rate.upperBoundPerYear.toFixed(2)}`,
      ].join('\n'),
    );
    const delays = (name: string) =>
      at(
        results,
        DAMAGE_CASES.findIndex((d) => d.name === name),
      ).map((r) => r.delayRows);
    // The issue's goals: a 2 % loss, uniform or f1 alone, raised within 48 hours.
    for (const name of ['all modes −2 %', 'f1 alone −2 %', 'all modes −5 %']) {
      for (const delay of delays(name)) expect(delay).not.toBeNull();
      for (const delay of delays(name)) expect(delay ?? Infinity).toBeLessThanOrEqual(48);
    }
    expect(rate.perYear).toBeLessThanOrEqual(2);
  }, 120_000);

  it('winter: −2 % from the coldest 3 days of a winter the baseline (first 140 days) only began', () => {
    const baselineRows = 140 * 24;
    const period = { from: baselineRows, to: 200 * 24, onset: baselineRows };
    const coldSnap = at(DAMAGE_CASES, DAMAGE_CASES.length - 1);
    const lines: string[] = [];
    let episodes = 0;
    const delays: (number | null)[] = [];
    for (const seed of REPORTING_SEEDS) {
      const data = analogue(seed);
      const detector = trainControlChart({
        features: data.features.slice(0, baselineRows),
        context: data.context.slice(0, baselineRows),
      });
      const { scores } = scoreControlChart(detector, data);
      const falseOnes = falseEpisodes(scores, period.from, period.to);
      episodes += falseOnes;
      const onset = coldSnapOnset(data.context, period.from, period.to);
      const snap = data.context.slice(onset, onset + 72).map((c) => at(c, 0));
      const r = runCase(detector, data, scores, coldSnap, period);
      delays.push(r.delayRows);
      lines.push(
        `| ${seed} | day ${(onset / 24).toFixed(1)}, ${Math.min(...snap).toFixed(1)} °C (learnt from ${at(detector.compensation.low, 0).toFixed(1)} °C) | ${r.unjudgedRows} of ${r.damagedRows} | ${r.delayRows ?? 'never'} h | ${percent(r.detectedRows, r.damagedRows - r.unjudgedRows)} | ${falseOnes} |`,
      );
    }
    console.log(
      [
        '| seed | cold snap onset, coldest hour | damaged rows unjudged | first alarm after | detected of judged | false episodes, healthy copy (days 140-200) |',
        ...lines,
        `false-alarm episodes in the five healthy winters: ${episodes}`,
      ].join('\n'),
    );
    for (const delay of delays) expect(delay).not.toBeNull();
    expect(episodes).toBeLessThanOrEqual(1);
  }, 120_000);
});
