import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderPage } from '../users/render-page';
import { serveStructures } from './fixtures';

type Settings = components['schemas']['AnalysisSettings'];
const server = setupMswServer();

function serveSettings(bridgeId: number) {
  let stored: Settings = {
    bridge: bridgeId,
    amber_percent: -2,
    red_percent: -5,
    target_false_alarm_rate: 0.001,
    stored: false,
    updated_at: null,
  };
  const put: unknown[] = [];
  server.use(
    http.get(apiUrl(`/api/v1/bridges/${bridgeId}/analysis-settings`), () =>
      HttpResponse.json(stored),
    ),
    http.put(apiUrl(`/api/v1/bridges/${bridgeId}/analysis-settings`), async ({ request }) => {
      const body = (await request.json()) as components['schemas']['AnalysisSettingsInput'];
      put.push(body);
      stored = { ...stored, ...body, stored: true, updated_at: '2026-11-24T09:00:00Z' };
      return HttpResponse.json(stored);
    }),
  );
  return { put };
}

async function open(isStaff: boolean) {
  serveStructures(server);
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff={isStaff} />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  const section = screen.getByRole('region', { name: 'Analysis settings' });
  const bridge = within(section).getByLabelText('Bridge analysed');
  const option = within(bridge).getByRole('option', { name: 'Lions Gate' }) as HTMLOptionElement;
  const calls = serveSettings(Number(option.value));
  await user.selectOptions(bridge, 'Lions Gate');
  await within(section).findByText(/Amber at -2 %, red at -5 %/, undefined, { timeout: 4000 });
  return { user, section, calls };
}

describe('Analysis settings in Bridge Management (issue 15)', () => {
  it('shows the defaults and lets staff set the levels and the alarm rate', async () => {
    const { user, section, calls } = await open(true);
    expect(within(section).getByText(/0\.1 % false alarms \(the defaults\)/)).toBeVisible();

    const red = within(section).getByLabelText('Red level (%)');
    await user.clear(red);
    await user.type(red, '-1');
    const rate = within(section).getByLabelText('Target false-alarm rate (%)');
    await user.clear(rate);
    await user.type(rate, '10');
    await user.click(within(section).getByRole('button', { name: 'Save analysis settings' }));
    expect(
      await within(section).findByText('Red level must be at or below the amber level'),
    ).toBeVisible();
    expect(
      within(section).getByText('Target false-alarm rate must be between 0.1 % and 5 %'),
    ).toBeVisible();
    expect(calls.put).toEqual([]);

    await user.clear(red);
    await user.type(red, '-4');
    await user.clear(rate);
    await user.type(rate, '1');
    await user.click(within(section).getByRole('button', { name: 'Save analysis settings' }));
    expect(
      await within(section).findByText(/Amber at -2 %, red at -4 %.*1 % false alarms\.$/),
    ).toBeVisible();
    expect(calls.put).toEqual([
      { amber_percent: -2, red_percent: -4, target_false_alarm_rate: 0.01 },
    ]);
  });

  it('shows an operator the settings without a form', async () => {
    const { section } = await open(false);
    expect(within(section).queryByRole('form', { name: 'Analysis settings' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Save analysis settings' })).toBeNull();
  });
});
