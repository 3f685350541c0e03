/**
 * The gain check as the stored analysis runs it (decision 048, 2026-11-30): every evaluation
 * (each 10-minute window) judges the last day's window standard deviation ratios of two twins
 * against the ratio learnt over a reference week, with decision 030's factor (1.05, chosen on the
 * simulated seeds 1-5 of sensor-faults-bench.ts; nothing is chosen here). Reported on held-out
 * simulated years (seeds 101-110), injections (seeds 201-210) and the real Munich records, where
 * no two channels are twins (see the table's words). Part of `npm run bench:sensors`.
 */

import { median } from '../../server/analytics/sensor-validation/robust.ts';
import {
  GAIN_FACTOR,
  GAIN_MIN_JUDGED_SHARE,
} from '../../server/analytics/sensor-validation/thresholds.ts';
import {
  judgeTwinGain,
  learnTwinRatios,
  type TwinRatio,
} from '../../server/analytics/sensor-validation/twin-gain.ts';
import { windowStds } from '../../server/analytics/sensor-validation/window-std.ts';
import {
  MUNICH_CHANNELS,
  MUNICH_RATE_HZ,
  munichAvailable,
  readMunichChannel,
} from './munich-records.ts';
import { SIM_WINDOW_MS, simulateStream } from './sensor-window-sim.ts';

const DAY = 144;
const WEEK = 7 * DAY;
const HELD_OUT_SEEDS = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110];
const TRIAL_SEEDS = [201, 202, 203, 204, 205, 206, 207, 208, 209, 210];
const TWINS = new Map([
  ['a', ['b']],
  ['b', ['a']],
]);

const log = (line = '') => process.stdout.write(`${line}\n`);

interface Episode {
  stream: string;
  detectedAt: number;
  onsetWindow: number;
}

/**
 * Every evaluation from the day after the reference week: the judged day ends at window `end`.
 * A stored gain fault lasts, so each stream's first finding is its one fault.
 */
function inService(
  a: readonly number[],
  b: readonly number[],
  reference: readonly TwinRatio[],
  from = WEEK + DAY,
): Episode[] {
  const found = new Map<string, Episode>();
  for (let end = from; end <= a.length; end += 1) {
    const stds = new Map([
      ['a', a.slice(end - DAY, end)],
      ['b', b.slice(end - DAY, end)],
    ]);
    const { faults, disagreements } = judgeTwinGain({
      stds,
      startMs: 0,
      windowMs: SIM_WINDOW_MS,
      twins: TWINS,
      reference,
      factor: GAIN_FACTOR,
      minWindows: GAIN_MIN_JUDGED_SHARE * DAY,
    });
    // A pair's disagreement (decision 068) is the finding, keyed by the pair's first name.
    const findings = [
      ...faults,
      ...disagreements.map((d) => [`${d.streams[0]}+${d.streams[1]}`, d] as const),
    ];
    for (const [stream, finding] of findings) {
      if (found.has(stream)) continue;
      found.set(stream, { stream, detectedAt: end, onsetWindow: end - DAY + finding.onsetWindow });
    }
    if (found.size > 0) break;
  }
  return [...found.values()];
}

function referenceOf(a: readonly number[], b: readonly number[]): TwinRatio[] {
  const stds = new Map([
    ['a', a.slice(0, WEEK)],
    ['b', b.slice(0, WEEK)],
  ]);
  return learnTwinRatios(stds, TWINS, DAY);
}

function healthySim(): void {
  let faults = 0;
  for (const seed of HELD_OUT_SEEDS) {
    const s = simulateStream({ seed, days: 365 });
    const a = s.windows.map((w) => w.std);
    const b = s.reference.std;
    faults += inService(a, b, referenceOf(a, b)).length;
  }
  const sensorYears = 2 * HELD_OUT_SEEDS.length;
  log(`## Gain in service: healthy simulated twins (seeds 101-110, ${sensorYears} sensor-years)`);
  log('Reference: the first week; then judged at every 10-minute window for the rest of the year.');
  log('| false findings (gain faults or pair disagreements, decision 068) | per sensor-year |');
  log('|---|---|');
  log(`| ${faults} | ${(faults / sensorYears).toFixed(2)} |`);
  log();
}

