import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FatigueDetailStatus } from '../../../../src/api/queries/fatigue';
import { aFatigueStatus } from '../../../helpers/fatigue-fixtures';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { confederation, serveDashboard } from './fixtures';

const server = setupMswServer();
configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  // jsdom has no object URLs; the prediction image needs them.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
});

const aDetail = aFatigueStatus;

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
        detail: {
          ...aDetail().detail,
          sensor: 8,
          name: 'Stiffener weld',
          material: 'S355 weathering steel',
          curve: 'AASHTO C',
        },
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
    // The material beside the detail category (issue 19).
    expect(first).toHaveTextContent('Girder cover-plate end · CB-str-1 · Steel · EC3 71');
    expect(first).toHaveTextContent('Damage D4.81e-3');
    expect(first).toHaveTextContent('Remaining life45 years');
    expect(first).toHaveTextContent('Δσ at 2 million cycles12.0 MPa');
    expect(first).toHaveTextContent('Days counted80');
    expect(first).toHaveTextContent('Below the alert levels: High at 0.5, Critical at 0.8');
    expect(first).not.toHaveTextContent('before monitoring');
    const histogram = within(first).getByRole('img', {
      name: 'Stress-range histogram of Girder cover-plate end: ranges up to 62.5 MPa',
    });
    // One bar per counted range.
    expect(histogram.querySelectorAll('rect')).toHaveLength(3);

    const second = within(card).getByRole('region', { name: 'Fatigue of Stiffener weld' });
    expect(second).toHaveTextContent(
      'Stiffener weld · CB-str-2 · S355 weathering steel · AASHTO C',
    );
    expect(second).toHaveTextContent('Remaining lifeNo data yet');
    expect(second).toHaveTextContent('No counted cycles yet.');
  }, 30_000);

  it('shows the damage against the detail’s levels, with the damage before monitoring', async () => {
    serveFatigue([
      aDetail({
        // As the demo's prior damage comes from an assumed traffic history: unrounded.
        detail: { ...aDetail().detail, prior_damage: 0.4500968348883708, alert_damage_high: 0.4 },
        damage: 0.4548,
      }),
    ]);
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const detail = await screen.findByRole('region', { name: 'Fatigue of Girder cover-plate end' });
    expect(detail).toHaveTextContent('Damage D0.454');
    expect(detail).toHaveTextContent('Of it before monitoring D₀0.450');
    expect(detail).not.toHaveTextContent('0.4500968');
    expect(detail).toHaveTextContent('High: cumulative damage has reached the 0.4 level');
    const scale = within(detail).getByRole('img', {
      name: 'Cumulative damage 0.454 of 1, alert levels 0.4 (High) and 0.8 (Critical)',
    });
    // The bar fills to D of the scale's width (drawn at the width shown, issue 36); the level
    // marks stand at 0.4 and 0.8 of it.
    const width = Number(scale.getAttribute('viewBox')?.split(' ')[2]);
    expect(width).toBeGreaterThan(0);
    expect(Number(within(scale).getByTestId('damage-fill').getAttribute('width'))).toBeCloseTo(
      0.4548 * width,
    );
    expect([...scale.querySelectorAll('line')].map((l) => Number(l.getAttribute('x1')))).toEqual([
      0.4 * width,
      0.8 * width,
    ]);
  }, 30_000);

  it("charts the damage added in each month, named in the reader's locale", async () => {
    serveFatigue([
      aDetail({
        monthly_damage: [
          { month: '2026-10', damage: 3.7e-6 },
          { month: '2026-11', damage: 1.48e-5 },
        ],
      }),
    ]);
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const detail = await screen.findByRole('region', { name: 'Fatigue of Girder cover-plate end' });
    expect(detail).toHaveTextContent('Damage added per month (Miner D)');
    const chart = within(detail).getByRole('img', { name: /^Damage per month of Girder/ });
    const bars = within(chart).getAllByTestId('month-bar');
    expect(bars).toHaveLength(2);
    // November's bar is four times October's.
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect((heights[1] ?? 0) / (heights[0] ?? 1)).toBeCloseTo(1.48e-5 / 3.7e-6, 5);
    expect(chart).toHaveTextContent('1.0e-5');
    expect(chart.getAttribute('aria-label')).toContain('2 months, latest');
  }, 30_000);

  it('says Critical once the second level is passed', async () => {
    serveFatigue([aDetail({ damage: 0.93 })]);
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const detail = await screen.findByRole('region', { name: 'Fatigue of Girder cover-plate end' });
    expect(detail).toHaveTextContent('Critical: cumulative damage has reached the 0.8 level');
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
