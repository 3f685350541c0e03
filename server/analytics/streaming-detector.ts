import { at } from './at.ts';
import { episodeTracker, type Episode, type EpisodeRules } from './episodes.ts';
import { fitStreamProfile, median, robustScale, type StreamProfile } from './stream-profile.ts';
import { calibratedThreshold } from './threshold.ts';

/**
 * The streaming method (issue 15) for one channel without context: it keeps learning what
 * normal is from the rows outside alarm episodes, so a change raises one alarm and, once it has
 * lasted the settling time, becomes the new normal.
 *
 * Per row three statistics, each divided by its calibrated threshold (so the row's score is
 * their maximum and the threshold is 1):
 * - innovation: the surprise of the row given the last one (AR(1) on the deviations from level
 *   and cycle), for spikes and jumps;
 * - level: the mean deviation over the last `windowRows` rows, for level shifts and drift;
 * - stuck: the run of identical values over twice the baseline's longest run plus four.
 * The first half of the baseline fits the profile (stream-profile.ts); the second half runs the
 * detector as in service and calibrates the innovation and level thresholds at half the target
 * rate each (threshold.ts). Episodes (episodes.ts) are judged from the end of the baseline on.
 *
 * Settling: when an episode has lasted `settleRows` rows (a tenth of the baseline, at least 12),
 * the level moves to the median of those rows, the cycle to their mean per phase, and the
 * scatter grows to theirs if larger; the scores then fall and the episode closes after its
 * quiet rows. So a level shift is normal again `settleRows + quietRows` rows after it began.
 */
export interface StreamingOptions {
  baselineRows: number;
  targetFalseAlarmRate: number;
}

export interface StreamingResult {
  /** Per row, in multiples of the threshold; null for the profile rows and missing values. */
  scores: (number | null)[];
  threshold: 1;
  episodes: Episode[];
  calibrationRows: number;
  settleRows: number;
}

/** The calibrated thresholds may not fall below these (in scatter units), for short baselines. */
const MIN_INNOVATION_THRESHOLD = 3;
const MIN_LEVEL_THRESHOLD = 2;

export function streamingRules(baselineRows: number): EpisodeRules & { settleRows: number } {
  const settleRows = Math.max(12, Math.round(baselineRows / 10));
  return {
    settleRows,
    quietRows: Math.max(3, Math.round(settleRows / 4)),
    minSpacingRows: 2 * settleRows,
  };
}

interface Statistics {
  innovation: number;
  level: number;
  stuck: number;
}

const decay = (halfLife: number) => 1 - 2 ** (-1 / halfLife);

