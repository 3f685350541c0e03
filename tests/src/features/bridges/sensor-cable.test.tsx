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
import { SPEC_BODY, openCreateSensor } from './open-create-sensor';

type S = components['schemas'];
const server = setupMswServer();

const bare = sensors[0] as S['Sensor'];
const hanger: S['Sensor'] = {
  ...bare,
  id: 22,
  sensor_id: 'LG-HNG-1',
  cable: {
    length_m: 40,
    mass_per_m: 45,
    bending_stiffness_nm2: null,
    tension_low_kn: 900,
    tension_high_kn: 1400,
    tension_change_percent: 5,
    reference_tension_kn: null,
  },
};
const thermometer: S['Sensor'] = { ...bare, id: 23, sensor_id: 'LG-TMP-1', type: 'temperature' };

/** The structures and sensors; the create and PUT bodies sent; `refuse` answers them with 400. */
function serveSensors(refuse?: string) {
  const created: unknown[] = [];
  const saved: unknown[] = [];
  serveStructures(server);
  const answer = (ok: S['Sensor'], status = 200) =>
    refuse
      ? HttpResponse.json({ detail: refuse }, { status: 400 })
      : HttpResponse.json(ok, { status });
  server.use(
    http.get(apiUrl('/api/v1/sensors'), () => HttpResponse.json([bare, hanger, thermometer])),
    http.post(apiUrl('/api/v1/sensors/create'), async ({ request }) => {
      created.push(await request.json());
      return answer({ ...bare, id: 24 }, 201);
    }),
    http.put(apiUrl('/api/v1/sensors/:id/cable'), async ({ request, params }) => {
      const body = (await request.json()) as S['Cable'];
      saved.push({ id: params.id, body });
      return answer({ ...hanger, cable: body });
    }),
  );
  return { created, saved };
}

async function openSensor(isStaff: boolean, sensorId: string) {
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff={isStaff} />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  await user.click(screen.getByRole('tab', { name: 'Sensors' }));
  await screen.findByRole('cell', { name: 'LG-HNG-1' });
  await user.selectOptions(screen.getByLabelText('Sensor'), sensorId);
  return user;
}

describe('the cable of an accelerometer in the Create Sensor form', () => {
  it('offers the cable only for an accelerometer, and sends the spec body when it is not ticked', async () => {
    const { created } = serveSensors();
    const { user, dialog } = await openCreateSensor('strain_gauge');
    expect(within(dialog).queryByRole('group', { name: 'Cable (optional)' })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'accelerometer');
    const group = within(dialog).getByRole('group', { name: 'Cable (optional)' });
    const tick = within(group).getByLabelText('On a stay or hanger');
    expect(tick).not.toBeChecked();
    expect(within(group).queryByLabelText('Cable length (m)')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual(SPEC_BODY);
  });

  it('checks the figures by the contract, then sends the cable with blanks as null', async () => {
    const { created } = serveSensors();
    const { user, dialog } = await openCreateSensor();
    const group = within(dialog).getByRole('group', { name: 'Cable (optional)' });
    // Reached by the keyboard: Space on the checkbox shows the figures.
    within(group).getByLabelText('On a stay or hanger').focus();
    await user.keyboard(' ');
    const length = within(group).getByLabelText('Cable length (m)');
    await fill(user, within(group).getByLabelText('Tension change limit (%)'), '60');
    await fill(user, within(group).getByLabelText('Low tension limit (kN)'), '1500');
    await fill(user, within(group).getByLabelText('High tension limit (kN)'), '1400');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(group).getByText('Cable length is required for a sensor on a cable'),
    ).toBeVisible();
    expect(
      within(group).getByText('Mass per metre is required for a sensor on a cable'),
    ).toBeVisible();
    expect(
      within(group).getByText('Tension change limit must be a number above 0, up to 50 %'),
    ).toBeVisible();
    expect(within(group).getByLabelText('Low tension limit (kN)')).toHaveAccessibleDescription(
      'Low tension limit must be below the high tension limit',
    );
    expect(created).toEqual([]);

    await fill(user, length, '40.5');
    await user.tab();
    const mass = within(group).getByLabelText('Mass per metre (kg/m)');
    expect(mass).toHaveFocus();
    await user.keyboard('45');
    await user.clear(within(group).getByLabelText('Tension change limit (%)'));
    await user.clear(within(group).getByLabelText('Low tension limit (kN)'));
    await fill(user, within(group).getByLabelText('Low tension limit (kN)'), '900');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      ...SPEC_BODY,
      cable: {
        length_m: 40.5,
        mass_per_m: 45,
        bending_stiffness_nm2: null,
        tension_low_kn: 900,
        tension_high_kn: 1400,
        tension_change_percent: null,
        reference_tension_kn: null,
      },
    });
  });

  it("shows the server's refusal next to the field it names, with the spec's toast", async () => {
    serveSensors('cable.tension_low_kn: must be below tension_high_kn (1400), got 1400.0');
    const { user, dialog } = await openCreateSensor();
    await user.click(within(dialog).getByLabelText('On a stay or hanger'));
    await fill(user, within(dialog).getByLabelText('Cable length (m)'), '40');
    await fill(user, within(dialog).getByLabelText('Mass per metre (kg/m)'), '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to create sensor')).toBeVisible();
    expect(within(dialog).getByLabelText('Low tension limit (kN)')).toHaveAccessibleDescription(
      'must be below tension_high_kn (1400), got 1400.0',
    );
  });
});

