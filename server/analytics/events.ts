/** A run of anomalous windows, reported as one event. */
export interface AnomalyEvent {
  /** Index of the first anomalous window. */
  startIndex: number;
  /** Index of the last anomalous window (inclusive). */
  endIndex: number;
  windows: number;
  peakError: number;
  peakIndex: number;
}

/**
 * Joins anomalous windows into events. With `maxGapWindows` 0 only consecutive windows join; a
 * monitor passes a tolerance so that one persistent change whose windows cross the threshold
 * intermittently (a damaged span under varying traffic) counts once, not once per flicker. With
 * `minWindows` above 1, shorter runs are left out: a real change persists, a lone window over
 * the threshold is the 0.1 % tail the threshold allows (it stays visible per window).
 */
export function groupEvents(
  errors: readonly (number | null)[],
  threshold: number,
  maxGapWindows = 0,
  minWindows = 1,
): AnomalyEvent[] {
  const events: AnomalyEvent[] = [];
  let current: AnomalyEvent | null = null;
  errors.forEach((error, i) => {
    if (error !== null && error > threshold) {
      if (current && i - current.endIndex - 1 <= maxGapWindows) {
        current.endIndex = i;
        current.windows += 1;
        if (error > current.peakError) {
          current.peakError = error;
          current.peakIndex = i;
        }
      } else {
        current = { startIndex: i, endIndex: i, windows: 1, peakError: error, peakIndex: i };
        events.push(current);
      }
    }
  });
  return events.filter((event) => event.windows >= minWindows);
}
