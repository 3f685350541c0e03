// npm run bench:fatigue — rainflow counting speed on a 100 Hz strain stream from the traffic
// generator (goal: 20 million samples per second per core), and the time to bring a bridge with
// a year of 100 Hz strain up to date from its daily histograms (sum 365 days, D, Δσ_E,2 and the
// remaining lives). One process, one core; medians of several rounds.
import {
  equivalentRangeAt2M,
  minerDamage,
  remainingLives,
} from '../../server/analytics/fatigue/miner.ts';
import { RainflowCounter } from '../../server/analytics/fatigue/rainflow.ts';
import {
  sumHistograms,
  totalCycles,
  type RangeHistogram,
} from '../../server/analytics/fatigue/range-histogram.ts';
import { eurocodeCurve } from '../../server/analytics/fatigue/sn-curves.ts';
import { mpaPerMicrostrain, STEEL_MODULUS_GPA } from '../../server/analytics/fatigue/stress.ts';
import { availableParallelism, loadavg } from 'node:os';
import { TrafficStrainGenerator } from '../../server/sim/traffic-strain.ts';
import { fmt, percentile } from './bench-stats.ts';

const GOAL_SAMPLES_PER_SECOND = 20e6;
const RATE_HZ = 100;
const SAMPLES_PER_DAY = RATE_HZ * 86_400;
const DAYS = Number(process.env.BENCH_DAYS ?? 7);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MONDAY = Date.parse('2026-11-16T00:00:00Z');
const DAY_MS = 86_400_000;
const scale = mpaPerMicrostrain(STEEL_MODULUS_GPA);
const curve = eurocodeCurve(71);

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

function generateDays(): Float64Array[] {
  const generator = new TrafficStrainGenerator({ seed: 19, rateHz: RATE_HZ }, MONDAY);
  const started = performance.now();
  let trucks = 0;
  const days = Array.from({ length: DAYS }, () => {
    const day = new Float64Array(SAMPLES_PER_DAY);
    trucks += generator.fill(day).length;
    return day;
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Generated ${DAYS} days of 100 Hz strain (${fmt(DAYS * SAMPLES_PER_DAY)} samples, ${fmt(trucks)} trucks) in ${seconds.toFixed(1)} s (${fmt((DAYS * SAMPLES_PER_DAY) / seconds)} samples/s).`,
  );
  return days;
}

const cpuSeconds = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

/**
 * Counts the days in chunks of `chunk` samples (one stored block = 100) into daily histograms.
 * Per core = samples per second of this process's CPU time: the machine is shared, so wall time
 * also measures the other processes' load.
 */
function countDays(days: Float64Array[], chunk: number) {
  const counter = new RainflowCounter({ scale });
  const histograms: RangeHistogram[] = [];
  const startedCpu = cpuSeconds();
  const started = performance.now();
  for (const day of days) {
    for (let from = 0; from < day.length; from += chunk)
      counter.push(day.subarray(from, from + chunk));
    histograms.push(counter.takeHistogram());
  }
  const samples = days.length * SAMPLES_PER_DAY;
  return {
    perCpuSecond: samples / (cpuSeconds() - startedCpu),
    perWallSecond: samples / ((performance.now() - started) / 1000),
    histograms,
  };
}

function countingSpeed(days: Float64Array[]): RangeHistogram[] {
  console.log('\n## Rainflow counting, one core (E = 200 GPa, bins of 0.5 MPa)');
  console.log(
    '| chunk | samples per CPU second, one core (median) | min … max | vs goal 20 M/s | samples per wall second (median) |',
  );
  console.log('|---|---|---|---|---|');
  let histograms: RangeHistogram[] = [];
  for (const chunk of [RATE_HZ, SAMPLES_PER_DAY]) {
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const result = countDays(days, chunk);
      cpu.push(result.perCpuSecond);
      wall.push(result.perWallSecond);
      histograms = result.histograms;
    }
    const label = chunk === RATE_HZ ? '1 s block (100 samples)' : 'whole day';
    console.log(
      `| ${label} | ${fmt(median(cpu))} | ${fmt(Math.min(...cpu))} … ${fmt(Math.max(...cpu))} | ${(median(cpu) / GOAL_SAMPLES_PER_SECOND).toFixed(2)}× | ${fmt(median(wall))} |`,
    );
  }
  console.log(
    `(load average while counting: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} on ${availableParallelism()} cores)`,
  );
  return histograms;
}

function yearUpdate(week: RangeHistogram[]): void {
  // A year of daily histograms: the counted week, repeated (weekday i uses day i of the week).
  const year = Array.from({ length: 365 }, (_, day) => week[day % week.length] as RangeHistogram);
  const lastDay = new Date(MONDAY + 364 * DAY_MS).toISOString().slice(0, 10);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let summary = '';
  for (let round = 0; round < 50; round += 1) {
    const startedCpu = cpuSeconds();
    const started = performance.now();
    const daily = year.map((histogram, day) => ({
      day: new Date(MONDAY + day * DAY_MS).toISOString().slice(0, 10),
      damage: minerDamage(histogram, curve),
    }));
    const total = sumHistograms(year);
    const damage = minerDamage(total, curve);
    const lives = remainingLives(damage, daily, lastDay);
    const equivalent = equivalentRangeAt2M(damage, curve);
    times.push(performance.now() - started);
    cpuTimes.push((cpuSeconds() - startedCpu) * 1000);
    summary =
      `a year: ${fmt(totalCycles(total))} cycles, D = ${damage.toExponential(3)} on EC3 71, ` +
      `Δσ_E,2 = ${equivalent.toFixed(1)} MPa, remaining life ${lives.last90Days?.years.toFixed(0)} years ` +
      `(90 days) / ${lives.last365Days?.years.toFixed(0)} years (365 days)`;
  }
  console.log(
    '\n## Bringing a bridge with a year of 100 Hz strain up to date from daily histograms',
  );
  console.log(
    `365 daily D + sum of 365 histograms + D, Δσ_E,2 and remaining lives: median ${median(cpuTimes).toFixed(2)} ms of CPU, ${median(times).toFixed(2)} ms wall (p95 ${percentile(
      [...times].sort((a, b) => a - b),
      95,
    ).toFixed(2)} ms)`,
  );
  console.log(
    `(${summary}; counting that year from the raw samples instead would be 3.2·10⁹ samples)`,
  );
}

const days = generateDays();
const week = countingSpeed(days);
const aboveOneMpa = (h: RangeHistogram) => totalCycles(h) - (h.counts[0] ?? 0) - (h.counts[1] ?? 0);
console.log(
  `\nPer day from Monday: ${week.map((h) => fmt(totalCycles(h))).join(', ')} full cycles (of which ≥ 0.75 MPa: ${week.map((h) => fmt(aboveOneMpa(h))).join(', ')}); D per day on EC3 71: ${week.map((h) => minerDamage(h, curve).toExponential(2)).join(', ')}`,
);
yearUpdate(week);
