// Scoring of the end-to-end part of bench:detect: the evaluations' alarm episodes, as the
// reports of daily evaluations give them (each 7-day period overlaps the six before it), turned
// into distinct episodes, detection delays and false-alarm rates.

const HOUR_MS = 3_600_000;
const YEAR_MS = 365.25 * 24 * HOUR_MS;

export interface Span {
  start: number;
  end: number;
}

/** An episode as one evaluation reported it, and when that evaluation ran (data time). */
export interface ReportedEpisode extends Span {
  reportedAt: number;
}

/**
 * Distinct episodes: the same episode is reported again by every evaluation whose period holds
 * it, with an onset that may move as the trailing mean restarts at the period's start, so
 * episodes that overlap or touch are one. Each keeps the earliest time it was reported.
 */
export function distinctEpisodes(reported: readonly ReportedEpisode[]): ReportedEpisode[] {
  const sorted = [...reported].sort((a, b) => a.start - b.start);
  const merged: ReportedEpisode[] = [];
  for (const episode of sorted) {
    const last = merged.at(-1);
    if (last && episode.start <= last.end) {
      last.end = Math.max(last.end, episode.end);
      last.reportedAt = Math.min(last.reportedAt, episode.reportedAt);
    } else {
      merged.push({ ...episode });
    }
  }
  return merged;
}

export interface Detection {
  /** Hours from the damage onset to the start of the first episode starting at or after it. */
  onsetHours: number;
  /** Hours from the damage onset to the evaluation that first reported that episode. */
  reportedHours: number;
}

/**
 * The first alarm after damage began. An episode already running at the onset was raised by
 * something else (a false alarm); it is not the damage's detection.
 */
export function detection(episodes: readonly ReportedEpisode[], onset: number): Detection | null {
  const first = distinctEpisodes(episodes).find((e) => e.start >= onset);
  if (!first) return null;
  return {
    onsetHours: (first.start - onset) / HOUR_MS,
    reportedHours: (first.reportedAt - onset) / HOUR_MS,
  };
}

/** Distinct episodes starting in [from, to). */
export function episodesWithin(episodes: readonly ReportedEpisode[], range: Span) {
  return distinctEpisodes(episodes).filter((e) => e.start >= range.start && e.start < range.end);
}

/** A count over a stretch of time, per bridge-year. */
export const perBridgeYear = (count: number, range: Span): number =>
  range.end > range.start ? (count * YEAR_MS) / (range.end - range.start) : Number.NaN;
