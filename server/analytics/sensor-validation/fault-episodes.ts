import type { ValidationFault, ValidationFaultKind, WindowSummary } from './types.ts';

/**
 * Turns per-window verdicts into faults: one fault per episode (a run of firing verdicts), so a
 * sensor that stays drifted is one fault, not one per window.
 */
export class FaultEpisodes {
  private inEpisode = false;
  readonly faults: ValidationFault[] = [];

  constructor(
    private readonly kind: ValidationFaultKind,
    private readonly windows: readonly WindowSummary[],
  ) {}

  /** Whether the last verdict judged fired: the last fault's episode lasts to the end. */
  get open(): boolean {
    return this.inEpisode;
  }

  /** `firing` at window `index`; `onset` the window the fault is judged to start in. */
  judge(index: number, firing: boolean, onset: number, reason: () => string): void {
    if (firing && !this.inEpisode) {
      const start = Math.max(0, Math.min(onset, index));
      this.faults.push({
        kind: this.kind,
        onsetWindow: start,
        onsetMs: this.windows[start]?.startMs ?? NaN,
        detectedWindow: index,
        reason: reason(),
      });
    }
    this.inEpisode = firing;
  }
}
