import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import type { components } from '../../../../openapi/schema';
import { apiUrl } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser, storeTokens } from '../../../helpers/web-fixtures';

type User = components['schemas']['User'];
type Bridge = components['schemas']['Bridge'];
type Rota = components['schemas']['Rota'];

/** The demo's second company, whose administrator the company dialogs are mostly tested as. */
export const PRAIRIE = { company: 'Prairie Crossings Ltd.', company_id: 2 };
export const prairieAdmin = aUser({ id: 7, username: 'ada', is_company_admin: true, ...PRAIRIE });
/** Two of its operators, who take turns on its rota with the administrator. */
export const grace = aUser({ id: 9, username: 'grace', email: 'grace@example.test', ...PRAIRIE });
export const linus = aUser({ id: 11, username: 'linus', email: 'linus@example.test', ...PRAIRIE });

/** Prairie's weekly rota: ada, grace, linus, handing off on Mondays at 09:00 Toronto time. */
export const structuresRota: Rota = {
  id: 5,
  company_id: 2,
  name: 'Structures',
  rotation: 'weekly',
  hand_off_time: '09:00',
  time_zone: 'America/Toronto',
  starts_on: '2026-11-02',
  members: [7, 9, 11],
  overrides: [],
};

/**
 * Signs `user` in on User Management: the people it lists (the user alone unless given), the
 * bridges, nobody on call, and whatever else a dialog needs (`extra`).
 */
export function signInToUserManagement(
  server: SetupServer,
  user: User,
  options: { people?: User[]; bridges?: Partial<Bridge>[]; extra?: RequestHandler[] } = {},
) {
  storeTokens();
  server.use(
    http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(user)),
    http.get(apiUrl('/api/v1/users'), () => HttpResponse.json(options.people ?? [user])),
    http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json(options.bridges ?? [])),
    http.get(apiUrl('/api/v1/companies/:id/on-call'), () => HttpResponse.json([])),
    ...(options.extra ?? []),
  );
}

/**
 * User Management, then the company dialog its button `name` opens, once `loaded` finds what
 * says the dialog's data has come.
 */
export async function openCompanyDialog(
  name: string,
  loaded: (dialog: HTMLElement) => Promise<unknown>,
) {
  const user = userEvent.setup();
  const view = await renderApp('/users');
  await user.click(await screen.findByRole('button', { name }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name }, { timeout: 5000 });
  await loaded(dialog);
  return { user, dialog, ...view };
}

/** The text a field's description (its hint or error) gives. */
export const descriptionOf = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
