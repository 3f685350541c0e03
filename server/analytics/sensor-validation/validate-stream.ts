/**
 * Every sensor-validation detector (issue 30, decision 030) over one stream's windows. Pure:
 * window summaries (and, when there is one, a reference) in; faults in order of detection out.
 */

import { clippingFaults, type ClipSettings } from './clipping.ts';
import { driftFaults, type DriftSettings } from './drift.ts';
import { gainFaults, type GainSettings } from './gain-change.ts';
import { offsetFaults, type OffsetSettings } from './offset-step.ts';
import { dropoutFaults, spikeFaults, stuckFaults } from './signal-faults.ts';
import type { ValidationFault, WindowReference, WindowSummary } from './types.ts';

export interface StreamValidation {
  drift: DriftSettings;
  offset: OffsetSettings;
  clipping: ClipSettings;
  gain: GainSettings;
}

export function validateStream(
  windows: readonly WindowSummary[],
  settings: StreamValidation,
  reference: WindowReference = {},
): ValidationFault[] {
  return [
    ...driftFaults(windows, settings.drift, reference),
    ...offsetFaults(windows, settings.offset),
    ...clippingFaults(windows, settings.clipping),
    ...gainFaults(windows, settings.gain, reference),
    ...stuckFaults(windows),
    ...spikeFaults(windows),
    ...dropoutFaults(windows),
  ].sort((a, b) => a.detectedWindow - b.detectedWindow);
}
