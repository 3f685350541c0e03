import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defaultReportMonth,
  lastFullMonth,
} from '../../../../src/features/dashboard/monthly-report-button';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { cbStream, confederation, serveDashboard } from './fixtures';

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

// jsdom has no object URLs; saving a blob needs them.
const createObjectURL = vi.fn(() => 'blob:report');
const revokeObjectURL = vi.fn();
let click: ReturnType<typeof vi.spyOn>;
let savedAs: string[] = [];
beforeEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  savedAs = [];
  click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    savedAs.push(this.download);
  });
});
afterEach(() => {
  createObjectURL.mockClear();
  click.mockRestore();
});

describe('Download monthly report', () => {
  it('defaults to the last full month, across a year boundary too', () => {
    expect(lastFullMonth(new Date('2026-01-15T12:00:00Z'))).toBe('2025-12');
    expect(lastFullMonth(new Date('2026-11-30T23:59:59Z'))).toBe('2026-10');
  });

  it.each([
    ['data this month: this month', '2026-11-03T08:00:00Z', '2026-11'],
    ['data last in September: September', '2026-09-30T23:59:00Z', '2026-09'],
    ['the month of the sample in UTC', '2026-10-31T23:30:00-02:00', '2026-11'],
    ['a sample ahead of the clock: this month', '2027-01-02T00:00:00Z', '2026-11'],
    ['no data at all: the last full month', null, '2026-10'],
  ])('opens on the month of the newest data (%s)', (_case, lastData, expected) => {
    expect(defaultReportMonth(new Date('2026-11-29T12:00:00Z'), lastData)).toBe(expected);
  });

  it.each([
    ['this month', 0],
    ['two months ago', 2],
  ])(
    "opens the dashboard's picker on the month of the bridge's newest sample (%s)",
    async (_case, monthsAgo) => {
      const now = new Date();
      const sampled = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1, 6));
      serveDashboard(server, { datastreams: [{ ...cbStream, last_seen: sampled.toISOString() }] });
      await renderApp(`/dashboard?bridge=${confederation.id}`);
      expect(await screen.findByLabelText('Report month')).toHaveValue(
        sampled.toISOString().slice(0, 7),
      );
    },
    30_000,
  );

  it('opens on the last full month for a bridge that never sent data', async () => {
    serveDashboard(server, { datastreams: [{ ...cbStream, last_seen: null, sample_count: 0 }] });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    expect(await screen.findByLabelText('Report month')).toHaveValue(lastFullMonth(new Date()));
  }, 30_000);

  it('downloads the chosen month as a PDF through the API with the bearer token', async () => {
    const asked: string[] = [];
    serveDashboard(server);
    server.use(
      http.get(apiUrl('/api/v1/bridges/:id/report'), ({ request, params }) => {
        const url = new URL(request.url);
        asked.push(
          `${String(params.id)} ${url.searchParams.get('month')} ${url.searchParams.get('tz')} ${request.headers.get('Authorization')}`,
        );
        return new HttpResponse('%PDF-1.3\n', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const field = await screen.findByLabelText('Report month');

    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '2026-03');
    await user.click(screen.getByRole('button', { name: 'Download monthly report' }));
    await waitFor(() => expect(savedAs).toEqual(['Confederation-Bridge-2026-03.pdf']));
    // The reader's own time zone goes with it, so the PDF's times read like the dashboard's.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(asked).toEqual([`${confederation.id} 2026-03 ${zone} Bearer access-1`]);
    // The whole dashboard renders around the button: slow on a loaded machine.
  }, 30_000);

  it("writes the PDF's times in the zone of the company that owns the bridge, as the dashboard does", async () => {
    const zones: (string | null)[] = [];
    serveDashboard(server, {
      bridges: [{ ...confederation, display: { time_zone: 'America/Halifax', units: 'metric' } }],
    });
    server.use(
      http.get(apiUrl('/api/v1/bridges/:id/report'), ({ request }) => {
        zones.push(new URL(request.url).searchParams.get('tz'));
        return new HttpResponse('%PDF-1.3\n', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Download monthly report' }));
    await waitFor(() => expect(savedAs).toHaveLength(1));
    expect(zones).toEqual(['America/Halifax']);
  }, 30_000);

  it("shows the server's refusal and saves nothing", async () => {
    serveDashboard(server);
    server.use(
      http.get(apiUrl('/api/v1/bridges/:id/report'), () =>
        HttpResponse.json({ detail: 'month: 2031-01 is in the future' }, { status: 400 }),
      ),
    );
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Download monthly report' }));
    expect(await screen.findByText(/Failed to download the report|2031-01/)).toBeInTheDocument();
    expect(savedAs).toEqual([]);
  }, 30_000);
});
