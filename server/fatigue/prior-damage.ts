// Damage a detail took before its gauge was counted (D₀; docs/decisions/007-fatigue.md).
import type { SnCurve } from '../analytics/fatigue/sn-curves.ts';

const YEAR_MS = 365.25 * 86_400_000;

export interface ServiceBeforeMonitoring {
  /** First day of traffic over the detail (the bridge's opening), YYYY-MM-DD. */
  inServiceFrom: string;
  /** First day the gauge counts, YYYY-MM-DD. */
  monitoredFrom: string;
  /**
   * The assumed traffic history as one figure: the Δσ_E,2 (MPa, at the detail, without partial
   * factors) of an average year's cycles, i.e. each year does the damage of 2 million cycles of
   * this range on the curve's slope-3 line.
   */
  annualEquivalentRangeMpa: number;
  curve: SnCurve;
}

/**
 * D₀ = years in service × (Δσ_E,2 of a year / Δσ at 2 million cycles)³: Miner's rule applied to
 * an assumed, constant yearly spectrum (the inverse of Δσ_E,2 = Δσ₂ₘ·D^(1/3) for one year).
 */
export function priorDamageFromService(service: ServiceBeforeMonitoring): number {
  const years =
    (Date.parse(`${service.monitoredFrom}T00:00:00Z`) -
      Date.parse(`${service.inServiceFrom}T00:00:00Z`)) /
    YEAR_MS;
  if (!Number.isFinite(years) || years < 0) {
    throw new Error(
      `monitoredFrom ${service.monitoredFrom} must be a date on or after inServiceFrom ${service.inServiceFrom}`,
    );
  }
  const perYear = (service.annualEquivalentRangeMpa / service.curve.rangeAt2M) ** 3;
  return years * perYear;
}
