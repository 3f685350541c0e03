// bench:detect, calibrated alarms (issue 15): detection and false alarms at four target rates,
// on the seasonal-bridge analogue of the held-out real bridge and on the Yonghe data. One model
// per method and data set; the targets only recalibrate it (recalibrateDetector).
import { readFileSync } from 'node:fs';
import { at } from '../../server/analytics/at.ts';
import { parseChannelCsv } from '../../server/analytics/csv-table.ts';
import { DEFAULT_SMOOTH_ROWS, TRAINERS } from '../../server/analytics/detect.ts';
import { smoothedDetectorScores } from '../../server/analytics/score-smoothing.ts';
import { recalibrateDetector, trainDetector } from '../../server/analytics/detector.ts';
import { METHODS, type MethodName } from '../../server/analytics/detector-types.ts';
import { findEpisodes } from '../../server/analytics/episodes.ts';
import { BASELINE_ROWS, seasonalBridge } from './seasonal-bridge.ts';

export const TARGETS = [0.001, 0.005, 0.01, 0.02];

interface Labelled {
  name: string;
  features: number[][];
  context: number[][];
  baselineRows: number;
  /** Per row: 'healthy' (false alarms), 'damaged' (detections) or null (not judged). */
  truth: ('healthy' | 'damaged' | null)[];
}

const percent = (v: number) => `${(100 * v).toFixed(1)} %`;

/** Area under the ROC curve of the scores (damaged against healthy), by ranks. */
function rocAuc(healthy: number[], damaged: number[]): number {
  let wins = 0;
  for (const d of damaged) for (const h of healthy) wins += d > h ? 1 : d === h ? 0.5 : 0;
  return wins / Math.max(1, healthy.length * damaged.length);
}

function yongheCase(): Labelled {
  const text = readFileSync(
    new URL('../../../shared/data/yonghe-bridge-frequencies.csv', import.meta.url),
    'utf8',
  );
  const table = parseChannelCsv(
    text
      .trim()
      .split('\n')
      .map((line) => line.split(',').slice(0, 6).join(','))
      .join('\n'),
  );
  const f = ['f1', 'f2', 'f3', 'f4'].map((name) => table.columns.indexOf(name));
  return {
    name: 'Yonghe (train 1-144, healthy 145-192, damaged 193-216)',
    features: table.rows.map((row) => f.map((c) => at(row, c))),
    context: table.rows.map(() => []),
    baselineRows: 144,
    truth: table.rows.map((_, i) => (i < 144 ? null : i < 192 ? 'healthy' : 'damaged')),
  };
}

function bridgeCase(): Labelled {
  const bridge = seasonalBridge(2015);
  return {
    name: 'Seasonal bridge analogue (hourly year, baseline 200 days with a winter, damage from day 330)',
    features: bridge.features,
    context: bridge.context,
    baselineRows: BASELINE_ROWS,
    truth: bridge.damaged.map((d, i) => (i < BASELINE_ROWS ? null : d ? 'damaged' : 'healthy')),
  };
}

async function evaluate(c: Labelled, method: MethodName): Promise<void> {
  const trained = await trainDetector(
    method,
    TRAINERS[method],
    {
      features: c.features.slice(0, c.baselineRows),
      context: c.context.slice(0, c.baselineRows),
    },
    { seed: 1 },
  );
  for (const smoothRows of [1, DEFAULT_SMOOTH_ROWS]) {
    for (const target of TARGETS) {
      const detector = recalibrateDetector(trained.model, target);
      const { scores, threshold } = smoothedDetectorScores(detector, c, c.baselineRows, smoothRows);
      const pick = (kind: 'healthy' | 'damaged') =>
        scores.filter((s, i): s is number => c.truth[i] === kind && s !== null);
      const healthy = pick('healthy');
      const damaged = pick('damaged');
      const over = (values: number[]) => values.filter((s) => s > threshold).length;
      const judged = scores.map((s, i) => (c.truth[i] === null ? null : s));
      const episodes = findEpisodes(judged, threshold);
      const falseEpisodes = episodes.filter((e) => c.truth[e.start] === 'healthy').length;
      const firstDamaged = c.truth.indexOf('damaged');
      const firstAlarm = episodes.find((e) => e.end >= firstDamaged);
      console.log(
        `| ${method} | ${smoothRows} | ${percent(target)} | ${percent(over(damaged) / damaged.length)} of ${damaged.length} | ${percent(over(healthy) / healthy.length)} of ${healthy.length} | ${falseEpisodes} | ${firstAlarm ? Math.max(0, firstAlarm.start - firstDamaged) : 'never'} | ${target === TARGETS[0] ? rocAuc(healthy, damaged).toFixed(3) : ''} | ${threshold.toPrecision(3)} |`,
      );
    }
  }
}

export async function calibratedAlarms(): Promise<void> {
  for (const c of [bridgeCase(), yongheCase()]) {
    console.log(`\n## Feature-level calibrated alarms: ${c.name}`);
    console.log(
      '| method | rows in the mean | target false-alarm rate | detected (damaged rows) | false alarms (healthy rows) | false alarm episodes | rows to first alarm | ROC AUC | threshold |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const method of METHODS) await evaluate(c, method);
  }
}
