import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { ApiProvider } from '../../../../src/api/api-context';
import { FrequencyShiftCard } from '../../../../src/features/dashboard/frequency-shift-card';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { testApiClient } from '../users/render-page';

type Series = components['schemas']['FrequencyShiftSeries'];

const server = setupMswServer();
const DAY = 86_400_000;
const START = Date.parse('2026-06-01T00:00:00Z');

const on = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

const tenDays = (from: number) =>
  Array.from({ length: 10 }, (_, d) => ({
    t: new Date(START + d * DAY).toISOString(),
    shift_percent: d >= from ? -2 : 0,
    uncertainty_percent: 0.1,
  }));

/**
 * Two modes over ten days: f1 and f2 drop 2 % on day 5, f1 has crossed amber; their mean has
 * crossed amber too.
 */
const series: Series = {
  bridge: 4,
  reference_version: 2,
  reference_accepted_at: '2026-05-31T08:00:00.000Z',
  levels: { amber_percent: -2, red_percent: -5 },
  bucket_minutes: 30,
  modes: ['cb-s1-acc.f1', 'cb-s1-acc.f2'].map((feature, k) => ({
    feature,
    level: k === 0 ? 'amber' : 'none',
    crossed_at: k === 0 ? '2026-06-06T10:00:00.000Z' : null,
    estimate_percent: k === 0 ? -2.04 : -1.96,
    uncertainty_percent: 0.05,
    points: tenDays(5),
  })),
  all_modes: {
    feature: 'all-modes',
    level: 'amber',
    crossed_at: '2026-06-06T12:00:00.000Z',
    estimate_percent: -2.0,
    uncertainty_percent: 0.06,
    points: tenDays(5),
  },
};

function renderCard(answer: () => Promise<Response> | Response) {
  server.use(http.get(apiUrl('/api/v1/bridges/:id/frequency-shift'), answer));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={testApiClient()}>
        <FrequencyShiftCard bridgeId={4} />
      </ApiProvider>
    </QueryClientProvider>,
  );
}

describe('Frequency shift card (decision 051)', () => {
  it('draws one line per mode and one for their mean with its band, the amber and red levels, and each latched level', async () => {
    const { container } = renderCard(() => HttpResponse.json(series));
    const card = await screen.findByRole('region', { name: 'Frequency shift since commissioning' });
    expect(
      await within(card).findByText(
        'Compensated frequency shift of each mode and of their mean against the reference, with the amber and red trigger levels',
      ),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent(
      `Against reference version 2, accepted on ${on('2026-05-31T08:00:00.000Z')}; each point averages 30 minutes of windows, ± one standard uncertainty.`,
    );
    // The legend names each mode and both levels; the plot draws them.
    for (const label of [
      'cb-s1-acc.f1',
      'cb-s1-acc.f2',
      'All modes (mean)',
      'Amber (\u22122 %)',
      'Red (\u22125 %)',
    ]) {
      expect(within(card).getByText(label)).toBeInTheDocument();
    }
    expect(container.querySelectorAll('line[data-level]')).toHaveLength(2);
    expect(
      [...container.querySelectorAll('path[data-line]')].map((p) => [
        p.getAttribute('data-line'),
        p.getAttribute('stroke-width'),
      ]),
    ).toEqual([
      ['cb-s1-acc.f1', '1.5'],
      ['cb-s1-acc.f2', '1.5'],
      // The mean is drawn thicker, so a uniform loss reads as one line.
      ['All modes (mean)', '2.5'],
    ]);
    expect(container.querySelectorAll('path[fill-opacity="0.15"]')).toHaveLength(3);
    const levels = within(card).getByRole('list', { name: 'Trigger levels per mode' });
    expect(
      within(levels)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `cb-s1-acc.f1: \u22122.0 % ± 0.1 % over the last day; amber level crossed on ${on('2026-06-06T10:00:00.000Z')}, held until the shift comes back, a maintenance is recorded or a new reference is accepted`,
      'cb-s1-acc.f2: \u22122.0 % ± 0.1 % over the last day, within the trigger levels',
      `All modes (mean): \u22122.0 % ± 0.1 % over the last day; amber level crossed on ${on('2026-06-06T12:00:00.000Z')}, held until the shift comes back, a maintenance is recorded or a new reference is accepted`,
    ]);
  });

  it('says it is loading, then that there is no shift yet before a reference is used', async () => {
    renderCard(async () => {
      await delay(200);
      return HttpResponse.json({
        ...series,
        reference_version: null,
        modes: [],
        all_modes: null,
      });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the frequency shift');
    expect(
      await screen.findByText(
        'No shift yet: it is measured once the bridge has an accepted reference with tracked modes and a window has been analysed against it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('says so when the shift cannot be loaded', async () => {
    renderCard(() => HttpResponse.json({ detail: 'Internal server error' }, { status: 500 }));
    expect(await screen.findByText('The frequency shift could not be loaded.')).toBeInTheDocument();
  });
});
