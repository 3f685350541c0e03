import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { confederation, serveDashboard } from './fixtures';

const server = setupMswServer();
configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  // jsdom has no object URLs; the prediction image needs them.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
});

/** The hand-off as the reader's clock shows it, as the line writes it. */
const clock = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

describe('On call now on the dashboard', () => {
  it("names who is on call in the bridge's company and until when", async () => {
    const until = new Date(Date.now() + 3 * 3_600_000).toISOString();
    let askedFor = '';
    serveDashboard(server);
    server.use(
      http.get(apiUrl('/api/v1/companies/:id/on-call'), ({ params }) => {
        askedFor = String(params.id);
        return HttpResponse.json([
          {
            rota_id: 1,
            rota_name: 'Structures',
            user_id: 7,
            username: 'ada',
            until,
            override: false,
          },
          // An empty rota names no one and says nothing.
          {
            rota_id: 2,
            rota_name: 'Empty',
            user_id: null,
            username: null,
            until: null,
            override: false,
          },
        ]);
      }),
    );
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const list = await screen.findByRole('list', { name: 'On call' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`On call now: ada until ${clock(until)}`]);
    expect(askedFor).toBe(String(confederation.company_id));
  }, 30_000);

  it('shows nothing when no one is on call', async () => {
    let answered = false;
    serveDashboard(server);
    server.use(
      http.get(apiUrl('/api/v1/companies/:id/on-call'), () => {
        answered = true;
        return HttpResponse.json([]);
      }),
    );
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    await screen.findByRole('heading', { name: 'Evidence' });
    await waitFor(() => expect(answered).toBe(true));
    expect(screen.queryByRole('list', { name: 'On call' })).toBeNull();
  }, 30_000);
});
