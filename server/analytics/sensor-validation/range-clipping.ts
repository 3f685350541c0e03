/**
 * Clipping at a declared measuring range (decision 030, 2026-12-01, rule C1): a logger reads its
 * full scale only when the signal is beyond it, so a window holding a sample at either declared
 * edge clips. No threshold to choose, and no false fault unless the range is declared wrong.
 * Pure: window summaries in, the first such window as a fault out.
 */

import type { ValidationFault, WindowSummary } from './types.ts';

export interface DeclaredRange {
  low: number | null;
  high: number | null;
}

export function declaredRangeClipping(
  windows: readonly WindowSummary[],
  range: DeclaredRange,
  unit = '',
): ValidationFault | null {
  const suffix = unit ? ` ${unit}` : '';
  for (const [i, w] of windows.entries()) {
    if (w.n === 0) continue;
    const edge =
      range.high !== null && w.max >= range.high
        ? { name: 'upper', value: range.high, read: w.max }
        : range.low !== null && w.min <= range.low
          ? { name: 'lower', value: range.low, read: w.min }
          : null;
    if (!edge) continue;
    return {
      kind: 'clipping',
      onsetWindow: i,
      onsetMs: w.startMs,
      detectedWindow: i,
      reason:
        `read ${edge.read}${suffix}, at its declared measuring range's ${edge.name} edge ` +
        `(${edge.value}${suffix}): the values beyond it are lost`,
    };
  }
  return null;
}
