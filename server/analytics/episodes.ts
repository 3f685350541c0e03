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
 * - Confirmation (optional): outside an episode, a row above the threshold raises the alarm
 *   only once at least `confirmRows` of the last `confirmWithinRows` scored rows (this one
 *   included) are above it; the episode then starts at the first of those rows. Structural
 *   change persists while most healthy excursions (a frosty morning, mis-picked peaks) pass
 *   within hours, so the stored analysis waits for that persistence (analysis-rules.ts); the
 *   detect command's trained methods and the streaming detector confirm at once, its control
 *   charts after 6 rows (chart-alarm-timers.ts).
 * - Bypass (optional): a row above `bypassFactor` times the threshold skips confirmation.
 * So every episode has exactly one alarm, raised at its confirmation, and starts at its onset.
 */
export interface EpisodeRules {
  quietRows: number;
  minSpacingRows: number;
  /** Rows above the threshold needed among the last `confirmWithinRows` (default 1). */
  confirmRows?: number;
  /** The scored rows that confirmation looks back over, this one included (default 1). */
  confirmWithinRows?: number;
  /**
   * A row above `bypassFactor` times the threshold raises at once, confirmation or not: a
   * severe exceedance is not held back by a delay meant for nuisance blips (decision 081 (j)).
   */
  bypassFactor?: number;
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
  /** Feeds the next row (indices must increase); true when it raises (confirms) an alarm. */
  push(index: number, score: number | null, threshold: number): boolean;
  /** True while an episode is open (its row above the threshold or within the quiet rows). */
  readonly inEpisode: boolean;
  readonly episodes: readonly Episode[];
}

export function episodeTracker(rules: EpisodeRules = DEFAULT_EPISODE_RULES): EpisodeTracker {
  const confirmWithin = Math.max(1, rules.confirmWithinRows ?? 1);
  const confirmRows = Math.min(confirmWithin, Math.max(1, rules.confirmRows ?? 1));
  const episodes: Episode[] = [];
  let open: Episode | null = null;
  let quiet = 0;
  // The last `confirmWithin` scored rows outside an episode, for confirmation.
  let recent: { index: number; score: number; above: boolean }[] = [];
  const remember = (index: number, score: number, above: boolean) => {
    recent.push({ index, score, above });
    if (recent.length > confirmWithin) recent.shift();
  };
  return {
    push(index, score, threshold) {
      if (score === null || !Number.isFinite(score)) return false;
      if (score <= threshold) {
        if (open) {
          quiet += 1;
          if (quiet >= rules.quietRows) open = null;
        } else {
          remember(index, score, false);
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
      remember(index, score, true);
      const above = recent.filter((row) => row.above);
      const severe = rules.bypassFactor !== undefined && score > rules.bypassFactor * threshold;
      if (above.length < confirmRows && !severe) return false;
      const peak = above.reduce((best, row) => (row.score > best.score ? row : best));
      open = {
        start: above[0]?.index ?? index,
        end: index,
        rows: above.length,
        peakScore: peak.score,
        peakIndex: peak.index,
      };
      episodes.push(open);
      recent = [];
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
