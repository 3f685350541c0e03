import { median } from '../analytics/stream-profile.ts';
import type { AvailabilityBasis } from './report-facts.ts';

/**
 * A usual hour at most this share of continuous sampling is a duty cycle (the demo's
 * accelerometers: 60 s bursts every 10 minutes, 10 %), not a failing sensor. Steady losses above
 * half still read against continuous sampling; below it the report states both figures.
 */
const DUTY_CYCLE_AT_MOST = 0.5;

/**
 * Samples a stream is expected to store in an hour, from its block rate and its hourly counts
 * in the month: continuous sampling, unless its usual hour (the median of the hours with data)
 * is clearly below it; for single readings (rate 0), its fullest hour.
 */
export function expectedHourly(
  rateHz: number,
  hourlyCounts: number[],
): { basis: AvailabilityBasis; expectedPerHour: number | null } {
  const withData = hourlyCounts.filter((n) => n > 0);
  if (rateHz <= 0) {
    return {
      basis: 'fullest',
      expectedPerHour: withData.length > 0 ? Math.max(...withData) : null,
    };
  }
  const continuous = rateHz * 3600;
  const usual = withData.length > 0 ? median(withData) : continuous;
  return usual <= DUTY_CYCLE_AT_MOST * continuous
    ? { basis: 'usual', expectedPerHour: usual }
    : { basis: 'continuous', expectedPerHour: continuous };
}
