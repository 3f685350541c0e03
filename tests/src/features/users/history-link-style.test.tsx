import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { UsersPage } from '../../../../src/features/users/users-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { aUser, storeTokens } from '../../../helpers/web-fixtures';
import { renderPage } from './render-page';

const server = setupMswServer();

// What makes a control look like a button rather than a line of link text.
const LOOK = ['display', 'align-items', 'min-height', 'border', 'border-radius', 'padding-left'];

describe("a row's History action (issue 18 review)", () => {
  it('is boxed like the buttons beside it, without a link underline', async () => {
    storeTokens();
    server.use(
      http.get(apiUrl('/api/v1/users'), () => HttpResponse.json([aUser({ username: 'ada' })])),
    );
    renderPage(() => <UsersPage />);
    const history = await screen.findByRole('link', { name: 'History of ada' }, { timeout: 4000 });
    const edit = screen.getByRole('button', { name: 'Edit ada' });
    const look = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      return Object.fromEntries(
        LOOK.map((property) => [property, style.getPropertyValue(property)]),
      );
    };
    expect(look(history)).toEqual(look(edit));
    expect(look(edit).display).toBe('inline-flex');
    expect(getComputedStyle(history).textDecoration).toBe('none');
  });
});
