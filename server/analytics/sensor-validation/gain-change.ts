/**
 * Gain change: the stream's dynamic response grows or shrinks by a factor (a loose bond, a
 * changed bridge-completion resistor). The response is each window's standard deviation, divided
 * by a co-located twin's (traffic then cancels). Without a twin it is not judged: a day's traffic
 * differs from the week before by more than 10 % (525 false faults in 5 simulated healthy years
 * at a factor of 1.2, decision 030). The
 * median over the last `spanWindows` is compared with the median over the `baseWindows` before
 * them; a ratio beyond `factor` either way is a fault, ending under the square root of it. The
 * onset given is the start of the span that showed it.
 */

import { FaultEpisodes } from './fault-episodes.ts';
import { median } from './robust.ts';
import type { ValidationFault, WindowReference, WindowSummary } from './types.ts';

export interface GainSettings {
  /** Ratio of responses that is a fault, e.g. 1.05 (set from healthy data, decision 030). */
  factor: number;
  spanWindows: number;
  baseWindows: number;
  /** Judge every `stride` windows (a day of medians per window would be wasted work). */
  stride?: number;
}

export function gainFaults(
  windows: readonly WindowSummary[],
  settings: GainSettings,
  reference: WindowReference = {},
): ValidationFault[] {
  const twin = reference.std;
  if (!twin) return [];
  const ratio = windows.map((w, i) => w.std / (twin[i] ?? NaN));
  const episodes = new FaultEpisodes('gain', windows);
  const limit = Math.log(settings.factor);
  const stride = settings.stride ?? 1;
  const first = settings.baseWindows + settings.spanWindows;
  for (let end = first; end <= windows.length; end += stride) {
    const spanStart = end - settings.spanWindows;
    const now = median(ratio.slice(spanStart, end).filter((r) => Number.isFinite(r) && r > 0));
    const base = median(
      ratio
        .slice(spanStart - settings.baseWindows, spanStart)
        .filter((r) => Number.isFinite(r) && r > 0),
    );
    const change = Math.abs(Math.log(now / base));
    if (!Number.isFinite(change) || (change >= limit / 2 && change < limit)) continue;
    episodes.judge(
      end - 1,
      change >= limit,
      spanStart,
      () =>
        `response ${now > base ? 'grew' : 'shrank'} by ${Math.abs((now / base - 1) * 100).toFixed(0)} %` +
        ' against its twin',
    );
  }
  return episodes.faults;
}
