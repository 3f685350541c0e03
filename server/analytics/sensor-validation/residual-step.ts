/**
 * Offset step against a twin's estimate (decision 030's 2026-12-01 section): the residual
 * (gauge minus its estimate from the twin, twin-residual.ts) jumps when one gauge's level steps,
 * while the traffic and thermal strain both gauges share cancel. A fault when a window's jump
 * exceeds `sigmas` robust scales of the jumps within the estimate's own fit; one fault per run
 * of firing windows (a run ends after RESIDUAL_LOOKBACK quiet windows, the jump's own memory).
 */

import { RESIDUAL_LOOKBACK, residualJumps, type TwinEstimate } from './twin-residual.ts';
import type { ValidationFault, WindowSummary } from './types.ts';

export interface ResidualStepSettings {
  sigmas: number;
  unit?: string;
}

export function residualStepFaults(
  windows: readonly WindowSummary[],
  estimate: TwinEstimate,
  settings: ResidualStepSettings,
): ValidationFault[] {
  const residual = windows.map((w, i) => w.mean - (estimate.prediction[i] ?? Number.NaN));
  const jumps = residualJumps(residual);
  const faults: ValidationFault[] = [];
  const unit = settings.unit ? ` ${settings.unit}` : '';
  let quiet = Infinity;
  jumps.forEach((jump, i) => {
    const scale = estimate.jumpScale[i] ?? Number.NaN;
    const firing = Number.isFinite(jump) && scale > 0 && Math.abs(jump) > settings.sigmas * scale;
    if (firing && quiet > RESIDUAL_LOOKBACK) {
      faults.push({
        kind: 'offset',
        onsetWindow: i,
        onsetMs: windows[i]?.startMs ?? Number.NaN,
        detectedWindow: i,
        reason:
          `level stepped by ${jump.toPrecision(3)}${unit} against its twin ` +
          `(${(Math.abs(jump) / scale).toFixed(0)} times the pair's usual shift)`,
      });
    }
    quiet = firing ? 0 : quiet + 1;
  });
  return faults;
}
