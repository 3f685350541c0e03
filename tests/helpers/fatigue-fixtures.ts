import type { components } from '../../openapi/schema';

type FatigueDetailStatus = components['schemas']['FatigueDetailStatus'];

/** A fatigue detail's status as the API answers it: a cover-plate end with 80 days counted. */
export function aFatigueStatus(overrides: Partial<FatigueDetailStatus> = {}): FatigueDetailStatus {
  return {
    detail: {
      sensor: 7,
      name: 'Girder cover-plate end',
      material: 'Steel',
      curve: 'EC3 71',
      modulus_gpa: 200,
      stress_concentration: 1,
      gamma_ff: 1,
      gamma_mf: 1,
      design_life_years: 100,
      alert_life_years: 10,
      alert_rate_factor: 3,
      alert_damage_high: 0.5,
      alert_damage_critical: 0.8,
      prior_damage: 0,
      updated_at: '2026-11-01T00:00:00.000Z',
    },
    sensor_label: 'CB-str-1',
    stream_id: 'CB-str',
    damage: 0.004812,
    equivalent_range_mpa: 12.04,
    first_day: '2026-09-01',
    counted_through: '2026-11-19',
    days_with_data: 80,
    remaining_life: { window_days: 90, days_with_data: 80, damage_per_year: 0.0219, years: 45.4 },
    remaining_life_365: null,
    damage_rate_jump: 1.1,
    monthly_damage: [{ month: '2026-11', damage: 0.0011 }],
    histogram: {
      bin_width_mpa: 0.5,
      bins: [
        [0.5, 120_000],
        [20, 300],
        [62.5, 4],
      ],
    },
    assumptions: ['Stress σ = E·ε with E = 200 GPa'],
    ...overrides,
  };
}
