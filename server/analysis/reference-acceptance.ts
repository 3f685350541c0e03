import { at } from '../analytics/at.ts';
import { applyCompensation } from '../analytics/health-indicator.ts';
import type { BaselineMode, BaselineStatus } from '../db/schema.ts';
import { meanWithUncertainty } from './baseline-summary.ts';
import type { DatasetWindow } from './window-dataset.ts';

/**
 * Coverage factor of the expanded uncertainties the agreement test compares: k = 2 (about 95 %
 * for a normal mean), as the E_n number of proficiency testing uses them (ISO 13528:2015, 9.7;
 * ISO/IEC 17043:2010, B.3.1.3): two results agree when |x₁ − x₂| ≤ √(U₁² + U₂²), E_n ≤ 1.
 */
export const COVERAGE_K = 2;

/**
 * Each of the active version's modes as the candidate's windows show it: compensated with the
 * active version's own temperature model, on the candidate windows whose temperature the active
 * version met (no extrapolation), so a season the candidate adds does not read as a shift.
 * null: the candidate has no such mode or no window in the active version's temperatures.
 */
export function compareWithActive(
  active: readonly BaselineMode[],
  featureNames: readonly string[],
  windows: readonly DatasetWindow[],
): Map<string, BaselineMode['compared']> {
  const compared = new Map<string, BaselineMode['compared']>();
  for (const mode of active) {
    const j = featureNames.indexOf(mode.feature);
    const comp = mode.compensation;
    const inside = windows.filter(
      (w) => !comp || (w.temperatureC >= comp.lowC && w.temperatureC <= comp.highC),
    );
    const values = inside.map((w) => {
      const hz = j < 0 ? Number.NaN : at(w.features, j);
      return comp ? applyCompensation(comp, hz, w.temperatureC) : hz;
    });
    const stats =
      j < 0
        ? null
        : meanWithUncertainty(
            inside.map((w) => w.start),
            values,
          );
    if (!stats) {
      compared.set(mode.feature, null);
      continue;
    }
    const shift = stats.mean - mode.mean_hz;
    const expanded = COVERAGE_K * Math.hypot(stats.uncertainty, mode.uncertainty_hz);
    compared.set(mode.feature, {
      shift_hz: shift,
      uncertainty_hz: stats.uncertainty,
      en: expanded > 0 ? Math.abs(shift) / expanded : Number.POSITIVE_INFINITY,
    });
  }
  return compared;
}

export interface VersionDecision {
  status: Extract<BaselineStatus, 'active' | 'proposed'>;
  reason: string;
}

const describe = (feature: string, mode: BaselineMode, c: NonNullable<BaselineMode['compared']>) =>
  `${feature} ${c.shift_hz >= 0 ? '+' : ''}${c.shift_hz.toFixed(4)} Hz ` +
  `(${((100 * c.shift_hz) / mode.mean_hz).toFixed(2)} %, E_n ${c.en.toFixed(2)})`;

/**
 * Whether a new training becomes the bridge's reference by itself (decision 041): the first
 * version does (commissioning), and one made after a recorded repair (decision 023, an engineer's
 * act); any other only when no structural alert has been open since the active version was
 * accepted, or none since `alertsBlockSince` (training-exclusions.ts: an alert cleared a retraining period ago no longer
 * counts), and every mode of the active version agrees (E_n ≤ 1). Otherwise it waits, proposed.
 */
export function decideVersion(input: {
  active: { version: number; modes: readonly BaselineMode[] } | null;
  compared: ReadonlyMap<string, BaselineMode['compared']>;
  alertSinceAccepted: boolean;
  maintenanceSince: string | null;
}): VersionDecision {
  const { active, compared } = input;
  if (!active) return { status: 'active', reason: 'Commissioning: the bridge’s first baseline' };
  if (input.maintenanceSince) {
    return {
      status: 'active',
      reason: `Re-baselined after the maintenance recorded on ${input.maintenanceSince}`,
    };
  }
  if (input.alertSinceAccepted) {
    return {
      status: 'proposed',
      reason: `A structural alert has been open since version ${active.version} was accepted`,
    };
  }
  if (active.modes.length === 0) {
    return {
      status: 'proposed',
      reason: `Version ${active.version} states no compensated frequencies to compare with`,
    };
  }
  const missing = active.modes.filter((m) => !compared.get(m.feature));
  if (missing.length > 0) {
    return {
      status: 'proposed',
      reason: `Not comparable with version ${active.version}: ${missing.map((m) => m.feature).join(', ')} not tracked in its temperatures`,
    };
  }
  const differing = active.modes.flatMap((m) => {
    const c = compared.get(m.feature);
    return c && c.en > 1 ? [describe(m.feature, m, c)] : [];
  });
  if (differing.length > 0) {
    return {
      status: 'proposed',
      reason: `Differs from version ${active.version} beyond the uncertainty: ${differing.join('; ')}`,
    };
  }
  return {
    status: 'active',
    reason: `Agrees with version ${active.version} within the uncertainty (E_n ≤ 1 for every mode) and no structural alert since it was accepted`,
  };
}
