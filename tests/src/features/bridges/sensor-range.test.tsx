import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { fill } from '../users/fill';
import { renderPage } from '../users/render-page';
import { openCreateSensor } from './open-create-sensor';
import { sensors, serveStructures } from './fixtures';

type S = components['schemas'];
const server = setupMswServer();

const bare = sensors[0] as S['Sensor'];
const ranged: S['Sensor'] = {
  ...bare,
  id: 22,
  sensor_id: 'LG-ACC-2',
  measuring_range: { low: -50, high: 50 },
};

/** The structures, two sensors, and the bodies the server was sent. */
function serveSensors() {
  const created: unknown[] = [];
  const saved: unknown[] = [];
  serveStructures(server);
  server.use(
    http.get(apiUrl('/api/v1/sensors'), () => HttpResponse.json([bare, ranged])),
    http.post(apiUrl('/api/v1/sensors/create'), async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json({ ...bare, id: 24 }, { status: 201 });
    }),
    http.put(apiUrl('/api/v1/sensors/22/range'), async ({ request }) => {
      const body = (await request.json()) as S['MeasuringRange'];
      saved.push(body);
      return HttpResponse.json({ ...ranged, measuring_range: body });
    }),
  );
  return { created, saved };
}

// Decision 030, 2026-12-01: an optional declared measuring range, its edge a clipped sample.
describe("a sensor's declared measuring range in Bridge Management", () => {
  it('refuses low not below high in words, then sends the range with the create', async () => {
    const { created } = serveSensors();
    const { user, dialog } = await openCreateSensor();
    const group = within(dialog).getByRole('group', { name: 'Measuring range (optional)' });
    const low = within(group).getByLabelText('Range low');
    const high = within(group).getByLabelText('Range high');
    await fill(user, low, '100');
    await fill(user, high, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(low).toHaveAccessibleDescription('Range low must be below range high');
    expect(created).toEqual([]);

    await user.clear(low);
    await fill(user, low, '-100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ measuring_range: { low: -100, high: 100 } });
  });

  it("sends no range when none is filled (the spec's body)", async () => {
    const { created } = serveSensors();
    const { user, dialog } = await openCreateSensor();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).not.toHaveProperty('measuring_range');
  });

  it("changes a listed sensor's range, a blank edge not declared", async () => {
    const { saved } = serveSensors();
    const user = userEvent.setup();
    renderPage(() => <BridgesPage isStaff />);
    await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
    await user.click(screen.getByRole('tab', { name: 'Sensors' }));
    await screen.findByRole('cell', { name: 'LG-ACC-2' });
    await user.selectOptions(screen.getByLabelText('Sensor'), 'LG-ACC-2');
    const form = await screen.findByRole('form', { name: 'Measuring range of LG-ACC-2' });
    const low = within(form).getByLabelText('Range low');
    expect(low).toHaveValue('-50');
    expect(within(form).getByLabelText('Range high')).toHaveValue('50');
    await user.clear(low);
    await user.click(within(form).getByRole('button', { name: 'Save measuring range' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ low: null, high: 50 });
  });
});
