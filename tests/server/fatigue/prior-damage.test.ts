import { describe, expect, it } from 'vitest';
import { snCurveByName } from '../../../server/analytics/fatigue/sn-curves.ts';
import { priorDamageFromService } from '../../../server/fatigue/prior-damage.ts';

const ec3_71 = snCurveByName('EC3 71');

describe('prior damage from the years before the gauge', () => {
  it('is the years in service times the damage of a year of the assumed spectrum', () => {
    // 1,461 days are exactly 4 years of 365.25 days; half ΔσC does (1/2)³ = 1/8 of the life a year.
    const service = { inServiceFrom: '2000-01-01', monitoredFrom: '2004-01-01', curve: ec3_71 };
    expect(priorDamageFromService({ ...service, annualEquivalentRangeMpa: 35.5 })).toBeCloseTo(
      0.5,
      12,
    );
    expect(priorDamageFromService({ ...service, annualEquivalentRangeMpa: 71 })).toBeCloseTo(4, 12);
    expect(
      priorDamageFromService({
        ...service,
        monitoredFrom: '2000-01-01',
        annualEquivalentRangeMpa: 71,
      }),
    ).toBe(0);
  });

  it('refuses a gauge installed before the bridge opened', () => {
    expect(() =>
      priorDamageFromService({
        inServiceFrom: '2004-01-01',
        monitoredFrom: '2000-01-01',
        annualEquivalentRangeMpa: 20,
        curve: ec3_71,
      }),
    ).toThrow('monitoredFrom 2000-01-01 must be a date on or after inServiceFrom 2004-01-01');
  });
});
