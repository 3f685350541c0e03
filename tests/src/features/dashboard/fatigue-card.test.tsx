import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FatigueDetailStatus } from '../../../../src/api/queries/fatigue';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { confederation, serveDashboard } from './fixtures';

const server = setupMswServer();
configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  // jsdom has no object URLs; the prediction image needs them.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
});

function aDetail(overrides: Partial<FatigueDetailStatus> = {}): FatigueDetailStatus {
  return {
    detail: {
      sensor: 7,
      name: 'Girder cover-plate end',
      curve: 'EC3 71',
      modulus_gpa: 200,
      stress_concentration: 1,
      gamma_ff: 1,
      gamma_mf: 1,
      design_life_years: 100,
      alert_life_years: 10,
      alert_rate_factor: 3,
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

function serveFatigue(details: FatigueDetailStatus[]) {
  serveDashboard(server);
  server.use(
    http.get(apiUrl('/api/v1/bridges/:id/fatigue'), ({ params }) =>
      HttpResponse.json({ bridge: Number(params.id), details }),
    ),
  );
}

describe('Fatigue card', () => {
  it('shows each detail’s damage, remaining life, Δσ and its stress-range histogram', async () => {
    serveFatigue([
      aDetail(),
      aDetail({
        detail: { ...aDetail().detail, sensor: 8, name: 'Stiffener weld' },
        sensor_label: 'CB-str-2',
        remaining_life: null,
        histogram: { bin_width_mpa: 0.5, bins: [] },
      }),
    ]);
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const card = await screen.findByRole('region', { name: 'Fatigue' });
    const first = await within(card).findByRole('region', {
      name: 'Fatigue of Girder cover-plate end',
    });
    expect(first).toHaveTextContent('Girder cover-plate end · CB-str-1 · EC3 71');
    expect(first).toHaveTextContent('Damage D4.81e-3');
    expect(first).toHaveTextContent('Remaining life45 years');
    expect(first).toHaveTextContent('Δσ at 2 million cycles12.0 MPa');
    expect(first).toHaveTextContent('Days counted80');
    const histogram = within(first).getByRole('img', {
      name: 'Stress-range histogram of Girder cover-plate end: ranges up to 62.5 MPa',
    });
    // One bar per counted range.
    expect(histogram.querySelectorAll('rect')).toHaveLength(3);

    const second = within(card).getByRole('region', { name: 'Fatigue of Stiffener weld' });
    expect(second).toHaveTextContent('Remaining lifeNo data yet');
    expect(second).toHaveTextContent('No counted cycles yet.');
  }, 30_000);

  it('prefers the 365-day remaining life once a year is counted', async () => {
    serveFatigue([
      aDetail({
        remaining_life_365: {
          window_days: 365,
          days_with_data: 365,
          damage_per_year: 0.01,
          years: 1234.6,
        },
      }),
    ]);
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const detail = await screen.findByRole('region', { name: 'Fatigue of Girder cover-plate end' });
    expect(detail).toHaveTextContent('Remaining life1,235 years');
  }, 30_000);

  it('is left out for a bridge without fatigue details', async () => {
    serveFatigue([]);
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    await screen.findByRole('button', { name: 'Download monthly report' });
    // The card shows while its query loads, and goes once no detail came back.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Fatigue' })).not.toBeInTheDocument(),
    );
  }, 30_000);
});
