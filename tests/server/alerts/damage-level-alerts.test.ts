import { describe, expect, it } from 'vitest';
import { fatigueAlerts, type FatigueAlertInput } from '../../../domain/fatigue-alerts.ts';

// Only the damage levels can fire here: plenty of life left, no rate jump.
const quiet: FatigueAlertInput = {
  detailName: 'Girder cover-plate end',
  sensorLabel: 'G2 gauge',
  remainingYears: 80,
  alertLifeYears: 10,
  rateJump: 1,
  alertRateFactor: 3,
  damage: 0,
  alertDamageHigh: 0.5,
  alertDamageCritical: 0.8,
};

const damageAlerts = (damage: number, levels: Partial<FatigueAlertInput> = {}) =>
  fatigueAlerts({ ...quiet, ...levels, damage }).filter((rule) => rule.kind === 'damage');

describe('damage-level fatigue alerts', () => {
  it('stays quiet below the first level', () => {
    expect(damageAlerts(0)).toEqual([]);
    expect(damageAlerts(0.4999)).toEqual([]);
  });

  it('raises High at and above the first level, naming the detail, D and the level', () => {
    expect(damageAlerts(0.5)).toEqual([
      {
        kind: 'damage',
        severity: 'High',
        message:
          "Fatigue detail 'Girder cover-plate end' (G2 gauge): cumulative damage D = 0.500 has reached the 0.5 level",
      },
    ]);
    expect(damageAlerts(0.7999).map((r) => [r.severity, r.message.split(': ')[1]])).toEqual([
      ['High', 'cumulative damage D = 0.799 has reached the 0.5 level'],
    ]);
  });

  it('rises to Critical at and above the second level, one alert per detail', () => {
    expect(damageAlerts(0.8).map((r) => [r.severity, r.message.split(': ')[1]])).toEqual([
      ['Critical', 'cumulative damage D = 0.800 has reached the 0.8 level'],
    ]);
    expect(damageAlerts(1.3).map((r) => r.severity)).toEqual(['Critical']);
  });

  it('uses the detail’s own levels', () => {
    const levels = { alertDamageHigh: 0.2, alertDamageCritical: 0.3 };
    expect(damageAlerts(0.19, levels)).toEqual([]);
    expect(damageAlerts(0.2, levels).map((r) => r.severity)).toEqual(['High']);
    expect(damageAlerts(0.31, levels).map((r) => r.message.split(': ')[1])).toEqual([
      'cumulative damage D = 0.310 has reached the 0.3 level',
    ]);
    // The default levels would not have fired here.
    expect(damageAlerts(0.31)).toEqual([]);
  });

  it('fires alongside the remaining-life alert, each with its own kind', () => {
    const rules = fatigueAlerts({ ...quiet, damage: 0.9, remainingYears: 0.5 });
    expect(rules.map((r) => [r.kind, r.severity])).toEqual([
      ['life', 'Critical'],
      ['damage', 'Critical'],
    ]);
  });
});
