import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { formatDateTime } from '../../../../domain/formats';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderPage } from '../users/render-page';
import { sensors, serveStructures } from './fixtures';

type S = components['schemas'];
const server = setupMswServer();

const gauge = sensors[0] as S['Sensor'];
const before: S['SensorStatusChange'] = {
  id: 1,
  sensor: 21,
  status: 'active',
  effective_at: '2024-05-02T00:00:00.000Z',
  changed_by: 'Register status when its history began',
  note: null,
  dated: false,
  recorded_at: '2026-12-03T07:00:00.000Z',
};
const maintenance: S['SensorStatusChange'] = {
  ...before,
  id: 2,
  status: 'maintenance',
  effective_at: '2026-11-30T08:00:00.000Z',
  changed_by: 'inspector',
  note: 'Re-bonding the gauge',
  dated: true,
};

/** The history as a server keeps it: a POST adds to what the next GET answers. */
function serveHistory() {
  const history = [before, maintenance];
  const posted: unknown[] = [];
  serveStructures(server);
  server.use(
    http.get(apiUrl('/api/v1/sensors/21/status-changes'), () => HttpResponse.json(history)),
    http.post(apiUrl('/api/v1/sensors/21/status-changes'), async ({ request }) => {
      const body = (await request.json()) as S['SensorStatusChangeInput'];
      posted.push(body);
      const entry = {
        ...maintenance,
        id: 3,
        status: body.status,
        effective_at: body.effective_at ?? '2026-12-03T07:30:00.000Z',
        note: body.note ?? null,
      };
      history.push(entry);
      return HttpResponse.json(entry, { status: 201 });
    }),
  );
  return posted;
}

async function openHistory(isStaff = true) {
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff={isStaff} />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  await user.click(screen.getByRole('tab', { name: 'Sensors' }));
  await screen.findByRole('cell', { name: gauge.sensor_id });
  // Staff select from the row; everyone can select from the filters above the table.
  await user.selectOptions(screen.getByLabelText('Bridge'), 'Lions Gate');
  await user.selectOptions(screen.getByLabelText('Span'), 'north_span');
  await user.selectOptions(screen.getByLabelText('Sensor'), gauge.sensor_id);
  return {
    user,
    region: screen.getByRole('region', { name: `Status history of ${gauge.sensor_id}` }),
  };
}

// Issue 30, decision 045 amended 2026-12-03 (g): a sensor's status history, newest first.
describe('status history in the Sensors tab', () => {
  it('lists the status in force first, with from when, by whom and why', async () => {
    serveHistory();
    const { region } = await openHistory(false);
    await within(region).findByRole('cell', { name: 'Re-bonding the gauge' });
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(
      `Under Maintenance${formatDateTime(maintenance.effective_at)}inspector`,
    );
    expect(rows[1]).toHaveTextContent('ActiveBefore the history was kept');
    expect(within(region).queryByRole('button', { name: 'Change status' })).toBeNull();
  });

  it('sends a change from the time it took effect and shows it', async () => {
    const posted = serveHistory();
    const { user, region } = await openHistory();
    await user.click(await within(region).findByRole('button', { name: 'Change status' }));
    const dialog = screen.getByRole('dialog', { name: `Change status of ${gauge.sensor_id}` });
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'maintenance');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('The sensor is already Under Maintenance')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'active');
    await user.type(
      within(dialog).getByLabelText('In force from (empty: now)'),
      '2026-12-01T09:15',
    );
    await user.type(within(dialog).getByLabelText('Note'), 'Back in service');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(region).findByRole('cell', { name: 'Back in service' });
    expect(posted).toEqual([
      {
        status: 'active',
        effective_at: new Date('2026-12-01T09:15').toISOString(),
        note: 'Back in service',
      },
    ]);
  });
});
