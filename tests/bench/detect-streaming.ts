// bench:detect, streams that adapt (issue 15): the streaming method's alarms on synthetic
// non-stationary streams, scored as the standard streaming anomaly benchmark scores
// (server/analytics/stream-benchmark-score.ts), beside a windowed-Gaussian detector and one
// that never fires.
import { normalisedScore, scoreStream } from '../../server/analytics/stream-benchmark-score.ts';
import { DEFAULT_TARGETS } from '../../server/analytics/detect.ts';
import { detectStream } from '../../server/analytics/streaming-detector.ts';
import { PROBATION_ROWS, streamScenarios, windowedGaussian } from './stream-scenarios.ts';

type Detector = (values: number[]) => number[];

export function streamingScores(targetRate = DEFAULT_TARGETS.streaming): void {
  const streams = streamScenarios();
  const run = (values: number[]) =>
    detectStream(values, { baselineRows: PROBATION_ROWS, targetFalseAlarmRate: targetRate });
  const detectors: [string, Detector][] = [
    ['streaming: alarms (episode starts)', (v) => run(v).episodes.map((e) => e.start)],
    [
      'streaming: every row above the threshold',
      (v) =>
        run(v).scores.flatMap((s, i) => (s !== null && s > 1 && i >= PROBATION_ROWS ? [i] : [])),
    ],
    [
      'windowed Gaussian (|z| > 4 over the last 600 rows)',
      (v) => windowedGaussian(v, PROBATION_ROWS),
    ],
    ['never fires', () => []],
  ];
  console.log(
    `\n## Streams that adapt: ${streams.length} synthetic streams of ${streams[0]?.values.length} rows, baseline 15 %, standard weights (target ${targetRate})`,
  );
  console.log(
    `| detector | score (0 = never fires, 100 = perfect) | ${streams.map((s) => s.name).join(' | ')} |`,
  );
  console.log(`|---|---|${streams.map(() => '---').join('|')}|`);
  for (const [name, detect] of detectors) {
    const scored = streams.map((s) => ({
      length: s.values.length,
      failures: s.failures,
      probationRows: PROBATION_ROWS,
      detections: detect(s.values),
    }));
    const cells = scored.map((s) => {
      const r = scoreStream(s);
      return `${r.detected}/${r.windows} found, ${r.falsePositives} false`;
    });
    console.log(`| ${name} | ${normalisedScore(scored).toFixed(1)} | ${cells.join(' | ')} |`);
  }
}
