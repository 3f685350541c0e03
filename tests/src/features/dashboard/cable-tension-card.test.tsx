import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { ApiProvider } from '../../../../src/api/api-context';
import { CableTensionCard } from '../../../../src/features/dashboard/cable-tension-card';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { testApiClient } from '../users/render-page';

type Answer = components['schemas']['CableTensions'];
type Point = components['schemas']['CableTensionPoint'];

const server = setupMswServer();

const CABLE = {
  length_m: 100,
  mass_per_m: 60,
  bending_stiffness_nm2: 5e6,
  tension_low_kn: 2800,
  tension_high_kn: 3300,
  tension_change_percent: 1.5,
  reference_tension_kn: null,
};

const point = (minutes: number, kn: number | null, note: string | null = null): Point => ({
  window_start: new Date(Date.parse('2026-06-10T00:00:00Z') + minutes * 60_000).toISOString(),
  tension_kn: kn,
  uncertainty_kn: kn === null ? null : 3.2,
  harmonics: kn === null ? 2 : 5,
  fundamental_hz: kn === null ? 1.118 : 1.1184,
  note,
});

const answer: Answer = {
  cables: [
    {
      sensor: 7,
      sensor_id: 'stay-7',
      stream_id: 'lg-stay-7',
      cable: CABLE,
      reference_tension_kn: 3000,
      latest: point(20, 2951.4),
      history: [point(0, 3001.2), point(10, 2998.7), point(20, 2951.4)],
    },
    {
      sensor: 8,
      sensor_id: 'hanger-2',
      stream_id: 'lg-hanger-2',
      cable: { ...CABLE, bending_stiffness_nm2: null, tension_change_percent: null },
      reference_tension_kn: null,
      latest: null,
      history: [
        point(0, null, '2 harmonics of 1.118 Hz found; at least 3 are needed for a tension'),
      ],
    },
  ],
};

function renderCard(body: Answer) {
  server.use(http.get(apiUrl('/api/v1/bridges/:id/cable-tensions'), () => HttpResponse.json(body)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ApiProvider client={testApiClient()}>
        <CableTensionCard bridgeId={4} />
      </ApiProvider>
    </QueryClientProvider>,
  );
}

describe('the Cable tension card (issue 31, decision 079)', () => {
  it('shows each cable with its latest tension ± its uncertainty, its limits and its history', async () => {
    renderCard(answer);
    const card = await screen.findByRole('region', { name: 'Cable tension' });
    const stay = within(card).getByRole('region', { name: 'stay-7 (stream lg-stay-7)' });
    expect(within(stay).getByText('100 m, 60 kg/m, EI 5.00 MN·m²')).toBeTruthy();
    expect(within(stay).getByText('2951 ± 3.2 kN')).toBeTruthy();
    expect(
      within(stay).getByText('low 2800 kN · high 3300 kN · ±1.5 % of the reference 3000 kN'),
    ).toBeTruthy();
    expect(
      within(stay).getByText(
        'From 5 harmonics of 1.118 Hz (taut string with the bending-stiffness correction); ± is the standard error.',
      ),
    ).toBeTruthy();
    // The chart: the tension line and each limit drawn, and reachable from the keyboard.
    const chart = stay.querySelector('svg');
    expect(chart?.querySelector('[data-line="Tension"]')).toBeTruthy();
    expect(
      [...(chart?.querySelectorAll('[data-guide]') ?? [])].map((g) => g.getAttribute('data-guide')),
    ).toEqual(['Low limit', 'High limit', 'Reference', 'Reference −1.5 %', 'Reference +1.5 %']);
    const focusable = stay.querySelector('[tabindex="0"]');
    expect(focusable).toBeTruthy();
    if (focusable) {
      (focusable as HTMLElement).focus();
      fireEvent.keyDown(focusable, { key: 'End' });
    }
    expect(await within(stay).findByText(/2951 ± 3\.2 kN/, { selector: ':not(dd)' })).toBeTruthy();
  });

  // The demo's hanger has no EI set, and a one-minute record often holds no peak at the
  // fundamental: the card said "with the bending-stiffness correction" whatever the cable, and
  // hid how the tension was found when the fundamental was inferred.
  it('says how the tension was found for a cable without EI and an inferred fundamental', async () => {
    const inferred = { ...point(20, 180.2), harmonics: 4, fundamental_hz: null };
    renderCard({
      cables: [
        {
          sensor: 9,
          sensor_id: 'hanger-3',
          stream_id: 'lg-hanger-3',
          cable: { ...CABLE, bending_stiffness_nm2: null },
          reference_tension_kn: null,
          latest: inferred,
          history: [inferred],
        },
      ],
    });
    const hanger = await screen.findByRole('region', { name: 'hanger-3 (stream lg-hanger-3)' });
    expect(
      within(hanger).getByText(
        'From 4 harmonics, the fundamental inferred from them as no peak stood at it in this window (taut string, the bending stiffness fitted from the harmonics); ± is the standard error.',
      ),
    ).toBeTruthy();
  });

  it('says why a cable has no tension yet, and shows no card for a bridge without cables', async () => {
    const { unmount } = renderCard(answer);
    const hanger = await screen.findByRole('region', { name: 'hanger-2 (stream lg-hanger-2)' });
    expect(within(hanger).getByText('100 m, 60 kg/m, EI fitted from the harmonics')).toBeTruthy();
    expect(within(hanger).getByText('low 2800 kN · high 3300 kN')).toBeTruthy();
    expect(
      within(hanger).getByText(
        /no tension, 2 harmonics of 1\.118 Hz found; at least 3 are needed for a tension\.$/,
      ),
    ).toBeTruthy();
    unmount();
    const empty = renderCard({ cables: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(empty.container.textContent).toBe('');
  });
});
