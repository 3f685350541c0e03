import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { fill } from '../users/fill';
import { renderPage } from '../users/render-page';
import { sensors, serveStructures } from './fixtures';

type S = components['schemas'];
const server = setupMswServer();

const accelerometer = sensors[0] as S['Sensor'];
const gauge: S['Sensor'] = {
  ...accelerometer,
  id: 23,
  sensor_id: 'LG-SG-1',
  type: 'strain_gauge',
  status: 'active',
  limits: { low: -100, high: 300, sustained_minutes: 30 },
};

function serveSensors() {
  const saved: unknown[] = [];
  serveStructures(server);
  server.use(
    http.get(apiUrl('/api/v1/sensors'), () => HttpResponse.json([accelerometer, gauge])),
    http.get(apiUrl('/api/v1/bridges/:id/fatigue'), ({ params }) =>
      HttpResponse.json({ bridge: Number(params.id), details: [] }),
    ),
    http.put(apiUrl('/api/v1/sensors/23/limits'), async ({ request }) => {
      const body = (await request.json()) as S['SensorLimits'];
      saved.push(body);
      return HttpResponse.json({ ...gauge, limits: body });
    }),
  );
  return saved;
}

async function openSensors() {
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  await user.click(screen.getByRole('tab', { name: 'Sensors' }));
  await screen.findByRole('cell', { name: 'LG-SG-1' });
  return user;
}

describe('sensor limits in Bridge Management', () => {
  it("shows a strain gauge's limits, refuses a low limit above the high one, and saves", async () => {
    const saved = serveSensors();
    const user = await openSensors();
    await user.selectOptions(screen.getByLabelText('Sensor'), 'LG-SG-1');
    const form = await screen.findByRole('form', { name: 'Limits of LG-SG-1' });
    const low = within(form).getByLabelText('Low limit');
    const high = within(form).getByLabelText('High limit');
    expect(low).toHaveValue('-100');
    expect(high).toHaveValue('300');
    expect(within(form).getByLabelText('Sustained for (minutes)')).toHaveValue('30');

    await user.clear(low);
    await fill(user, low, '350');
    const save = within(form).getByRole('button', { name: 'Save limits' });
    await user.click(save);
    expect(within(form).getByText('Low limit must be below the high limit')).toBeVisible();
    expect(saved).toEqual([]);

    await user.clear(low);
    await user.clear(high);
    await fill(user, high, '280.5');
    await user.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ low: null, high: 280.5, sustained_minutes: 30 });
  });

  it('has no limits for an accelerometer, in the section or the create form', async () => {
    serveSensors();
    const user = await openSensors();
    await user.selectOptions(screen.getByLabelText('Sensor'), 'LG-ACC-1');
    expect(screen.queryByRole('form', { name: /^Limits of/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Spans' }));
    await user.click(await screen.findByRole('button', { name: 'Add a sensor to north_span' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Sensor on north_span' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'accelerometer');
    expect(within(dialog).queryByLabelText('High limit')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'displacement');
    expect(within(dialog).getByLabelText('High limit')).toBeVisible();
    expect(within(dialog).getByLabelText('Sustained for (minutes)')).toHaveValue('10');
  });

  it('sends the limits with a new displacement sensor', async () => {
    serveSensors();
    const created: unknown[] = [];
    server.use(
      http.post(apiUrl('/api/v1/sensors/create'), async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ ...gauge, id: 24, type: 'displacement' }, { status: 201 });
      }),
    );
    const user = await openSensors();
    await user.click(screen.getByRole('tab', { name: 'Spans' }));
    await user.click(await screen.findByRole('button', { name: 'Add a sensor to north_span' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Sensor on north_span' });
    await fill(user, within(dialog).getByLabelText('Sensor ID'), 'LG-DISP-1');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'displacement');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'active');
    await fill(user, within(dialog).getByLabelText('Installation date'), '2025-05-01');
    await fill(user, within(dialog).getByLabelText('High limit'), '12');
    const sustained = within(dialog).getByLabelText('Sustained for (minutes)');
    await user.clear(sustained);
    await fill(user, sustained, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText(
        'Sustained for must be a whole number of 10-minute means, 10 to 1440 minutes',
      ),
    ).toBeVisible();
    await user.clear(sustained);
    await fill(user, sustained, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      sensor_id: 'LG-DISP-1',
      type: 'displacement',
      limits: { low: null, high: 12, sustained_minutes: 60 },
    });
  });
});
