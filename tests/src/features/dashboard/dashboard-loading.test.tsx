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
  };
  return byPath[path];
}

const holdGroup = (mswServer: SetupServer, labels: readonly string[]) =>
  holdUntilAllArrive(mswServer, labels, labelOf);

const ALERTS_ON = [
  'alerts',
  'spans',
  'sensors',
  'datastreams',
  'fatigue',
  'inspections',
  'baselines',
  'frequency-shift',
];
const BY_NAME = ['anomalies', 'forecast', 'prediction'];

describe('the dashboard loads without a waterfall (issue 17)', () => {
  it('coming from another bridge (the bridge list at hand), every request starts at once', async () => {
    serveDashboard(server);
    const { router } = await renderApp(`/dashboard?bridge=${unlocated.id}`);
    await screen.findByRole('heading', { level: 1, name: `${unlocated.name} Health condition` });

    const group = holdGroup(server, [...ALERTS_ON, ...BY_NAME]);
    await router.navigate({ to: '/dashboard', search: { bridge: confederation.id } });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `${confederation.name} Health condition`,
      }),
    ).toBeInTheDocument();
    expect(group.together()).toEqual([...ALERTS_ON, ...BY_NAME].sort());
  });

  it('opened from its address, the bridge list starts with the rest; only what needs its name waits for it', async () => {
    serveDashboard(server);
    const first = holdGroup(server, ['bridges', ...ALERTS_ON]);
    const second = holdGroup(server, BY_NAME);
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `${confederation.name} Health condition`,
      }),
    ).toBeInTheDocument();
    expect(first.together()).toEqual(['bridges', ...ALERTS_ON].sort());
    expect(second.together()).toEqual([...BY_NAME].sort());
  });

  it('opened from an address that carries the name, even the requests that need it start with the rest', async () => {
    serveDashboard(server);
    const group = holdGroup(server, ['bridges', ...ALERTS_ON, ...BY_NAME]);
    await renderApp(
      `/dashboard?bridge=${confederation.id}&name=${encodeURIComponent(confederation.name)}`,
    );
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `${confederation.name} Health condition`,
      }),
    ).toBeInTheDocument();
    expect(group.together()).toEqual(['bridges', ...ALERTS_ON, ...BY_NAME].sort());
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
