import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../helpers/render-app';

describe('unknown paths', () => {
  it('show "Page not found" with a link home', async () => {
    await renderApp('/no/such/page');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it('lead back to the home page', async () => {
    const { router } = await renderApp('/solutions/no-such-solution');

    await userEvent.click(await screen.findByRole('link', { name: 'Go back home' }));

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Bridge health, watched around the clock',
    );
    expect(router.state.location.pathname).toBe('/');
  });
});
