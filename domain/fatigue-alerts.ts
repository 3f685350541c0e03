// When a fatigue detail raises an alert (issue 19; docs/decisions/007-fatigue.md), shared by the
// server that raises it and the dashboard card that shows the same thresholds.
import type { Threat } from './health.ts';

export const FATIGUE_ALERT = 'Fatigue';

export interface FatigueAlertInput {
  detailName: string;
  sensorLabel: string;
  /** Remaining life at the 90-day rate; null without data, Infinity with no damage. */
  remainingYears: number | null;
  /** The detail's horizon; 0 turns the alert off. */
  alertLifeYears: number;
  /** 7-day rate over 90-day rate; null without both. */
  rateJump: number | null;
  alertRateFactor: number;
  /** Cumulative D (prior damage included). */
  damage: number;
  /** The two damage levels, first below second (the contract checks it). */
  alertDamageHigh: number;
  alertDamageCritical: number;
}

export interface FatigueAlertRule {
  /** Tells the detail's alerts apart. */
  kind: 'life' | 'rate' | 'damage';
  severity: Threat;
  message: string;
}

const years = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

/** D to three decimals, rounded down so a D just under a level never reads as the level. */
export const damageText = (damage: number) => (Math.floor(damage * 1000 + 1e-9) / 1000).toFixed(3);

/** The damage level D has reached, if any: the higher one wins (issue 19: amber, then red). */
export function damageLevelReached(
  damage: number,
  levels: { alertDamageHigh: number; alertDamageCritical: number },
): { severity: Threat; level: number } | null {
  if (damage >= levels.alertDamageCritical) {
    return { severity: 'Critical', level: levels.alertDamageCritical };
  }
  if (damage >= levels.alertDamageHigh) return { severity: 'High', level: levels.alertDamageHigh };
  return null;
}

export function fatigueAlerts(input: FatigueAlertInput): FatigueAlertRule[] {
  const rules: FatigueAlertRule[] = [];
  const where = `Fatigue detail '${input.detailName}' (${input.sensorLabel})`;
  const life = input.remainingYears;
  if (life !== null && input.alertLifeYears > 0 && life < input.alertLifeYears) {
    rules.push({
      kind: 'life',
      // Under a year left (or used up) is an emergency; otherwise there is time to plan.
      severity: life < 1 ? 'Critical' : 'High',
      message: `${where}: remaining life ${years(life)} years, under the ${input.alertLifeYears}-year horizon`,
    });
  }
  const reached = damageLevelReached(input.damage, input);
  if (reached) {
    rules.push({
      // One alert per detail that rises from High to Critical, so an acknowledged amber alert
      // becomes active again when the red level is passed (alert-store's rule for a rise).
      kind: 'damage',
      severity: reached.severity,
      message: `${where}: cumulative damage D = ${damageText(input.damage)} has reached the ${reached.level} level`,
    });
  }
  if (input.rateJump !== null && input.rateJump > input.alertRateFactor) {
    rules.push({
      kind: 'rate',
      severity: 'Medium',
      message: `${where}: damage rate of the last 7 days is ${input.rateJump.toFixed(1)} times that of the last 90`,
    });
  }
  return rules;
}
