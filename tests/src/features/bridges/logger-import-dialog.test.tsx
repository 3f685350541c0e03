import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderPage } from '../users/render-page';
import { serveStructures } from './fixtures';

type Inspection = components['schemas']['LoggerFileInspection'];
const server = setupMswServer();

const QUESTION =
  "The times in column 'Time' read as 4 March 2026 as year-month-day (ymd) or 3 April 2026 as year-day-month (ydm). Give the date order.";

function inspectionFor(order: string | null): Inspection {
  return {
    format: 'csv',
    format_name: 'generic CSV',
    encoding: 'Latin-1',
    time_column: 'Time',
    date_order: order === null ? null : (order as Inspection['date_order']),
    date_order_choices: order === null ? ['ymd', 'ydm'] : [],
    date_order_question: order === null ? QUESTION : null,
    rate_hz: order === null ? 0 : 100,
    columns: [
      { key: '#2', header: 'Strain (um/m)', name: 'Strain', unit: 'µm/m' },
      { key: '#3', header: 'Temp [°C]', name: 'Temp', unit: '°C' },
    ],
    preview: [
      { time: '2026-03-04 10:00:00.00', cells: ['1.5', '20.1'] },
      { time: '2026-03-04 10:00:00.01', cells: ['1.7', '20.1'] },
    ],
  };
}

async function openDialog() {
  serveStructures(server);
  const imports: URL[] = [];
  server.use(
    http.post(apiUrl('/api/v1/bridges/1/imports/inspect'), ({ request }) =>
      HttpResponse.json(inspectionFor(new URL(request.url).searchParams.get('date_order'))),
    ),
    // The import goes by XMLHttpRequest from the page's own origin (its upload progress).
    http.post('*/api/v1/bridges/1/imports', ({ request }) => {
      imports.push(new URL(request.url));
      return HttpResponse.json({
        format_name: 'generic CSV',
        date_order: 'ymd',
        rate_hz: 100,
        rows: 3000,
        samples: 2999,
        stored_samples: 2999,
        duplicate_samples: 0,
        error_count: 1,
        errors: [{ line: 7, message: "'x5' in column 'Strain (um/m)' is not a number" }],
      });
    }),
  );
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  await user.click(screen.getByRole('button', { name: 'Import logger file into Lions Gate' }));
  const dialog = screen.getByRole('dialog', { name: 'Import logger file into Lions Gate' });
  return { user, dialog, imports };
}

const file = () => new File(['Time,Strain (um/m),Temp [°C]\n'], 'log.csv', { type: 'text/csv' });

describe('importing a logger file from Bridge Management (issue 34)', () => {
  it('shows the file as found, asks the date order, maps a column and lists the row errors', async () => {
    const { user, dialog, imports } = await openDialog();
    const importButton = within(dialog).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Logger file'), file());

    expect(await within(dialog).findByText('generic CSV')).toBeVisible();
    expect(within(dialog).getByText('Latin-1')).toBeVisible();
    expect(within(dialog).getByText(QUESTION)).toBeVisible();
    const columns = within(dialog).getByRole('table', { name: 'Columns' });
    expect(within(columns).getByRole('rowheader', { name: 'Strain' })).toBeVisible();
    expect(within(columns).getByRole('cell', { name: 'µm/m' })).toBeVisible();
    const preview = within(dialog).getByRole('table', { name: 'Preview' });
    expect(within(preview).getByRole('cell', { name: '2026-03-04 10:00:00.01' })).toBeVisible();

    await user.selectOptions(within(dialog).getByLabelText('Data stream for Strain'), 'LG-acc-x');
    expect(importButton).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Date order'), 'year-month-day');
    expect(await within(dialog).findByText('100 Hz')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const summary = await within(dialog).findByRole('region', { name: 'Import summary' });
    expect(within(summary).getByText('2999')).toBeVisible();
    expect(
      within(summary).getByText("Line 7: 'x5' in column 'Strain (um/m)' is not a number"),
    ).toBeVisible();
    expect(imports).toHaveLength(1);
    expect(imports[0]?.searchParams.getAll('map')).toEqual(['#2=LG-acc-x']);
    expect(imports[0]?.searchParams.get('date_order')).toBe('ymd');
  });

  it("says why a file cannot be read, with the server's detail", async () => {
    const { user, dialog } = await openDialog();
    server.use(
      http.post(apiUrl('/api/v1/bridges/1/imports/inspect'), () =>
        HttpResponse.json(
          { detail: 'body: the file is a zip archive; unzip it and upload the file inside' },
          { status: 400 },
        ),
      ),
    );
    await user.upload(within(dialog).getByLabelText('Logger file'), file());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'the file is a zip archive; unzip it and upload the file inside',
    );
  });

  it('tells a bridge without data streams how to add one', async () => {
    serveStructures(server);
    const user = userEvent.setup();
    renderPage(() => <BridgesPage isStaff />);
    await screen.findByRole('cell', { name: 'Confederation' }, { timeout: 4000 });
    await user.click(screen.getByRole('button', { name: 'Import logger file into Confederation' }));
    expect(screen.getByText(/Confederation has no data streams yet/)).toBeVisible();
  });
});
