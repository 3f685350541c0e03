import { at } from './at.ts';
import type { SpectralPeak } from './peak-picking.ts';

/**
 * Follows each natural frequency from window to window: every tracked mode takes the nearest
 * peak within `tolerance` (relative) of its last known frequency, one peak per mode. A mode with
 * no peak in reach gets NaN for that window and keeps its last frequency, so a noisy window
 * does not pull the tracker onto a traffic or noise peak. Temperature moves frequencies by a few
 * percent over a day, so the default tolerance is 8 %.
 */
export class ModeTracker {
  private readonly last: number[];

  constructor(
    initialHz: readonly number[],
    private readonly tolerance = 0.08,
  ) {
    this.last = [...initialHz];
  }

  track(peaks: readonly SpectralPeak[]): number[] {
    const taken = new Set<number>();
    return this.last.map((previous, mode) => {
      let best = -1;
      let bestDistance = Infinity;
      peaks.forEach((peak, i) => {
        const distance = Math.abs(peak.frequencyHz - previous) / previous;
        if (!taken.has(i) && distance <= this.tolerance && distance < bestDistance) {
          best = i;
          bestDistance = distance;
        }
      });
      if (best < 0) return Number.NaN;
      taken.add(best);
      const frequency = at(peaks, best).frequencyHz;
      this.last[mode] = frequency;
      return frequency;
    });
  }

  get current(): readonly number[] {
    return this.last;
  }
}
