import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { fill } from '../users/fill';
import { renderPage } from '../users/render-page';
import { openCreateSensor } from './create-sensor-dialog';
import { sensors, serveStructures } from './fixtures';

type S = components['schemas'];
const server = setupMswServer();

const unplaced = sensors[0] as S['Sensor'];
const placed: S['Sensor'] = {
  ...unplaced,
  id: 22,
  sensor_id: 'LG-ACC-2',
  chainage_m: 42,
  transverse_offset_m: -3.5,
  direction: 'vertical',
};

/** The structures, the two accelerometers, and the create bodies the server was sent. */
function serveSensors(saved: unknown[] = []) {
  const created: unknown[] = [];
  serveStructures(server);
  server.use(
    http.get(apiUrl('/api/v1/sensors'), () => HttpResponse.json([unplaced, placed])),
    http.post(apiUrl('/api/v1/sensors/create'), async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json({ ...unplaced, id: 24 }, { status: 201 });
    }),
    http.put(apiUrl('/api/v1/sensors/22/geometry'), async ({ request }) => {
      const body = (await request.json()) as S['SensorGeometry'];
      saved.push(body);
      return HttpResponse.json({ ...placed, ...body });
    }),
  );
  return created;
}

async function openSensorsTab(isStaff: boolean) {
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff={isStaff} />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  await user.click(screen.getByRole('tab', { name: 'Sensors' }));
  await screen.findByRole('cell', { name: 'LG-ACC-2' });
  return user;
}

describe("a sensor's position in Bridge Management", () => {
  it("sends the spec's body unchanged when no position is filled", async () => {
    const created = serveSensors();
    const { user, dialog } = await openCreateSensor();
    const group = within(dialog).getByRole('group', { name: 'Position (optional)' });
    expect(within(group).getByLabelText('Chainage (m)')).toHaveValue('');
    expect(within(group).getByLabelText('Transverse offset (m)')).toHaveValue('');
    expect(within(group).getByLabelText('Direction')).toHaveDisplayValue('Not recorded');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      bridge: 1,
      span: 11,
      sensor_id: 'LG-ACC-3',
      type: 'accelerometer',
      status: 'active',
      installation_date: '2025-05-01',
      manufacturer: null,
      model_number: null,
      last_calibration_date: null,
      next_calibration_date: null,
    });
  });

  it('refuses a position out of bounds with the rule in words, then sends the filled parts', async () => {
    const created = serveSensors();
    const { user, dialog } = await openCreateSensor();
    const chainage = within(dialog).getByLabelText('Chainage (m)');
    const offset = within(dialog).getByLabelText('Transverse offset (m)');
    await fill(user, chainage, '100000.5');
    await fill(user, offset, '-250');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Chainage must be a number from 0 to 100000 m')).toBeVisible();
    expect(
      within(dialog).getByText('Transverse offset must be a number from -200 to 200 m'),
    ).toBeVisible();
    expect(chainage).toHaveAccessibleDescription('Chainage must be a number from 0 to 100000 m');
    expect(created).toEqual([]);

    // The group is reached in order by the Tab key: chainage, offset, then the direction.
    await user.clear(chainage);
    await user.type(chainage, '42.5');
    await user.tab();
    expect(offset).toHaveFocus();
    await user.clear(offset);
    await user.tab();
    const direction = within(dialog).getByLabelText('Direction');
    expect(direction).toHaveFocus();
    await user.selectOptions(direction, 'Vertical');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ chainage_m: 42.5, direction: 'vertical' });
    expect(created[0]).not.toHaveProperty('transverse_offset_m');
  });

  it('lists the position under the span of a sensor that has one', async () => {
    serveSensors();
    await openSensorsTab(true);
    const row = screen.getByRole('cell', { name: 'LG-ACC-2' }).closest('tr');
    expect(row).not.toBeNull();
    expect(
      within(row as HTMLElement).getByText('ch. 42.0 m · offset -3.5 m · vertical'),
    ).toBeVisible();
    const bare = screen.getByRole('cell', { name: 'LG-ACC-1' }).closest('tr') as HTMLElement;
    expect(within(bare).getByRole('cell', { name: 'north_span' })).toBeVisible();
    expect(within(bare).queryByText(/^ch\./)).not.toBeInTheDocument();
  });

  it("changes a listed sensor's position, a blank part clearing it", async () => {
    const saved: unknown[] = [];
    serveSensors(saved);
    const user = await openSensorsTab(true);
    await user.selectOptions(screen.getByLabelText('Sensor'), 'LG-ACC-2');
    const form = await screen.findByRole('form', { name: 'Position of LG-ACC-2' });
    const chainage = within(form).getByLabelText('Chainage (m)');
    expect(chainage).toHaveValue('42');
    expect(within(form).getByLabelText('Transverse offset (m)')).toHaveValue('-3.5');
    expect(within(form).getByLabelText('Direction')).toHaveDisplayValue('Vertical');

    await user.clear(chainage);
    await fill(user, chainage, '-1');
    const save = within(form).getByRole('button', { name: 'Save position' });
    await user.click(save);
    expect(within(form).getByText('Chainage must be a number from 0 to 100000 m')).toBeVisible();
    expect(saved).toEqual([]);

    await user.clear(chainage);
    await fill(user, chainage, '38.25');
    await user.clear(within(form).getByLabelText('Transverse offset (m)'));
    await user.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      chainage_m: 38.25,
      transverse_offset_m: null,
      direction: 'vertical',
    });
  });

  it('shows the position read-only to a user who may not change it', async () => {
    serveSensors();
    const user = await openSensorsTab(false);
    await user.selectOptions(screen.getByLabelText('Sensor'), 'LG-ACC-2');
    const form = await screen.findByRole('form', { name: 'Position of LG-ACC-2' });
    expect(within(form).getByLabelText('Chainage (m)')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save position' })).not.toBeInTheDocument();
  });
});
