import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, setupMswServer } from '../../helpers/msw';
import { renderApp } from '../../helpers/render-app';
import { aUser, storeTokens } from '../../helpers/web-fixtures';

const server = setupMswServer();

let auditQueries: URLSearchParams[] = [];
beforeEach(() => {
  auditQueries = [];
  server.use(
    http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json([])),
    http.get(apiUrl('/api/v1/users'), () => HttpResponse.json([])),
    http.get(apiUrl('/api/v1/audit'), ({ request }) => {
      auditQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ items: [], total: 0, page: 1, page_size: 50 });
    }),
  );
});

function signedInAs(user = aUser()) {
  storeTokens();
  server.use(http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(user)));
}

describe('/audit', () => {
  it('sends a signed-in user who is not staff to /map', async () => {
    signedInAs(aUser({ is_staff: false }));
    const { router } = await renderApp('/audit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/map'));
    expect(auditQueries).toHaveLength(0);
  });

  it('opens for staff from the top bar, filtered by what the URL names', async () => {
    signedInAs(aUser({ is_staff: true }));
    await renderApp('/audit?object_type=sensor&object_id=21&page=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await screen.findByText('No changes match these filters.');
    expect(auditQueries[0]?.get('object_type')).toBe('sensor');
    expect(auditQueries[0]?.get('object_id')).toBe('21');
  });
});
