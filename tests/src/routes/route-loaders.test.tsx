import { configure, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { holdUntilAllArrive } from '../../helpers/hold-requests';
import { apiUrl, setupMswServer } from '../../helpers/msw';
import { renderApp } from '../../helpers/render-app';
import { aUser, storeTokens } from '../../helpers/web-fixtures';

const server = setupMswServer();
configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  storeTokens();
  server.use(
    http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser({ is_staff: true }))),
    http.get(apiUrl('/api/v1/:list'), () => HttpResponse.json([])),
    http.get(apiUrl('/api/v1/inspection-calendar'), () =>
      HttpResponse.json({ month: '2026-11', entries: [] }),
    ),
  );
});

const listOf = (request: Request) => new URL(request.url).pathname.replace('/api/v1/', '');

describe('route loaders (issue 17)', () => {
  it("Bridge Management's four lists start together with the route", async () => {
    const lists = ['bridges', 'spans', 'sensors', 'datastreams'];
    const group = holdUntilAllArrive(server, lists, listOf);
    await renderApp('/bridges');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await vi.waitFor(() => expect(group.together()).toEqual([...lists].sort()));
  });

  it('Inspections waits for the bridge list and shows the route error page when it fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      http.get(apiUrl('/api/v1/bridges'), () =>
        HttpResponse.json({ detail: 'Database away' }, { status: 500 }),
      ),
    );
    await renderApp('/inspections');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    warn.mockRestore();
  });
});
