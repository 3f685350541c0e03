/**
 * Alarm episodes (issue 15), the one place their logic lives: the detect command, the streaming
 * detector (which stops learning while an episode lasts) and, through `findEpisodes`, the stored
 * alerts, `num_anomalies` and the dashboard.
 *
 * - Onset: the first row above the threshold outside an episode raises the alarm.
 * - Suppression: while the episode lasts, further rows above the threshold add to it; it ends
 *   after `quietRows` scored rows in a row at or below the threshold (unscored rows, null, say
 *   nothing and neither extend nor end it).
 * - Minimum spacing: a row above the threshold less than `minSpacingRows` after the last alarm
 *   reopens that alarm's episode instead of raising a new one, so a change that flickers across
 *   the threshold for a while raises one alarm.
 * So every episode has exactly one alarm, at its first row.
 */
export interface EpisodeRules {
  quietRows: number;
  minSpacingRows: number;
}

export interface Episode {
  /** The row that raised the alarm. */
  start: number;
  /** The last row above the threshold. */
  end: number;
  /** Rows above the threshold in it. */
  rows: number;
  peakScore: number;
  peakIndex: number;
}

export const DEFAULT_EPISODE_RULES: EpisodeRules = { quietRows: 5, minSpacingRows: 0 };

export interface EpisodeTracker {
  /** Feeds the next row (indices must increase); true when it raises an alarm. */
  push(index: number, score: number | null, threshold: number): boolean;
  /** True while an episode is open (its row above the threshold or within the quiet rows). */
  readonly inEpisode: boolean;
  readonly episodes: readonly Episode[];
}

export function episodeTracker(rules: EpisodeRules = DEFAULT_EPISODE_RULES): EpisodeTracker {
  const episodes: Episode[] = [];
  let open: Episode | null = null;
  let quiet = 0;
  return {
    push(index, score, threshold) {
      if (score === null || !Number.isFinite(score)) return false;
      if (score <= threshold) {
        if (open) {
          quiet += 1;
          if (quiet >= rules.quietRows) open = null;
        }
        return false;
      }
      quiet = 0;
      const last = episodes.at(-1);
      if (!open && last && index - last.start < rules.minSpacingRows) open = last;
      if (open) {
        open.end = index;
        open.rows += 1;
        if (score > open.peakScore) {
          open.peakScore = score;
          open.peakIndex = index;
        }
        return false;
      }
      open = { start: index, end: index, rows: 1, peakScore: score, peakIndex: index };
      episodes.push(open);
      return true;
    },
    get inEpisode() {
      return open !== null;
    },
    episodes,
  };
}

/** The episodes of a scored series (null = not scored); their starts are the alarms. */
export function findEpisodes(
  scores: readonly (number | null)[],
  threshold: number,
  rules: EpisodeRules = DEFAULT_EPISODE_RULES,
): Episode[] {
  const tracker = episodeTracker(rules);
  scores.forEach((score, i) => tracker.push(i, score, threshold));
  return [...tracker.episodes];
}