describe("a sensor's cable in Bridge Management", () => {
  it('shows the recorded cable and replaces it through PUT /sensors/{id}/cable', async () => {
    const { saved } = serveSensors();
    const user = await openSensor(true, 'LG-HNG-1');
    const form = await screen.findByRole('form', { name: 'Cable of LG-HNG-1' });
    expect(within(form).getByLabelText('Cable length (m)')).toHaveValue('40');
    expect(within(form).getByLabelText('Mass per metre (kg/m)')).toHaveValue('45');
    expect(within(form).getByLabelText('Bending stiffness EI (N·m², optional)')).toHaveValue('');
    expect(within(form).getByLabelText('Tension change limit (%)')).toHaveValue('5');

    const mass = within(form).getByLabelText('Mass per metre (kg/m)');
    await user.clear(mass);
    await fill(user, mass, '0');
    const save = within(form).getByRole('button', { name: 'Save cable' });
    await user.click(save);
    expect(
      within(form).getByText('Mass per metre must be a number above 0, up to 1000 kg/m'),
    ).toBeVisible();
    expect(saved).toEqual([]);

    await user.clear(mass);
    await fill(user, mass, '46.2');
    await fill(user, within(form).getByLabelText('Reference tension (kN)'), '1180');
    await user.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      id: '22',
      body: {
        length_m: 40,
        mass_per_m: 46.2,
        bending_stiffness_nm2: null,
        tension_low_kn: 900,
        tension_high_kn: 1400,
        tension_change_percent: 5,
        reference_tension_kn: 1180,
      },
    });
    expect(await screen.findByText('Cable saved')).toBeVisible();
  });

  it("marks an accelerometer as on a cable, the server's refusal shown in the form", async () => {
    const { saved } = serveSensors(
      "type: a cable's tension is read from an accelerometer, not from a strain_gauge",
    );
    const user = await openSensor(true, 'LG-ACC-1');
    const form = await screen.findByRole('form', { name: 'Cable of LG-ACC-1' });
    expect(screen.getByText(/Not on a cable/)).toBeVisible();
    await fill(user, within(form).getByLabelText('Cable length (m)'), '40');
    await fill(user, within(form).getByLabelText('Mass per metre (kg/m)'), '45');
    await user.click(within(form).getByRole('button', { name: 'Save cable' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "type: a cable's tension is read from an accelerometer, not from a strain_gauge",
    );
  });

  it('takes an accelerometer off its cable once confirmed, saying its tensions are kept', async () => {
    serveSensors();
    const removed: unknown[] = [];
    let current: S['Sensor'] = hanger;
    server.use(
      http.get(apiUrl('/api/v1/sensors'), () => HttpResponse.json([bare, current, thermometer])),
      http.delete(apiUrl('/api/v1/sensors/:id/cable'), ({ params }) => {
        removed.push(params.id);
        current = { ...hanger };
        delete current.cable;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = await openSensor(true, 'LG-HNG-1');
    await screen.findByRole('form', { name: 'Cable of LG-HNG-1' });
    await user.click(screen.getByRole('button', { name: 'Remove cable' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove cable' });
    expect(dialog).toHaveTextContent('The tensions already estimated are kept');
    // Cancelled: nothing sent, the cable stays.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(removed).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove cable' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove cable' })).getByRole('button', {
        name: 'Remove cable',
      }),
    );
    await waitFor(() => expect(removed).toEqual(['22']));
    expect(await screen.findByText('Cable removed')).toBeVisible();
    // The sensor reloaded without its cable: the empty form, and nothing left to remove.
    expect(await screen.findByText(/Not on a cable/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove cable' })).toBeNull();
  });

  it('offers no Remove cable to those who may not change the cable', async () => {
    serveSensors();
    await openSensor(false, 'LG-HNG-1');
    await screen.findByRole('form', { name: 'Cable of LG-HNG-1' });
    expect(screen.queryByRole('button', { name: 'Remove cable' })).toBeNull();
  });

  it('gives no cable section to other sensor types, and a read-only one to others', async () => {
    serveSensors();
    const user = await openSensor(false, 'LG-HNG-1');
    const form = await screen.findByRole('form', { name: 'Cable of LG-HNG-1' });
    expect(within(form).getByLabelText('Cable length (m)')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save cable' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Sensor'), 'LG-TMP-1');
    await screen.findByRole('heading', { name: 'Position of LG-TMP-1' });
    expect(screen.queryByRole('form', { name: /^Cable of/ })).toBeNull();
  });
});
