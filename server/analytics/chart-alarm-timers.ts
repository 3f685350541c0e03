import { EPISODE_QUIET_ROWS } from './control-charts.ts';
import { episodeTracker, type EpisodeRules } from './episodes.ts';

/**
 * Alarm delay timers on the control charts' episodes (decision 081 (i); ANSI/ISA-18.2-2016 and
 * IEC 62682:2014 "delay timers", EEMUA 191). On-delay: the alarm is raised at the `onRows`-th
 * scored row above the threshold in a row, so a blip of a few hours (the healthy charts' usual
 * false alarm) raises nothing, while a loss, which keeps the CUSUMs above, is raised `onRows - 1`
 * rows later. Off-delay: an episode ends only after `offRows` scored rows in a row at or below
 * the threshold, so a misfit spell that crosses and re-crosses the threshold raises one alarm.
 * Unjudged rows (null) neither count nor break a run. The threshold is not recalibrated for them
 * (decision 028's bootstrap counts 5-quiet-row episodes), so its run length is a conservative
 * design figure.
 */
export interface AlarmDelayTimers {
  onRows: number;
  offRows: number;
  /** A score above this raises at once, on-delay or not (decision 081 (j)'s bypass). */
  bypassScore?: number;
}

/** Decision 028's episodes: raised at the first row above, ended by 5 quiet rows. */
export const IMMEDIATE_ALARMS: AlarmDelayTimers = { onRows: 1, offRows: EPISODE_QUIET_ROWS };

/**
 * The detect command's charts (decision 081 (j), chosen on tuning seeds 151-153 and accepted on
 * reporting seeds 161-165): raised at the 6th scored row above 1 in a row, or at once above 2,
 * cleared after 72 quiet scored rows (three days, one weather system).
 */
export const DEFAULT_CHART_ALARMS: AlarmDelayTimers = { onRows: 6, offRows: 72, bypassScore: 2 };

export const episodeRulesOf = (timers: AlarmDelayTimers): EpisodeRules => ({
  quietRows: timers.offRows,
  minSpacingRows: 0,
  confirmRows: timers.onRows,
  confirmWithinRows: timers.onRows,
  ...(timers.bypassScore === undefined ? {} : { bypassFactor: timers.bypassScore }),
});

/**
 * The rows at which alarms are raised (the confirmation row, so a prefix of the scores gives a
 * prefix of the alarms), and per row whether an episode is open after it. Rows before `from`
 * are not judged.
 */
export function chartAlarms(
  scores: readonly (number | null)[],
  from: number,
  timers: AlarmDelayTimers,
): { alarms: number[]; raised: boolean[] } {
  const tracker = episodeTracker(episodeRulesOf(timers));
  const alarms: number[] = [];
  const raised = scores.map((score, i) => {
    if (i >= from && tracker.push(i, score, 1)) alarms.push(i);
    return tracker.inEpisode;
  });
  return { alarms, raised };
}
