// 'Mode tracking lost' alerts (issue 15): when the analysis stops finding the bridge's natural
// frequencies, its structural judgement rests on the other features. That is a monitoring
// problem (an accelerometer, its mounting, weak excitation, a tracker that lost a mode), not a
// change of the structure, so it is raised apart from the spec §4 alerts.
import type { Threat } from './health.ts';

export const MODE_TRACKING_LOST_ALERT = 'Mode tracking lost';
/** Worth a look soon, like a sensor fault: the structure is not known to be worse. */
export const MODE_TRACKING_LOST_SEVERITY: Threat = 'Medium';
/** Above this share of tracked frequencies not found in the evaluated period... */
export const MODE_TRACKING_LOST_RATE = 0.2;
/** ...and at least this many times the baseline's own share (some bridges always lose a mode). */
export const MODE_TRACKING_LOST_FACTOR = 2;

/**
 * True when the period lost modes far more often than usual. `baselineRate` is null for a model
 * trained before the baseline's rate was kept: the absolute limit alone decides then.
 */
export function modeTrackingLost(rate: number, baselineRate: number | null): boolean {
  if (!(rate > MODE_TRACKING_LOST_RATE)) return false;
  return baselineRate === null || rate >= MODE_TRACKING_LOST_FACTOR * baselineRate;
}

const percent = (share: number) => `${(100 * share).toFixed(1)} %`;

/** 'Mode tracking lost: 34.0 % of tracked frequencies not found in the period (baseline 3.1 %)'. */
export function modeTrackingLostMessage(rate: number, baselineRate: number | null): string {
  const usual = baselineRate === null ? '' : ` (baseline ${percent(baselineRate)})`;
  return `${MODE_TRACKING_LOST_ALERT}: ${percent(rate)} of tracked frequencies not found in the period${usual}`;
}
