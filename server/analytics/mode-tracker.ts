import { at } from './at.ts';
import type { SpectralPeak } from './peak-picking.ts';

export interface TrackerOptions {
  /** Relative reach of the next window's peak from the last frequency (default 8 %). */
  tolerance?: number;
  /**
   * Relative reach of a search for a mode that has moved further (default 30 %): frost lifts f1
   * by 10 % and more, and real damage has lowered modes by 15 to 23 % (the Yonghe bridge).
   */
  searchBand?: number;
  /** Windows in a row a moved peak must hold (within `tolerance`) before it is followed. */
  confirmWindows?: number;
}

/**
 * Follows each natural frequency from window to window: every tracked mode takes the nearest
 * peak within `tolerance` (relative) of its last known frequency, one peak per mode. A mode with
 * no peak in reach gets NaN for that window and keeps its last frequency, so a noisy window does
 * not pull the tracker onto a traffic or noise peak. But when the same peak, further away (within
 * `searchBand`) and nearer to this mode than to any other tracked mode, holds for
 * `confirmWindows` windows in a row, the mode has moved: the tracker follows it and reports it
 * from then on, so a large change reads as a frequency change, not as a missing mode.
 */
export class ModeTracker {
  private readonly last: number[];
  private readonly candidates: { hz: number; windows: number }[];
  private readonly tolerance: number;
  private readonly searchBand: number;
  private readonly confirmWindows: number;

  constructor(initialHz: readonly number[], options: TrackerOptions | number = {}) {
    const settings = typeof options === 'number' ? { tolerance: options } : options;
    this.tolerance = settings.tolerance ?? 0.08;
    this.searchBand = settings.searchBand ?? 0.3;
    this.confirmWindows = settings.confirmWindows ?? 3;
    this.last = [...initialHz];
    this.candidates = initialHz.map(() => ({ hz: Number.NaN, windows: 0 }));
  }

  track(peaks: readonly SpectralPeak[]): number[] {
    const taken = new Set<number>();
    // A mode takes only a peak nearer to it than to any other tracked mode: when frost lifts
    // the first mode towards the second, a window missing one peak must not swap the trackers.
    const nearest = (mode: number, reach: number) => {
      const previous = at(this.last, mode);
      let best = -1;
      let bestDistance = Infinity;
      peaks.forEach((peak, i) => {
        const distance = Math.abs(peak.frequencyHz - previous) / previous;
        if (
          !taken.has(i) &&
          distance <= reach &&
          distance < bestDistance &&
          this.closestMode(peak.frequencyHz, mode)
        ) {
          best = i;
          bestDistance = distance;
        }
      });
      return best;
    };
    const found = this.last.map((_, mode) => {
      const best = nearest(mode, this.tolerance);
      if (best >= 0) taken.add(best);
      return best;
    });
    return this.last.map((previous, mode) => {
      const candidate = at(this.candidates, mode);
      const best = at(found, mode);
      if (best >= 0) {
        candidate.windows = 0;
        const frequency = at(peaks, best).frequencyHz;
        this.last[mode] = frequency;
        return frequency;
      }
      const moved = nearest(mode, this.searchBand);
      if (moved < 0) {
        candidate.windows = 0;
        return Number.NaN;
      }
      const hz = at(peaks, moved).frequencyHz;
      const holds =
        candidate.windows > 0 && Math.abs(hz - candidate.hz) / candidate.hz <= this.tolerance;
      candidate.hz = hz;
      candidate.windows = holds ? candidate.windows + 1 : 1;
      if (candidate.windows < this.confirmWindows) return Number.NaN;
      taken.add(moved);
      candidate.windows = 0;
      this.last[mode] = hz;
      return hz;
    });
  }

  /** True when `hz` is relatively nearer to this mode's last frequency than to any other's. */
  private closestMode(hz: number, mode: number): boolean {
    const own = Math.abs(hz - at(this.last, mode)) / at(this.last, mode);
    return this.last.every((f, k) => k === mode || Math.abs(hz - f) / f > own);
  }

  get current(): readonly number[] {
    return this.last;
  }
}
