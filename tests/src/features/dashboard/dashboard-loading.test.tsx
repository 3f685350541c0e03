import { configure, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { holdUntilAllArrive } from '../../../helpers/hold-requests';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAnomalyReport, confederation, serveDashboard, unlocated } from './fixtures';

const server = setupMswServer();
configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  // jsdom has no object URLs; the prediction image needs them.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:chart'), revokeObjectURL: vi.fn() });
});

/** What a dashboard request asks for, by path (and bridge, for the lists filtered by it). */
function labelOf(request: Request): string | undefined {
  const { pathname } = new URL(request.url);
  const path = pathname.replace('/api/v1/', '');
  const byPath: Record<string, string> = {
    bridges: 'bridges',
    'ai/anomalies': 'anomalies',
    'ai/forecast': 'forecast',
    'ai/predict/prediction': 'prediction',
    alerts: 'alerts',
    spans: 'spans',
    sensors: 'sensors',
    datastreams: 'datastreams',
    [`bridges/${confederation.id}/fatigue`]: 'fatigue',
    [`bridges/${confederation.id}/inspections`]: 'inspections',
    [`bridges/${confederation.id}/baselines`]: 'baselines',
    [`bridges/${confederation.id}/frequency-shift`]: 'frequency-shift',
    [`bridges/${confederation.id}/modes`]: 'modes',
  };
  return byPath[path];
}

const holdGroup = (mswServer: SetupServer, labels: readonly string[]) =>
  holdUntilAllArrive(mswServer, labels, labelOf);

/** The order requests start and answers end in, by label ("+anomalies" started, "-" ended). */
function eventsOf(mswServer: SetupServer): string[] {
  const events: string[] = [];
  mswServer.events.on('request:start', ({ request }) => {
    const label = labelOf(request);
    if (label) events.push(`+${label}`);
  });
  mswServer.events.on('response:mocked', ({ request }) => {
    const label = labelOf(request);
    if (label) events.push(`-${label}`);
  });
  return events;
}

/** Every card's request started after every one of the condition's was answered. */
function cardsAfterCondition(events: readonly string[], condition: readonly string[]) {
  const lastAnswer = Math.max(...condition.map((label) => events.lastIndexOf(`-${label}`)));
  const firstCard = Math.min(...CARDS.map((label) => events.indexOf(`+${label}`)));
  return lastAnswer >= 0 && firstCard > lastAnswer;
}

/** What the condition at the top is drawn from, by bridge id and by name. */
const CONDITION_BY_ID = ['alerts', 'spans', 'sensors', 'datastreams'];
const CONDITION_BY_NAME = ['anomalies'];
/** What the cards below it show: asked for together once the condition's answers are in. */
const CARDS = [
  'fatigue',
  'inspections',
  'baselines',
  'frequency-shift',
  'modes',
  'forecast',
  'prediction',
];

describe('the dashboard loads without a waterfall (issue 17), its condition first (issue 36)', () => {
  it("coming from another bridge (the bridge list at hand), the condition's requests start at once, then the cards' together", async () => {
    serveDashboard(server);
    const { router } = await renderApp(`/dashboard?bridge=${unlocated.id}`);
    await screen.findByRole('heading', { level: 1, name: `${unlocated.name} Health condition` });

    const condition = holdGroup(server, [...CONDITION_BY_ID, ...CONDITION_BY_NAME]);
    const cards = holdGroup(server, CARDS);
    const events = eventsOf(server);
    await router.navigate({ to: '/dashboard', search: { bridge: confederation.id } });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `${confederation.name} Health condition`,
      }),
    ).toBeInTheDocument();
    expect(condition.together()).toEqual([...CONDITION_BY_ID, ...CONDITION_BY_NAME].sort());
    await vi.waitFor(() => expect(cards.together()).toEqual([...CARDS].sort()), {
      timeout: 8000,
    });
    expect(cardsAfterCondition(events, [...CONDITION_BY_ID, ...CONDITION_BY_NAME])).toBe(true);
    server.events.removeAllListeners();
  });

  it('opened from its address, the bridge list starts with the rest; only what needs its name waits for it', async () => {
    serveDashboard(server);
    const first = holdGroup(server, ['bridges', ...CONDITION_BY_ID]);
    const second = holdGroup(server, CONDITION_BY_NAME);
    const cards = holdGroup(server, CARDS);
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `${confederation.name} Health condition`,
      }),
    ).toBeInTheDocument();
    expect(first.together()).toEqual(['bridges', ...CONDITION_BY_ID].sort());
    expect(second.together()).toEqual([...CONDITION_BY_NAME].sort());
    await vi.waitFor(() => expect(cards.together()).toEqual([...CARDS].sort()), {
      timeout: 8000,
    });
  });

  it("opened from an address that carries the name, even the condition's requests that need it start with the rest", async () => {
    serveDashboard(server);
    const group = holdGroup(server, ['bridges', ...CONDITION_BY_ID, ...CONDITION_BY_NAME]);
    await renderApp(
      `/dashboard?bridge=${confederation.id}&name=${encodeURIComponent(confederation.name)}`,
    );
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `${confederation.name} Health condition`,
      }),
    ).toBeInTheDocument();
    expect(group.together()).toEqual(['bridges', ...CONDITION_BY_ID, ...CONDITION_BY_NAME].sort());
  });

  it("when the address's name is not the bridge's (renamed since), the bridge list's name wins", async () => {
    serveDashboard(server);
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/api/v1/ai/anomalies'), ({ request }) => {
        const sid = new URL(request.url).searchParams.get('sid') ?? '';
        asked.push(sid);
        return sid === confederation.name
          ? HttpResponse.json(anAnomalyReport({ num_anomalies: 4 }))
          : HttpResponse.json({ detail: `sid: no bridge named ${sid}` }, { status: 400 });
      }),
    );
    const { router } = await renderApp(`/dashboard?bridge=${confederation.id}&name=Old%20Name`);

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `${confederation.name} Health condition`,
      }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Anomalies Detected: 4')).toBeInTheDocument();
    expect(screen.queryByText(/no bridge named/)).not.toBeInTheDocument();
    expect(asked).toContain('Old Name');
    expect(asked).toContain(confederation.name);
    expect(router.state.location.search).toMatchObject({ bridge: confederation.id });
  });
});