function simTrials(): void {
  log(
    `## Gain in service: injections (${TRIAL_SEEDS.length} pairs of 30 days, onset on day 14 at a varying hour)`,
  );
  log(
    '| gain in a | pairs found | delay median (h) | delay max (h) | onset error median / max (h) | streams faulted (a pair: none, decision 068) |',
  );
  log('|---|---|---|---|---|---|');
  for (const size of [1.1, 0.9]) {
    const delays: number[] = [];
    const onsetErrors: number[] = [];
    let faulted = 0;
    for (const seed of TRIAL_SEEDS) {
      const s = simulateStream({ seed, days: 30 });
      const onset = 14 * DAY + ((seed * 37) % DAY);
      const a = s.windows.map((w, i) => (i >= onset ? w.std * size : w.std));
      const b = s.reference.std;
      const episodes = inService(a, b, referenceOf(a, b));
      faulted += episodes.filter((e) => !e.stream.includes('+')).length;
      const first = episodes.find((e) => e.stream === 'a+b' || e.stream === 'a');
      if (!first || first.detectedAt <= onset) continue;
      delays.push(((first.detectedAt - onset) * SIM_WINDOW_MS) / 3_600_000);
      onsetErrors.push((Math.abs(first.onsetWindow - onset) * SIM_WINDOW_MS) / 3_600_000);
    }
    const sorted = [...delays].sort((x, y) => x - y);
    log(
      `| ${size === 1.1 ? '+10 %' : '−10 %'} | ${delays.length}/${TRIAL_SEEDS.length} | ${median(sorted).toFixed(1)} | ${(sorted.at(-1) ?? NaN).toFixed(1)} | ` +
        `${median(onsetErrors).toFixed(1)} / ${Math.max(...onsetErrors).toFixed(1)} | ${faulted} of ${2 * TRIAL_SEEDS.length} |`,
    );
  }
  log();
}

/**
 * The real records hold no twins (no two channels of one type at one place), and last 10-20
 * minutes, not a day and a week. Shown here: channels logged together, judged as if twins on
 * 10-second windows (reference: the record's first half; judged: its second half, the rule and
 * factor unchanged), healthy and with a 10 % gain put into the first channel's second half.
 */
function munich(): void {
  if (!munichAvailable()) {
    log('## Gain on the Munich records: SKIPPED (records missing)');
    return;
  }
  const windowSamples = 10 * MUNICH_RATE_HZ;
  const channel = (label: string) => {
    const found = MUNICH_CHANNELS.find((c) => c.label === label);
    if (!found) throw new Error(`no Munich channel ${label}`);
    return readMunichChannel(found);
  };
  const pairs: [string, string][] = [
    ['FRC-01 reference', 'FRC-02 reference'],
    ['DMS_AS load test', 'FRC-01 load test'],
    ['DMS_AS load test', 'INC01 load test'],
    ['FRC-01 load test', 'INC01 load test'],
  ];
  log('## Gain on the Munich records (pairs logged together, not twins; 10-s windows)');
  log(
    '| pair | windows | healthy: ratio change, second half vs first | healthy: found | 10 % gain in the first from mid-record: found |',
  );
  log('|---|---|---|---|---|');
  for (const [first, second] of pairs) {
    const x = channel(first);
    const y = channel(second);
    const length = Math.min(x.length, y.length);
    const half = Math.floor(length / windowSamples / 2) * windowSamples;
    const judge = (a: readonly number[]) => {
      const sa = windowStds(a.slice(0, length), windowSamples);
      const sb = windowStds(y.slice(0, length), windowSamples);
      const split = half / windowSamples;
      const reference = learnTwinRatios(
        new Map([
          ['a', sa.slice(0, split)],
          ['b', sb.slice(0, split)],
        ]),
        TWINS,
        1,
      );
      const judged = new Map([
        ['a', sa.slice(split)],
        ['b', sb.slice(split)],
      ]);
      const logs = (judged.get('a') ?? []).map((v, i) =>
        Math.log(v / ((judged.get('b') ?? [])[i] ?? NaN)),
      );
      const change =
        Math.exp(median(logs.filter(Number.isFinite)) - Math.log(reference[0]?.ratio ?? NaN)) - 1;
      const { faults, disagreements } = judgeTwinGain({
        stds: judged,
        startMs: 0,
        windowMs: 10_000,
        twins: TWINS,
        reference,
        factor: GAIN_FACTOR,
        minWindows: GAIN_MIN_JUDGED_SHARE * (sa.length - split),
      });
      const faulted =
        [...faults.keys()].join(', ') || (disagreements.length > 0 ? 'pair disagrees' : 'none');
      return { windows: sa.length, change, faulted };
    };
    const healthy = judge(x);
    const gained = judge(x.map((v, i) => (i >= half ? v * 1.1 : v)));
    log(
      `| ${first} / ${second} | ${healthy.windows} | ${(healthy.change * 100).toFixed(1)} % | ${healthy.faulted} | ${gained.faulted} (${(gained.change * 100).toFixed(1)} %) |`,
    );
  }
  log();
}

const started = Date.now();
if (!process.argv.includes('--munich')) {
  healthySim();
  simTrials();
}
munich();
log(`(gain bench ran ${((Date.now() - started) / 1000).toFixed(0)} s)`);
