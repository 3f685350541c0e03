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
import { sensors, serveStructures } from './fixtures';

type S = components['schemas'];
const server = setupMswServer();

const gauge: S['Sensor'] = {
  ...(sensors[0] as S['Sensor']),
  id: 23,
  sensor_id: 'LG-SG-1',
  type: 'strain_gauge',
  status: 'active',
};

const current = aFatigueStatus({
  detail: { ...aFatigueStatus().detail, sensor: 23, prior_damage: 0.46 },
  sensor_label: 'LG-SG-1',
  damage: 0.46,
});

function serveFatigue() {
  const saved: unknown[] = [];
  serveStructures(server);
  server.use(
    http.get(apiUrl('/api/v1/sensors'), () => HttpResponse.json([gauge])),
    http.get(apiUrl('/api/v1/bridges/:id/fatigue'), ({ params }) =>
      HttpResponse.json({
        bridge: Number(params.id),
        details: [current],
      }),
    ),
    http.put(apiUrl('/api/v1/sensors/23/fatigue-detail'), async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json(current.detail);
    }),
  );
  return saved;
}

async function openDetail() {
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  await user.click(screen.getByRole('tab', { name: 'Sensors' }));
  await screen.findByRole('cell', { name: 'LG-SG-1' });
  await user.selectOptions(screen.getByLabelText('Sensor'), 'LG-SG-1');
  const form = await screen.findByRole('form', { name: 'Fatigue detail of LG-SG-1' });
  return { user, form };
}

describe('fatigue detail form in Bridge Management', () => {
  it('shows the stored damage levels and prior damage, and saves changed levels', async () => {
    const saved = serveFatigue();
    const { user, form } = await openDetail();
    const high = within(form).getByLabelText('High alert at damage D');
    const critical = within(form).getByLabelText('Critical alert at damage D');
    expect(high).toHaveValue('0.5');
    expect(critical).toHaveValue('0.8');
    expect(within(form).getByLabelText('Damage before monitoring D₀')).toHaveValue('0.46');

    await user.clear(high);
    await fill(user, high, '0.4');
    await user.clear(critical);
    await fill(user, critical, '0.7');
    await user.click(within(form).getByRole('button', { name: 'Save fatigue detail' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      name: 'Girder cover-plate end',
      alert_damage_high: 0.4,
      alert_damage_critical: 0.7,
      prior_damage: 0.46,
    });
  });

  it('refuses levels out of bounds or out of order before asking the server', async () => {
    const saved = serveFatigue();
    const { user, form } = await openDetail();
    const high = within(form).getByLabelText('High alert at damage D');
    const critical = within(form).getByLabelText('Critical alert at damage D');
    const save = within(form).getByRole('button', { name: 'Save fatigue detail' });

    await user.clear(high);
    await fill(user, high, '0.9');
    await user.click(save);
    expect(
      within(form).getByText('High alert at damage D must be below the critical level'),
    ).toBeVisible();

    await user.clear(high);
    await fill(user, high, '0');
    await user.clear(critical);
    await fill(user, critical, '1.5');
    await user.click(save);
    expect(within(form).getByText('High alert at damage D must be above 0')).toBeVisible();
    expect(
      within(form).getByText('Critical alert at damage D must be between 0 and 1'),
    ).toBeVisible();

    const prior = within(form).getByLabelText('Damage before monitoring D₀');
    await user.clear(prior);
    await fill(user, prior, '1');
    await user.click(save);
    expect(within(form).getByText('Damage before monitoring must be below 1')).toBeVisible();
    expect(saved).toEqual([]);
  });

  it("shows the detail's material and saves the one typed (issue 19)", async () => {
    const saved = serveFatigue();
    const { user, form } = await openDetail();
    const material = within(form).getByLabelText('Material');
    expect(material).toHaveValue('Steel');

    await user.clear(material);
    await fill(user, material, '  S355 weathering steel ');
    await user.click(within(form).getByRole('button', { name: 'Save fatigue detail' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ material: 'S355 weathering steel', curve: 'EC3 71' });
  });

  it('refuses a blank material before asking the server', async () => {
    const saved = serveFatigue();
    const { user, form } = await openDetail();
    await user.clear(within(form).getByLabelText('Material'));
    await user.click(within(form).getByRole('button', { name: 'Save fatigue detail' }));
    expect(within(form).getByText('Material is required')).toBeVisible();
    expect(saved).toEqual([]);
  });

  it('offers every curve the contract accepts, under its standard, and saves a BS 7608 class', async () => {
    const saved = serveFatigue();
    const { user, form } = await openDetail();
    const curve = within(form).getByLabelText('S-N curve');
    const group = (label: string) =>
      within(within(curve).getByRole('group', { name: label }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(group('BS 7608')).toEqual([
      'BS 7608 B',
      'BS 7608 C',
      'BS 7608 D',
      'BS 7608 E',
      'BS 7608 F',
      'BS 7608 F2',
      'BS 7608 G',
      'BS 7608 G2',
      'BS 7608 W1',
    ]);
    expect(group('EN 1993-1-9 shear stress')).toEqual(['EC3 shear 100', 'EC3 shear 80']);
    expect(group('EN 1993-1-9 normal stress')).toContain('EC3 71');
    expect(group('AASHTO LRFD')).toContain("AASHTO E'");
    expect(within(curve).getAllByRole('option')).toHaveLength(33);

    await user.selectOptions(curve, 'BS 7608 F2');
    await user.click(within(form).getByRole('button', { name: 'Save fatigue detail' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ curve: 'BS 7608 F2' });
  });
});
