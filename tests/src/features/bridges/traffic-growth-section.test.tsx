import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { aFatigueStatus } from '../../../helpers/fatigue-fixtures';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { fill } from '../users/fill';
import { renderPage } from '../users/render-page';
import { serveStructures } from './fixtures';

type S = components['schemas'];
const server = setupMswServer();

function serveGrowth(bridgeId: number) {
  let growth = 1.5;
  const put: unknown[] = [];
  server.use(
    http.get(apiUrl(`/api/v1/bridges/${bridgeId}/fatigue`), () =>
      HttpResponse.json<S['BridgeFatigue']>({
        bridge: bridgeId,
        details: [aFatigueStatus({ traffic_growth_percent: growth })],
      }),
    ),
    http.put(apiUrl(`/api/v1/bridges/${bridgeId}/fatigue-settings`), async ({ request }) => {
      const body = (await request.json()) as S['FatigueSettings'];
      put.push(body);
      growth = body.traffic_growth_percent;
      return HttpResponse.json(body);
    }),
  );
  return { put };
}

async function open(isStaff: boolean) {
  serveStructures(server);
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff={isStaff} />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  const section = screen.getByRole('region', { name: 'Traffic growth' });
  const bridge = within(section).getByLabelText('Bridge for traffic growth');
  const option = within(bridge).getByRole('option', { name: 'Lions Gate' }) as HTMLOptionElement;
  const calls = serveGrowth(Number(option.value));
  await user.selectOptions(bridge, 'Lions Gate');
  await within(section).findByText('Traffic growth: 1.5 % a year.', undefined, { timeout: 4000 });
  return { user, section, calls };
}

describe('Traffic growth in Bridge Management (issue 30)', () => {
  it('lets staff save the growth: the body carries the percent and a toast confirms', async () => {
    const { user, section, calls } = await open(true);
    const growth = within(section).getByLabelText('Traffic growth (% a year)');
    expect(growth).toHaveValue('1.5');

    await user.clear(growth);
    await fill(user, growth, '-2.5');
    await user.click(within(section).getByRole('button', { name: 'Save traffic growth' }));
    await waitFor(() => expect(calls.put).toEqual([{ traffic_growth_percent: -2.5 }]));
    expect(
      await screen.findByText('Traffic growth saved (-2.5 % a year); remaining lives use it now'),
    ).toBeVisible();
    expect(await within(section).findByText('Traffic growth: -2.5 % a year.')).toBeVisible();
  });

  it.each([
    ['25', 'Traffic growth must be between -10 % and 20 % a year'],
    ['-10.5', 'Traffic growth must be between -10 % and 20 % a year'],
    ['two', 'Traffic growth must be a number (percent a year)'],
    ['', 'Traffic growth must be a number (percent a year)'],
  ])('refuses %j with its message and sends nothing', async (typed, message) => {
    const { user, section, calls } = await open(true);
    const growth = within(section).getByLabelText('Traffic growth (% a year)');
    await user.clear(growth);
    if (typed) await fill(user, growth, typed);
    await user.click(within(section).getByRole('button', { name: 'Save traffic growth' }));
    expect(await within(section).findByText(message)).toBeVisible();
    expect(calls.put).toEqual([]);
  });

  it('shows a user who is not staff the growth read-only', async () => {
    const { section } = await open(false);
    expect(within(section).getByText('Traffic growth: 1.5 % a year.')).toBeVisible();
    expect(within(section).queryByLabelText('Traffic growth (% a year)')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Save traffic growth' })).toBeNull();
  });
});
