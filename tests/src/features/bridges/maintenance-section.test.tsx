import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { formatDateTime } from '../../../../domain/formats';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderPage } from '../users/render-page';
import { serveStructures } from './fixtures';

type MaintenanceEvent = components['schemas']['MaintenanceEvent'];
const server = setupMswServer();

function serveMaintenance(bridgeId: number) {
  const stored: MaintenanceEvent[] = [
    {
      id: 1,
      bridge: bridgeId,
      occurred_on: '2026-01-12',
      kind: 'bearing_replacement',
      sensor: null,
      span: null,
      note: 'North bearings',
      out_of_service: null,
      created_at: '2026-01-12T10:00:00Z',
    },
  ];
  const posted: unknown[] = [];
  const deleted: string[] = [];
  server.use(
    http.get(apiUrl(`/api/v1/bridges/${bridgeId}/maintenance`), () =>
      HttpResponse.json([...stored].reverse()),
    ),
    http.post(apiUrl(`/api/v1/bridges/${bridgeId}/maintenance`), async ({ request }) => {
      const body = (await request.json()) as Omit<MaintenanceEvent, 'id' | 'bridge'>;
      posted.push(body);
      const event = { ...body, id: 2, bridge: bridgeId, created_at: '2026-02-01T00:00:00Z' };
      stored.push({
        ...event,
        sensor: body.sensor ?? null,
        span: body.span ?? null,
        note: body.note ?? null,
      });
      return HttpResponse.json({ ...event, cleared_alerts: [7, 8] }, { status: 201 });
    }),
    http.delete(apiUrl(`/api/v1/bridges/${bridgeId}/maintenance/:eventId`), ({ params }) => {
      deleted.push(String(params.eventId));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { posted, deleted };
}

async function open(isStaff: boolean) {
  serveStructures(server);
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff={isStaff} />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  const section = screen.getByRole('region', { name: 'Maintenance' });
  const bridge = within(section).getByLabelText('Bridge maintained');
  const lionsGate = within(bridge).getByRole('option', { name: 'Lions Gate' }) as HTMLOptionElement;
  const bridgeId = Number(lionsGate.value);
  const calls = serveMaintenance(bridgeId);
  await user.selectOptions(bridge, 'Lions Gate');
  await within(section).findByRole('cell', { name: 'North bearings' }, { timeout: 4000 });
  return { user, section, calls };
}

describe('Maintenance in Bridge Management (issue 15)', () => {
  it('lists a bridge’s events and records a sensor re-zero, naming the alerts it cleared', async () => {
    const { user, section, calls } = await open(true);
    expect(within(section).getByRole('cell', { name: 'Bearing replacement' })).toBeVisible();
    expect(within(section).getByRole('cell', { name: 'Whole bridge' })).toBeVisible();

    await user.selectOptions(within(section).getByLabelText('Kind'), 'Sensor re-zero');
    await user.click(within(section).getByRole('button', { name: 'Record maintenance' }));
    expect(
      await within(section).findByText('Choose the sensor that was re-zeroed or replaced'),
    ).toBeVisible();
    expect(calls.posted).toEqual([]);

    const sensor = within(section).getByLabelText('Sensor concerned');
    const firstSensor = within(sensor).getAllByRole('option')[1] as HTMLOptionElement;
    await user.selectOptions(sensor, firstSensor);
    await user.clear(within(section).getByLabelText('Date'));
    await user.type(within(section).getByLabelText('Date'), '2026-01-20');
    await user.type(within(section).getByLabelText('Note'), 'Offset reset on site');
    await user.click(within(section).getByRole('button', { name: 'Record maintenance' }));
    await waitFor(() =>
      expect(calls.posted).toEqual([
        {
          occurred_on: '2026-01-20',
          kind: 'sensor_rezero',
          sensor: Number(firstSensor.value),
          span: null,
          note: 'Offset reset on site',
          out_of_service: null,
        },
      ]),
    );
    expect(await screen.findByText('Maintenance recorded; 2 alerts cleared')).toBeVisible();
    expect(
      await within(section).findByRole('cell', { name: 'Offset reset on site' }),
    ).toBeVisible();

    await user.click(
      within(section).getByRole('button', { name: 'Delete maintenance of 2026-01-12' }),
    );
    await waitFor(() => expect(calls.deleted).toEqual(['1']));
  }, 30_000);

  it('refuses a date after today before asking the server', async () => {
    const { user, section, calls } = await open(true);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await user.clear(within(section).getByLabelText('Date'));
    await user.type(within(section).getByLabelText('Date'), tomorrow);
    await user.click(within(section).getByRole('button', { name: 'Record maintenance' }));
    expect(await within(section).findByText('Date must not be after today')).toBeVisible();
    expect(calls.posted).toEqual([]);
  }, 30_000);

  it('records the works’ out-of-service window in local time and lists it', async () => {
    const { user, section, calls } = await open(true);
    const from = within(section).getByLabelText('Out of service from');
    const until = within(section).getByLabelText('Out of service until');
    await user.type(from, '2026-01-20T08:00');
    await user.click(within(section).getByRole('button', { name: 'Record maintenance' }));
    expect(
      await within(section).findByText('Give when the works end, or clear both times'),
    ).toBeVisible();
    await user.type(until, '2026-01-20T07:30');
    await user.click(within(section).getByRole('button', { name: 'Record maintenance' }));
    expect(await within(section).findByText('The end must be after the start')).toBeVisible();
    await user.clear(until);
    await user.type(until, '2026-02-25T12:00');
    await user.click(within(section).getByRole('button', { name: 'Record maintenance' }));
    expect(await within(section).findByText('Out of service for at most 31 days')).toBeVisible();
    expect(calls.posted).toEqual([]);

    await user.clear(until);
    await user.type(until, '2026-01-20T12:00');
    await user.click(within(section).getByRole('button', { name: 'Record maintenance' }));
    const window = {
      from: new Date(2026, 0, 20, 8).toISOString(),
      to: new Date(2026, 0, 20, 12).toISOString(),
    };
    await waitFor(() =>
      expect(calls.posted).toEqual([expect.objectContaining({ out_of_service: window })]),
    );
    const shown = `${formatDateTime(window.from)} to ${formatDateTime(window.to)}`;
    expect(await within(section).findByRole('cell', { name: shown })).toBeVisible();
  }, 30_000);

  it('shows other users the register without the form or delete', async () => {
    const { section } = await open(false);
    expect(within(section).queryByRole('button', { name: 'Record maintenance' })).toBeNull();
    expect(within(section).queryByRole('button', { name: /Delete maintenance/ })).toBeNull();
  });
});
