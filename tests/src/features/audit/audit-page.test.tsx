import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../../src/api/queries/audit';
import { AuditPage } from '../../../../src/features/audit/audit-page';
import type { AuditSearch } from '../../../../src/features/audit/audit-search';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { UsersPage } from '../../../../src/features/users/users-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { aUser } from '../../../helpers/web-fixtures';
import { serveStructures } from '../bridges/fixtures';
import { renderPage } from '../users/render-page';

const server = setupMswServer();

const renamed: AuditEntry = {
  id: 2,
  at: '2026-11-20T09:30:00.000Z',
  actor_id: 1,
  actor: 'admin',
  operation: 'updateSensor',
  action: 'update',
  object_type: 'sensor',
  object_id: '21',
  record: 'sensors',
  changes: { status: { before: 'active', after: 'maintenance' } },
};
const calibrated: AuditEntry = {
  ...renamed,
  id: 1,
  operation: 'addSensorCalibration',
  action: 'create',
  record: 'sensor_calibrations',
  changes: { calibrated_on: { before: null, after: '2026-11-01' } },
};
const passwordChange: AuditEntry = {
  ...renamed,
  id: 3,
  object_type: 'user',
  object_id: '7',
  record: 'users',
  changes: { password_hash: 'changed' },
};

/** Serves the log and records each request's query, as the page sent it. */
function serveAudit(items: AuditEntry[], total = items.length) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/api/v1/audit'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const page = Number(query.get('page'));
      return HttpResponse.json({
        items,
        total,
        page,
        page_size: Number(query.get('page_size')),
      });
    }),
    http.get(apiUrl('/api/v1/users'), () =>
      HttpResponse.json([aUser({ id: 1, username: 'admin' }), aUser()]),
    ),
  );
  return queries;
}

function Harness({ initial }: { initial: AuditSearch }) {
  const [search, setSearch] = useState(initial);
  return <AuditPage search={search} onSearch={setSearch} />;
}

async function open(initial: AuditSearch = {}) {
  const user = userEvent.setup();
  renderPage(() => <Harness initial={initial} />);
  await screen.findByRole('heading', { level: 1, name: 'Audit log' });
  return user;
}

const bodyRows = () =>
  within(screen.getAllByRole('rowgroup')[1] ?? document.body).getAllByRole('row');

