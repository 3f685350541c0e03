// npm run bench:fatigue, accuracy part (issue 30): the cycle list against a literal ASTM E1049
// transcription on random histories, spikes flagged as faults, and a daily thermal swing under
// traffic, on the traffic model (server/sim/traffic-strain.ts). Prints one table.
import { countRainflowCycles } from '../../server/analytics/fatigue/astm-cycles.ts';
import { removeQuasiStatic } from '../../server/analytics/fatigue/quasi-static.ts';
import { createRng } from '../../server/analytics/rng.ts';
import { coverageLife, coverageOf } from '../../server/fatigue/coverage.ts';
import { rateCheck } from '../../server/fatigue/rate-check.ts';
import { astmRainflow } from '../server/analytics/fatigue/astm-reference.ts';
import { DAY_MS, damageOf, gaugeRecord } from '../server/analytics/fatigue/traffic-samples.ts';

const HISTORIES = 1000;
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(4)} %`;

function astmAgreement(): number {
  const rng = createRng(30);
  let identical = 0;
  for (let h = 0; h < HISTORIES; h += 1) {
    const length = Math.floor(rng.next() * 300);
    const ties = rng.next() < 0.5;
    const samples = Array.from({ length }, () =>
      ties ? Math.floor(rng.next() * 9) - 4 : rng.normal() * 100,
    );
    const expected = astmRainflow(samples).map((c) => [c.range, c.mean, c.cycles]);
    const counted = countRainflowCycles(samples).cycles;
    if (JSON.stringify(counted) === JSON.stringify(expected)) identical += 1;
  }
  return identical;
}

function spikeCase(rateHz: number, fromHour: number, hours: number) {
  const clean = gaugeRecord({
    rateHz,
    from: Date.UTC(2026, 3, 1, fromHour),
    hours,
    thermal: () => 0,
  });
  let max = -Infinity;
  let min = Infinity;
  for (const x of clean) {
    max = Math.max(max, x);
    min = Math.min(min, x);
  }
  const rng = createRng(31);
  const spiked = Float64Array.from(clean);
  const excluded = new Array<boolean>(clean.length).fill(false);
  for (let i = 0; i < clean.length; i += 1) {
    if (rng.next() < 0.001) {
      spiked[i] = (clean[i] as number) + (rng.next() < 0.5 ? -10 : 10) * (max - min);
      excluded[i] = true;
    }
  }
  const base = damageOf(clean).damage;
  return {
    asGiven: damageOf(spiked).damage / base,
    cut: damageOf(spiked, { excluded }).damage / base,
    bridged: damageOf(spiked, { excluded, bridgeSamples: 2 }).damage / base,
  };
}

function thermalCase() {
  const day = { rateHz: 10, from: Date.UTC(2026, 3, 1), hours: 24 };
  const swing = (t: number) =>
    150 * Math.cos((2 * Math.PI * ((t % DAY_MS) - 15 * 3_600_000)) / DAY_MS);
  const trafficOnly = damageOf(gaugeRecord({ ...day, thermal: () => 0 })).equivalentRange;
  const withThermal = gaugeRecord({ ...day, thermal: swing });
  const highPassed = removeQuasiStatic(withThermal, day.rateHz, 1 / 600).dynamic;
  return {
    asGiven: damageOf(withThermal).equivalentRange / trafficOnly,
    highPassed: damageOf(highPassed).equivalentRange / trafficOnly,
  };
}

/**
 * Decision 045: a day with 2 hours of data weighs as 2 hours. A whole day and a day with only
 * 10:00-12:00 of the same traffic model at 10 Hz; the stored path's weight of the short day, and
 * the yearly rate it extrapolates against the whole day's, per monitored hour and per day.
 */
function coverageCase() {
  const rateHz = 10;
  const whole = damageOf(
    gaugeRecord({ rateHz, from: Date.UTC(2026, 3, 1), hours: 24, thermal: () => 0 }),
  );
  const short = damageOf(
    gaugeRecord({ rateHz, from: Date.UTC(2026, 3, 2, 10), hours: 2, thermal: () => 0 }),
  );
  const day = (d: string, damage: number, hours: number) => ({
    day: d,
    damage,
    monitoredSeconds: Math.round(rateHz * 3600 * hours) / rateHz,
  });
  const shortDay = [day('2026-04-02', short.damage, 2)];
  const weight = coverageOf(shortDay, '2026-04-02').monitoredHours;
  const perHour = coverageLife(1, shortDay, '2026-04-02', 1)?.ratePerYear ?? NaN;
  const trueRate = whole.damage * 365.25;
  return { weight, perHour: perHour / trueRate, perDay: (short.damage * 365.25) / trueRate };
}

/**
 * Decision 045's rate check against the traffic model: a day at 20 Hz (resolved on the 40 m
 * span) and the same samples every 10 s (the demo's gauges), damage counted on each.
 */
function undercountCase() {
  const fast = gaugeRecord({ rateHz: 20, from: Date.UTC(2026, 3, 1), hours: 24, thermal: () => 0 });
  const slow = fast.filter((_, i) => i % 200 === 0);
  return {
    measured: damageOf(fast).damage / damageOf(slow).damage,
    estimated: rateCheck(0.1, 40).estimatedUndercount,
  };
}

const identical = astmAgreement();
const fast = spikeCase(100, 11, 2);
const slow = spikeCase(10, 0, 24);
const thermal = thermalCase();
const coverage = coverageCase();
const undercount = undercountCase();
const rows = [
  ['check', 'result', 'goal'],
  ['cycle lists identical to ASTM §5.4.4', `${identical} / ${HISTORIES}`, 'all'],
  ['spikes (0.1 %, 10× range), counted as given, 100 Hz', `D ×${fast.asGiven.toPrecision(3)}`, '-'],
  ['spikes flagged, runs ≤ 2 read past, 100 Hz 2 h', `D ${percent(fast.bridged)}`, '< 1 %'],
  ['spikes flagged, runs ≤ 2 read past, 10 Hz 24 h', `D ${percent(slow.bridged)}`, '< 1 %'],
  ['spikes flagged, each ends the history, 100 Hz', `D ${percent(fast.cut)}`, '-'],
  ['spikes flagged, each ends the history, 10 Hz', `D ${percent(slow.cut)}`, '-'],
  ['±150 µε daily swing, counted as given', `Δσ_E,2 ${percent(thermal.asGiven)}`, '-'],
  ['±150 µε daily swing, high-pass 1/600 Hz', `Δσ_E,2 ${percent(thermal.highPassed)}`, '< 2 %'],
  ['a day with 2 hours of data (10 Hz) weighs', `${coverage.weight} h`, '2 h'],
  ["its yearly rate per monitored hour / whole day's", `×${coverage.perHour.toPrecision(3)}`, '-'],
  ["its yearly rate per day (days alone) / whole day's", `×${coverage.perDay.toPrecision(3)}`, '-'],
  [
    '10 s gauge undercount, measured (20 Hz / 0.1 Hz)',
    `×${undercount.measured.toPrecision(3)}`,
    '-',
  ],
  ['10 s gauge undercount, rate check estimate', `×${undercount.estimated.toPrecision(3)}`, '-'],
];
for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n`);
if (identical !== HISTORIES || Math.abs(fast.bridged - 1) >= 0.01) process.exitCode = 1;
if (Math.abs(thermal.highPassed - 1) >= 0.02) process.exitCode = 1;
if (Math.abs(coverage.weight - 2) > 1e-9) process.exitCode = 1;
