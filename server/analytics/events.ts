/** A run of consecutive anomalous windows, reported as one event. */
export interface AnomalyEvent {
  /** Index of the first anomalous window. */
  startIndex: number;
  /** Index of the last anomalous window (inclusive). */
  endIndex: number;
  windows: number;
  peakError: number;
  peakIndex: number;
}

export function groupEvents(errors: readonly (number | null)[], threshold: number): AnomalyEvent[] {
  const events: AnomalyEvent[] = [];
  let current: AnomalyEvent | null = null;
  errors.forEach((error, i) => {
    if (error !== null && error > threshold) {
      if (current && current.endIndex === i - 1) {
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
  return events;
}
