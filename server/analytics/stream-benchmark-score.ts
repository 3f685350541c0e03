/**
 * The standard streaming anomaly benchmark's score (issue 15), written from its description:
 * - a window around each labelled failure, 10 % of the stream's length shared among its
 *   failures, centred on the failure and cut at the stream's ends (overlapping windows merge);
 * - the earliest detection inside a window earns A_TP × σ(position), position −1 at the
 *   window's start and 0 at its end, with the scaled sigmoid σ(y) = 2 / (1 + e^(5y)) − 1
 *   normalised so the window's first row earns A_TP; later detections in it earn nothing;
 * - each detection outside a window costs A_FP × σ(its distance past the previous window's end
 *   in window lengths), so a late detection just after a window costs little and a stray one
 *   costs A_FP (the full A_FP before the first window);
 * - each window without a detection costs A_FN;
 * - detections in the probation rows (the baseline, first 15 %) are not scored;
 * - over a set of streams: 100 × (raw − null) / (perfect − null), null = never firing
 *   (−A_FN per window), perfect = A_TP per window.
 * Weights default to the standard profile: A_TP 1, A_FP 0.11, A_FN 1.
 */
export interface ScoredStream {
  length: number;
  /** Rows of the labelled failures. */
  failures: number[];
  /** Rows at the start whose detections are not scored. */
  probationRows: number;
  /** Rows where the detector raised an alarm. */
  detections: number[];
}

export interface ScoreWeights {
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
}

export const STANDARD_WEIGHTS: ScoreWeights = {
  truePositive: 1,
  falsePositive: 0.11,
  falseNegative: 1,
};

export interface Window {
  from: number;
  to: number;
}

export const scaledSigmoid = (y: number): number => (y > 3 ? -1 : 2 / (1 + Math.exp(5 * y)) - 1);

export function labelWindows(length: number, failures: readonly number[]): Window[] {
  if (failures.length === 0) return [];
  const width = Math.floor((0.1 * length) / failures.length);
  const windows: Window[] = [];
  for (const failure of [...failures].sort((a, b) => a - b)) {
    const from = Math.max(0, failure - Math.floor(width / 2));
    const to = Math.min(length - 1, failure + Math.floor(width / 2));
    const last = windows.at(-1);
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else windows.push({ from, to });
  }
  return windows;
}

export interface StreamScore {
  raw: number;
  windows: number;
  detected: number;
  falsePositives: number;
}

export function scoreStream(stream: ScoredStream, weights = STANDARD_WEIGHTS): StreamScore {
  const windows = labelWindows(stream.length, stream.failures);
  const maxTruePositive = scaledSigmoid(-1);
  const detected = new Set<number>();
  let raw = 0;
  let falsePositives = 0;
  for (const row of [...new Set(stream.detections)].sort((a, b) => a - b)) {
    if (row < stream.probationRows) continue;
    const k = windows.findIndex((w) => row >= w.from && row <= w.to);
    const window = windows[k];
    if (window) {
      if (detected.has(k)) continue;
      detected.add(k);
      const width = window.to - window.from + 1;
      const position = -(window.to - row + 1) / width;
      raw += (weights.truePositive * scaledSigmoid(position)) / maxTruePositive;
      continue;
    }
    falsePositives += 1;
    const previous = windows.filter((w) => w.to < row).at(-1);
    const width = previous ? previous.to - previous.from + 1 : 0;
    const unweighted =
      previous && width > 1 ? scaledSigmoid(Math.abs(row - previous.to) / (width - 1)) : -1;
    raw += weights.falsePositive * unweighted;
  }
  raw -= weights.falseNegative * (windows.length - detected.size);
  return { raw, windows: windows.length, detected: detected.size, falsePositives };
}

/** The normalised score of a set of streams: never firing 0, perfect 100. */
export function normalisedScore(
  streams: readonly ScoredStream[],
  weights = STANDARD_WEIGHTS,
): number {
  const scores = streams.map((s) => scoreStream(s, weights));
  const raw = scores.reduce((a, s) => a + s.raw, 0);
  const windows = scores.reduce((a, s) => a + s.windows, 0);
  const nullScore = -weights.falseNegative * windows;
  const perfect = weights.truePositive * windows;
  return (100 * (raw - nullScore)) / (perfect - nullScore);
}