/** The online state: profile values that keep learning, and short buffers of recent rows. */
function streamState(profile: StreamProfile, baselineRows: number, settleRows: number) {
  const { period, phi } = profile;
  const season = [...profile.season];
  let level = profile.level;
  let varDeviation = profile.sigmaDeviation ** 2;
  let varInnovation = profile.sigmaInnovation ** 2;
  let previous = 0;
  const windowRows = Math.max(4, Math.round(settleRows / 2));
  const window: number[] = [];
  const recent: { index: number; value: number }[] = [];
  let run = 0;
  let lastValue = Number.NaN;
  const stuckLimit = 2 * profile.longestRun + 4;
  const slow = decay(Math.max(20, baselineRows / 2));
  const perCycle = decay(4);
  const phaseOf = (i: number) => (period > 0 ? i % period : -1);
  const cycle = (i: number) => (period > 0 ? at(season, phaseOf(i)) : 0);
  return {
    /** The row's statistics in scatter units (no learning). */
    observe(i: number, x: number) {
      const d = x - level - cycle(i);
      const innovation = (d - phi * previous) / Math.sqrt(varInnovation);
      previous = d;
      window.push(d);
      if (window.length > windowRows) window.shift();
      recent.push({ index: i, value: x });
      if (recent.length > settleRows) recent.shift();
      run = x === lastValue ? run + 1 : 1;
      lastValue = x;
      const mean = window.reduce((a, b) => a + b, 0) / window.length;
      return {
        innovation: Math.abs(innovation),
        level: Math.abs(mean) / Math.sqrt(varDeviation),
        stuck: run / stuckLimit,
        deviation: d,
        innovationRaw: innovation * Math.sqrt(varInnovation),
      };
    },
    /** Learns from a normal row (outliers clipped at 3 scatter units). */
    learn(i: number, d: number, e: number) {
      const sd = Math.sqrt(varDeviation);
      const r = Math.max(-3 * sd, Math.min(3 * sd, d));
      level += slow * r;
      if (period > 0) season[phaseOf(i)] = at(season, phaseOf(i)) + perCycle * (1 - slow) * r;
      varDeviation += slow * (Math.min(d * d, 9 * varDeviation) - varDeviation);
      varInnovation += slow * (Math.min(e * e, 9 * varInnovation) - varInnovation);
    },
    /** The last `settleRows` rows become the new normal. */
    adopt() {
      const residual = () => recent.map(({ index, value }) => value - level - cycle(index));
      const shift = median(residual());
      level += shift;
      previous -= shift;
      window.forEach((d, k) => (window[k] = d - shift));
      // A cycle is relearnt only from three cycles or more: fewer give each phase too few rows.
      if (period > 0 && recent.length >= 3 * period) {
        const sums = new Map<number, { sum: number; n: number }>();
        residual().forEach((r, k) => {
          const p = phaseOf(at(recent, k).index);
          const entry = sums.get(p) ?? { sum: 0, n: 0 };
          sums.set(p, { sum: entry.sum + r, n: entry.n + 1 });
        });
        sums.forEach(({ sum, n }, p) => (season[p] = at(season, p) + sum / n));
      }
      const spread = robustScale(residual());
      varDeviation = Math.max(varDeviation, spread * spread);
      varInnovation = Math.max(varInnovation, ((1 - phi) * spread) ** 2);
    },
  };
}

export function detectStream(
  values: readonly number[],
  options: StreamingOptions,
): StreamingResult {
  const { baselineRows, targetFalseAlarmRate } = options;
  const profileRows = Math.max(4, Math.floor(baselineRows / 2));
  const { settleRows, ...rules } = streamingRules(baselineRows);
  const profile = fitStreamProfile(values.slice(0, profileRows));
  const state = streamState(profile, baselineRows, settleRows);
  const raw: (Statistics | null)[] = [];
  const tracker = episodeTracker(rules);
  let thresholds: { innovation: number; level: number } | null = null;
  // The calibration rows are over: their statistics set the thresholds.
  const calibrate = () => {
    const rows = raw.filter((r) => r !== null);
    const threshold = (pick: (r: (typeof rows)[number]) => number, floor: number) =>
      rows.length < 2
        ? floor
        : Math.max(floor, calibratedThreshold(rows.map(pick), targetFalseAlarmRate / 2));
    return {
      innovation: threshold((r) => r.innovation, MIN_INNOVATION_THRESHOLD),
      level: threshold((r) => r.level, MIN_LEVEL_THRESHOLD),
    };
  };
  const scoreOf = (r: Statistics, t: { innovation: number; level: number }) =>
    Math.max(r.innovation / t.innovation, r.level / t.level, r.stuck);
  let lastAdoption = -Infinity;
  for (let i = 0; i < values.length; i += 1) {
    if (i === baselineRows) thresholds = calibrate();
    const x = at(values, i);
    if (i < profileRows || !Number.isFinite(x)) {
      raw.push(null);
      if (Number.isFinite(x)) state.observe(i, x);
      continue;
    }
    const stats = state.observe(i, x);
    raw.push(stats);
    if (!thresholds) {
      state.learn(i, stats.deviation, stats.innovationRaw);
      continue;
    }
    tracker.push(i, scoreOf(stats, thresholds), 1);
    const open = tracker.episodes.at(-1);
    if (!tracker.inEpisode) state.learn(i, stats.deviation, stats.innovationRaw);
    else if (open && i - open.start + 1 >= settleRows && i - lastAdoption >= settleRows) {
      state.adopt();
      lastAdoption = i;
    }
  }
  const final = thresholds ?? calibrate();
  const scores = raw.map((r) => (r === null ? null : scoreOf(r, final)));
  return {
    scores,
    threshold: 1,
    episodes: [...tracker.episodes],
    calibrationRows: baselineRows - profileRows,
    settleRows,
  };
}