describe('Audit log view', () => {
  it('lists each change with its user, object and fields before → after, secrets as changed', async () => {
    serveAudit([renamed, calibrated, passwordChange]);
    await open();
    expect(await screen.findByText('active → maintenance')).toBeInTheDocument();
    const [first, second] = bodyRows().map((row) => within(row));
    expect(first?.getByRole('cell', { name: 'Sensor 21' })).toBeInTheDocument();
    expect(first?.getByRole('cell', { name: 'admin' })).toBeInTheDocument();
    expect(first?.getByRole('cell', { name: 'updateSensor' })).toBeInTheDocument();
    expect(
      second?.getByRole('cell', { name: 'Sensor 21 (sensor_calibrations)' }),
    ).toBeInTheDocument();
    expect(second?.getByText('— → 2026-11-01')).toBeInTheDocument();
    expect(bodyRows()[2]).toHaveTextContent('password_hash: changed');
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
    // Entries of many companies: the times are the reader's, and the page says so.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone.replace(/_/g, ' ');
    expect(screen.getByText(`Times in your time zone (${zone}).`)).toBeInTheDocument();
  });

  it('names the object and the records an id points to, keeping the id beside the name', async () => {
    const acknowledged: AuditEntry = {
      ...renamed,
      id: 4,
      operation: 'acknowledgeAlert',
      object_type: 'alert',
      object_id: '2',
      record: 'alerts',
      changes: {
        state: { before: 'active', after: 'acknowledged' },
        acknowledged_by: { before: null, after: 7 },
        bridge_id: { before: 3, after: 9 },
      },
      object_name: 'Structural Warning, Lions Gate Bridge',
      names: {
        acknowledged_by: { before: null, after: 'operator' },
        bridge_id: { before: null, after: 'Lions Gate Bridge' },
      },
    };
    serveAudit([acknowledged]);
    await open();
    expect(await screen.findByText('— → operator (7)')).toBeInTheDocument();
    const row = within(bodyRows()[0] ?? document.body);
    expect(
      row.getByRole('cell', { name: 'Alert 2 · Structural Warning, Lions Gate Bridge' }),
    ).toBeInTheDocument();
    // A record deleted since keeps its bare id.
    expect(row.getByText('3 → Lions Gate Bridge (9)')).toBeInTheDocument();
  });

  it("reads a removed inspection photo's entry: its inspection, file name, size and type (decision 053)", async () => {
    const photoRemoved: AuditEntry = {
      ...renamed,
      id: 5,
      actor: 'fieldstaff',
      operation: 'deleteInspectionPhoto',
      action: 'delete',
      object_type: 'bridge',
      object_id: '3',
      record: 'inspection_photos',
      changes: {
        id: { before: 12, after: null },
        inspection_id: { before: 5, after: null },
        file_name: { before: 'inspection-photo-12.jpg', after: null },
        content_type: { before: 'image/jpeg', after: null },
        size_bytes: { before: 412000, after: null },
        created_by: { before: 4, after: null },
      },
      object_name: 'Ambassador',
      names: {
        inspection_id: { before: 'routine inspection of 2026-11-20 by F. Inspector', after: null },
        created_by: { before: 'fieldstaff', after: null },
      },
    };
    serveAudit([photoRemoved]);
    await open();
    expect(await screen.findByText('inspection-photo-12.jpg → —')).toBeInTheDocument();
    const row = within(bodyRows()[0] ?? document.body);
    expect(
      row.getByRole('cell', { name: 'Bridge 3 · Ambassador (inspection_photos)' }),
    ).toBeInTheDocument();
    expect(
      row.getByText('routine inspection of 2026-11-20 by F. Inspector (5) → —'),
    ).toBeInTheDocument();
    expect(row.getByText('image/jpeg → —')).toBeInTheDocument();
    expect(row.getByText('412000 → —')).toBeInTheDocument();
    expect(row.getByText('fieldstaff (4) → —')).toBeInTheDocument();
  });

  it('filters by object, user and period, and sends them to the API', async () => {
    const queries = serveAudit([renamed]);
    const user = await open();
    await screen.findByText('active → maintenance');
    await user.selectOptions(screen.getByLabelText('Object type'), 'sensor');
    await user.type(screen.getByLabelText('Object ID'), '21');
    await user.selectOptions(await screen.findByLabelText('User'), 'admin');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(queries).toHaveLength(2));
    const sent = queries[1] ?? new URLSearchParams();
    expect(sent.get('object_type')).toBe('sensor');
    expect(sent.get('object_id')).toBe('21');
    expect(sent.get('actor')).toBe('1');
    // Whole local days: from the first day's midnight to the midnight after the last.
    expect(sent.get('from')).toBe(new Date(2026, 10, 1).toISOString());
    expect(sent.get('to')).toBe(new Date(2026, 11, 1).toISOString());
  });

  it('asks for the object type with an object id, and fetches nothing until it is given', async () => {
    const queries = serveAudit([renamed]);
    const user = await open();
    await screen.findByText('active → maintenance');
    await user.type(screen.getByLabelText('Object ID'), '21');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('Choose the object type too')).toBeInTheDocument();
    expect(queries).toHaveLength(1);
  });

  it('opens filtered on one object, as a History link leads to it', async () => {
    const queries = serveAudit([calibrated]);
    await open({ object_type: 'sensor', object_id: 21 });
    await screen.findByText('— → 2026-11-01');
    expect(queries[0]?.get('object_type')).toBe('sensor');
    expect(queries[0]?.get('object_id')).toBe('21');
    expect(screen.getByLabelText('Object type')).toHaveDisplayValue('Sensor');
    expect(screen.getByLabelText('Object ID')).toHaveValue('21');
  });

  it('pages through the server: Next asks for page 2', async () => {
    const queries = serveAudit([renamed], 120);
    const user = await open();
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('Showing 51–51 of 120')).toBeInTheDocument();
  });

  it('exports the filtered log as CSV from audit.csv', async () => {
    serveAudit([renamed]);
    let csvQuery: URLSearchParams | undefined;
    server.use(
      http.get(apiUrl('/api/v1/audit.csv'), ({ request }) => {
        csvQuery = new URL(request.url).searchParams;
        return new HttpResponse('id,at\n2,2026-11-20\n', {
          headers: { 'content-type': 'text/csv' },
        });
      }),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:audit');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const user = await open({ object_type: 'sensor', object_id: 21 });
    await screen.findByText('active → maintenance');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(csvQuery?.get('object_id')).toBe('21');
    const blob = createObjectURL.mock.calls[0]?.[0] ?? new Blob();
    expect(await blob.text()).toBe('id,at\n2,2026-11-20\n');
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it('shows the server’s refusal', async () => {
    server.use(
      http.get(apiUrl('/api/v1/audit'), () =>
        HttpResponse.json({ detail: 'from: must be before to' }, { status: 400 }),
      ),
      http.get(apiUrl('/api/v1/users'), () => HttpResponse.json([])),
    );
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('from: must be before to');
  });
});

describe('History row actions', () => {
  it('link each user to the audit view filtered on that user', async () => {
    server.use(http.get(apiUrl('/api/v1/users'), () => HttpResponse.json([aUser()])));
    renderPage(() => <UsersPage />);
    const link = await screen.findByRole('link', { name: 'History of ada' });
    expect(link).toHaveAttribute('href', '/audit?object_type=user&object_id=7');
    // The spec's own actions stay as they were.
    expect(screen.getByRole('button', { name: 'Edit ada' })).toBeInTheDocument();
  });

  it.each([
    ['Bridges', 'History of Lions Gate', 'bridge', 1],
    ['Spans', 'History of north_span', 'span', 11],
    ['Sensors', 'History of LG-ACC-1', 'sensor', 21],
    ['Datastreams', 'History of LG-acc-x', 'datastream', 31],
  ])('link each row of the %s tab to its history', async (tab, name, type, id) => {
    serveStructures(server);
    server.use(http.get(apiUrl('/api/v1/sensors/21/calibrations'), () => HttpResponse.json([])));
    const user = userEvent.setup();
    renderPage(() => <BridgesPage isStaff />);
    await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
    await user.click(screen.getByRole('tab', { name: tab }));
    expect(await screen.findByRole('link', { name })).toHaveAttribute(
      'href',
      `/audit?object_type=${type}&object_id=${id}`,
    );
  });
});
