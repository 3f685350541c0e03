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
}

export interface FatigueAlertRule {
  /** Tells the detail's two alerts apart: 'life' or 'rate'. */
  kind: 'life' | 'rate';
  severity: Threat;
  message: string;
}

const years = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

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
  if (input.rateJump !== null && input.rateJump > input.alertRateFactor) {
    rules.push({
      kind: 'rate',
      severity: 'Medium',
      message: `${where}: damage rate of the last 7 days is ${input.rateJump.toFixed(1)} times that of the last 90`,
    });
  }
  return rules;
}
