import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../../domain/formats';
import { BridgesFailed, BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { fill } from '../users/fill';
import { renderPage } from '../users/render-page';
import { lionsGate, serveStructures } from './fixtures';

const server = setupMswServer();

async function open(isStaff = true) {
  serveStructures(server);
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff={isStaff} />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  return user;
}

const headers = () =>
  screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
const cellsOfColumn = (index: number) =>
  within(screen.getAllByRole('rowgroup')[1] ?? document.body)
    .getAllByRole('row')
    .map((r) => within(r).getAllByRole('cell')[index]?.textContent);

describe('Bridge Management for staff', () => {
  it('shows four tabs and the bridges with their actions', async () => {
    await open();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Bridge Management' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Bridges',
      'Spans',
      'Sensors',
      'Datastreams',
    ]);
    expect(headers()).toEqual([
      'Name',
      'Location',
      'Structure Type',
      'Status',
      'Condition',
      'Actions',
    ]);
    expect(screen.getByRole('button', { name: 'Add Bridge' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DASHBOARD' })).toHaveAttribute('href', '/map');
  });

  it("links each bridge's name to its dashboard, the name travelling with the id", async () => {
    await open();
    expect(screen.getByRole('link', { name: 'Lions Gate' })).toHaveAttribute(
      'href',
      '/dashboard?bridge=1&name=Lions+Gate',
    );
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = await open();
    screen.getByRole('tab', { name: 'Bridges' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Spans' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Spans' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Datastreams' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('views the spans of a bridge, offers Add Span, and a tab switch clears the selection', async () => {
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'View spans of Lions Gate' }));
    expect(screen.getByRole('tab', { name: 'Spans' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Bridge')).toHaveDisplayValue('Lions Gate');
    expect(cellsOfColumn(1)).toEqual(['north_span']);
    expect(screen.getByRole('button', { name: 'Add Span' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Sensors' }));
    await user.click(screen.getByRole('tab', { name: 'Spans' }));
    expect(screen.getByLabelText('Bridge')).toHaveDisplayValue('All bridges');
    expect(cellsOfColumn(1)).toEqual(['north_span', 'main_span']);
    // The spec shows Add Span only once a bridge is selected; a line says what to select.
    expect(screen.queryByRole('button', { name: 'Add Span' })).not.toBeInTheDocument();
    expect(screen.getByText('Select a bridge to add a span')).toBeInTheDocument();
  });

  it("shows sensors with 'Under Maintenance' and data streams with 'Unknown'", async () => {
    const user = await open();
    await user.click(screen.getByRole('tab', { name: 'Sensors' }));
    expect(headers()).toEqual(['Bridge', 'Span', 'Sensor ID', 'Type', 'Status', 'Actions']);
    expect(cellsOfColumn(4)).toEqual(['Under Maintenance']);
    await user.click(screen.getByRole('tab', { name: 'Datastreams' }));
    expect(headers()).toEqual([
      'Stream ID',
      'Data Type',
      'Sensors',
      'Bridge',
      'Span',
      'Last seen',
      'Samples',
      'Twin gauge',
      'Actions',
    ]);
    expect(cellsOfColumn(2)).toEqual(['LG-ACC-1', 'Unknown']);
    expect(cellsOfColumn(3)).toEqual(['Lions Gate', 'Unknown']);
    expect(cellsOfColumn(5)).toEqual([formatDateTime('2026-11-20T08:00:00.000Z'), 'Never']);
    expect(cellsOfColumn(6)).toEqual(['360000', '0']);
  });

  it("writes a stream's last-seen time in its bridge company's zone, named (decision 064)", async () => {
    serveStructures(server);
    const vancouver = {
      ...lionsGate,
      display: { time_zone: 'America/Vancouver', units: 'metric' },
    };
    server.use(http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json([vancouver])));
    const user = userEvent.setup();
    renderPage(() => <BridgesPage isStaff />);
    await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
    await user.click(screen.getByRole('tab', { name: 'Datastreams' }));
    // 08:00 UTC on 20 November is midnight in Vancouver (PST, UTC−8).
    expect(cellsOfColumn(5)).toEqual(['Nov 20, 2026, 12:00 AM PST', 'Never']);
  });

  it('checks the bridge form, then creates the bridge from typed coordinates', async () => {
    const user = await open();
    let body: unknown;
    server.use(
      http.post(apiUrl('/api/v1/bridges/create'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 3 }, { status: 201 });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Add Bridge' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Bridge' });
    await fill(user, within(dialog).getByLabelText('Latitude'), '91');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const text of [
      'Please select a bridge',
      'Location description is required',
      'Construction date is required',
      'Latitude must be between -90 and 90',
      'Longitude is required',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(body).toBeUndefined();

    await user.selectOptions(within(dialog).getByLabelText('Bridge name'), 'Pont Champlain');
    await fill(user, within(dialog).getByLabelText('Location Description'), 'Montreal');
    await fill(user, within(dialog).getByLabelText('Construction date'), '2019-06-28');
    await user.clear(within(dialog).getByLabelText('Latitude'));
    await fill(user, within(dialog).getByLabelText('Latitude'), '45.4862');
    await fill(user, within(dialog).getByLabelText('Longitude'), '-73.5264');
    expect(within(dialog).getByText('Selected position: 45.4862, -73.5264')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Bridge created successfully');
    expect(body).toEqual({
      name: 'Pont Champlain',
      location: 'Montreal',
      construction_date: '2019-06-28',
      length_per_span: null,
      location_on_map: '45.4862,-73.5264',
      latitude: 45.4862,
      longitude: -73.5264,
    });
  });

  it("says 'Failed to save bridge' when the server refuses an edit", async () => {
    const user = await open();
    server.use(
      http.put(apiUrl('/api/v1/bridges/1/update'), () =>
        HttpResponse.json({ detail: 'no' }, { status: 400 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Lions Gate' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Bridge' });
    expect(within(dialog).getByLabelText('Bridge name')).toHaveDisplayValue('Lions Gate');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save bridge');
  });

  it('checks and creates a span, and reports a failed one', async () => {
    const user = await open();
    let body: unknown;
    server.use(
      http.post(apiUrl('/api/v1/spans/create'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { id: 13, bridge: 1, span_id: 'west_span', length: 45.5 },
          { status: 201 },
        );
      }),
    );
    await user.click(screen.getByRole('button', { name: 'View spans of Lions Gate' }));
    await user.click(screen.getByRole('button', { name: 'Add Span' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText('Span ID')).toHaveAttribute(
      'placeholder',
      'e.g. west_span',
    );
    expect(within(dialog).getByLabelText('Span Length (m)')).toHaveAttribute('step', '0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Span ID is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Span length is required')).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('Span ID'), 'west_span');
    await fill(user, within(dialog).getByLabelText('Span Length (m)'), '45.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Span created successfully');
    expect(body).toEqual({ bridge: 1, span_id: 'west_span', length: 45.5 });
  });

  it('checks the sensor form and creates the sensor on the chosen span', async () => {
    const user = await open();
    let body: unknown;
    server.use(
      http.post(apiUrl('/api/v1/sensors/create'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ detail: 'sensor_id exists' }, { status: 400 });
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Spans' }));
    await user.click(screen.getByRole('button', { name: 'Add a sensor to main_span' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const text of [
      'Sensor ID is required',
      'Type is required',
      'Status is required',
      'Installation date is required',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('option', { name: 'Under Maintenance' })).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Sensor ID'), 'CB-T-1');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'temperature');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'active');
    await fill(user, within(dialog).getByLabelText('Installation date'), '2025-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create sensor');
    expect(body).toMatchObject({
      bridge: 2,
      span: 12,
      sensor_id: 'CB-T-1',
      type: 'temperature',
      status: 'active',
      manufacturer: null,
    });
  });

  it("creates a data stream for a sensor and shows the server's detail when refused", async () => {
    const user = await open();
    server.use(
      http.post(apiUrl('/api/v1/datastreams/create'), () =>
        HttpResponse.json({ detail: "stream_id 'LG-acc-x' already exists" }, { status: 400 }),
      ),
      http.put(apiUrl('/api/v1/sensors/assign'), () =>
        HttpResponse.json({ id: 32, stream_id: 'orphan', data_type: 'strain', sensors: [21] }),
      ),
    );
    await user.click(screen.getByRole('tab', { name: 'Sensors' }));
    await user.selectOptions(screen.getByLabelText('Sensor'), 'LG-ACC-1');
    await user.click(screen.getByRole('button', { name: 'Add DataStream' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Datastream for LG-ACC-1' });
    expect(within(dialog).getByLabelText('Create New')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create Datastream' }));
    expect(within(dialog).getByText('Stream ID is required')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Stream ID'), 'LG-acc-x');
    await user.selectOptions(within(dialog).getByLabelText('Data Type'), 'acceleration');
    await user.click(within(dialog).getByRole('button', { name: 'Create Datastream' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "stream_id 'LG-acc-x' already exists",
    );

    await user.click(within(dialog).getByLabelText('Assign Existing'));
    await user.selectOptions(
      within(dialog).getByLabelText('Existing datastream'),
      'orphan (strain)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Assign Sensor' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sensor assigned successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  // Decision 052: the step the stream's values are stored on, sent only when typed.
  it('creates a data stream with the resolution typed, refusing one that is no step', async () => {
    const user = await open();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/api/v1/datastreams/create'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { id: 40, stream_id: 'LG-sg-1', data_type: 'strain', sensors: [21], resolution: 0.01 },
          { status: 201 },
        );
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Sensors' }));
    await user.selectOptions(screen.getByLabelText('Sensor'), 'LG-ACC-1');
    await user.click(screen.getByRole('button', { name: 'Add DataStream' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Datastream for LG-ACC-1' });
    await fill(user, within(dialog).getByLabelText('Stream ID'), 'LG-acc-1');
    await user.selectOptions(within(dialog).getByLabelText('Data Type'), 'acceleration');
    const resolution = within(dialog).getByLabelText('Resolution (optional)');
    await fill(user, resolution, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create Datastream' }));
    expect(
      within(dialog).getByText('Resolution must be a step above 0, such as 0.01, or left empty'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await fill(user, resolution, '0.001');
    await user.click(within(dialog).getByRole('button', { name: 'Create Datastream' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Datastream created successfully');
    expect(bodies).toEqual([
      { stream_id: 'LG-acc-1', data_type: 'acceleration', sensors: [21], resolution: 0.001 },
    ]);
  });

  // Decision 052: a current stream's step changed later applies to what is stored next.
  it("changes a current stream's resolution in place, refusing one that is no step", async () => {
    const user = await open();
    const bodies: unknown[] = [];
    server.use(
      http.patch(apiUrl('/api/v1/datastreams/31'), async ({ request }) => {
        const body = (await request.json()) as { resolution: number | null };
        bodies.push(body);
        return HttpResponse.json({
          id: 31,
          stream_id: 'LG-acc-x',
          data_type: 'acceleration',
          sensors: [21],
          resolution: body.resolution,
        });
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Sensors' }));
    await user.selectOptions(screen.getByLabelText('Sensor'), 'LG-ACC-1');
    await user.click(screen.getByRole('button', { name: 'Add DataStream' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Datastream for LG-ACC-1' });
    await user.click(await within(dialog).findByRole('button', { name: 'Change resolution' }));
    const form = within(dialog).getByRole('form', { name: 'Resolution of LG-acc-x' });
    expect(form).toHaveTextContent('values stored already keep their form');
    await fill(user, within(form).getByLabelText('New resolution'), '-1');
    await user.click(within(form).getByRole('button', { name: 'Save resolution' }));
    expect(
      within(form).getByText('Resolution must be a step above 0, such as 0.01, or left empty'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.clear(within(form).getByLabelText('New resolution'));
    await fill(user, within(form).getByLabelText('New resolution'), '0.01');
    await user.click(within(form).getByRole('button', { name: 'Save resolution' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'LG-acc-x now stores new values to the nearest 0.01',
    );
    expect(bodies).toEqual([{ resolution: 0.01 }]);
    expect(within(dialog).queryByRole('form', { name: 'Resolution of LG-acc-x' })).toBeNull();
    // The dialog itself stays open: changing a step is not the dialog's create or assign.
    expect(screen.getByRole('dialog', { name: 'Manage Datastream for LG-ACC-1' })).toBeVisible();
  });

  it('names what is attached when a delete is refused and deletes everything only when asked', async () => {
    const user = await open();
    const urls: string[] = [];
    server.use(
      http.delete(apiUrl('/api/v1/bridges/1/delete'), ({ request }) => {
        urls.push(new URL(request.url).search);
        return request.url.includes('cascade=true')
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json(
              { detail: "Bridge 'Lions Gate' still has 1 span and 1 sensor attached" },
              { status: 409 },
            );
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Lions Gate' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'still has 1 span and 1 sensor attached',
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Delete with everything attached' }),
    );

    expect(await screen.findByRole('status')).toHaveTextContent('Bridge deleted successfully');
    expect(urls).toEqual(['', '?cascade=true']);
  });

  it("says 'Failed to fetch spans' when a list fails", async () => {
    serveStructures(server);
    server.use(
      http.get(apiUrl('/api/v1/spans'), () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPage(() => <BridgesPage isStaff />, { errorComponent: () => <BridgesFailed isStaff /> });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch spans');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // The lists that came are shown.
    expect(await screen.findByRole('cell', { name: 'Lions Gate' })).toBeInTheDocument();
  });
});

describe('Bridge Management for other users', () => {
  it('shows read-only tables: no Actions column and no add buttons', async () => {
    const user = await open(false);
    expect(headers()).toEqual(['Name', 'Location', 'Structure Type', 'Status', 'Condition']);
    expect(screen.queryByRole('button', { name: 'Add Bridge' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Spans' }));
    await user.selectOptions(screen.getByLabelText('Bridge'), 'Lions Gate');
    expect(screen.queryByRole('button', { name: 'Add Span' })).not.toBeInTheDocument();
    expect(headers()).toEqual(['Bridge', 'Span ID', 'Length (m)']);
    await user.click(screen.getByRole('tab', { name: 'Sensors' }));
    await user.selectOptions(screen.getByLabelText('Sensor'), 'LG-ACC-1');
    expect(screen.queryByRole('button', { name: 'Add DataStream' })).not.toBeInTheDocument();
  });
});
