import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, setupMswServer } from '../../helpers/msw';
import { renderApp } from '../../helpers/render-app';
import { aUser, storeTokens } from '../../helpers/web-fixtures';

const server = setupMswServer();

beforeEach(() => {
  server.use(
    http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json([])),
    http.get(apiUrl('/api/v1/spans'), () => HttpResponse.json([])),
    http.get(apiUrl('/api/v1/sensors'), () => HttpResponse.json([])),
    http.get(apiUrl('/api/v1/datastreams'), () => HttpResponse.json([])),
    http.get(apiUrl('/api/v1/users'), () => HttpResponse.json([])),
  );
});

function signedInAs(user = aUser()) {
  storeTokens();
  server.use(http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(user)));
}

const mainMenu = () => screen.getByRole('navigation', { name: 'Main menu' });

describe('the signed-in frame', () => {
  it("carries the map sidebar's entries and Inspections on the other screens, Users and Notifications for those who manage a company, Operations and Audit log for staff only", async () => {
    signedInAs(aUser({ is_staff: true }));
    await renderApp('/bridges');
    await screen.findByRole('heading', { level: 1, name: 'Bridge Management' });

    const links = within(mainMenu()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Bridge Locations',
      'Bridges',
      'Users',
      'Notifications',
      'Inspections',
      'Operations',
      'Audit log',
    ]);
    expect(within(mainMenu()).getByRole('link', { name: 'Bridges' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
  });

  it('leaves the navigation to the sidebar on the map', async () => {
    signedInAs();
    await renderApp('/map');
    await screen.findByRole('navigation', { name: 'Map menu' });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Settings' })).toHaveLength(1);
  });

  it('skips to the content and moves focus to the heading of the next screen', async () => {
    signedInAs();
    const user = userEvent.setup();
    const { router } = await renderApp('/bridges');
    await screen.findByRole('heading', { level: 1, name: 'Bridge Management' });

    await user.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(screen.getByRole('main')).toHaveFocus();

    await user.click(within(mainMenu()).getByRole('link', { name: 'Bridge Locations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/map'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Bridge Locations' })).toHaveFocus(),
    );
  });

  it("keeps a signed-in user's 404 in the frame, with the way back to the map", async () => {
    signedInAs();
    const user = userEvent.setup();
    const { router } = await renderApp('/no/such/page');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Bridge Management System')).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('link', { name: 'Back to the map' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/map'));
  });
});
