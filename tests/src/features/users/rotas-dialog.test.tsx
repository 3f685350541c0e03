import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { aUser } from '../../../helpers/web-fixtures';
import { fill } from './fill';
import {
  descriptionOf,
  grace,
  linus,
  openCompanyDialog,
  prairieAdmin,
  signInToUserManagement,
  structuresRota,
} from './company-dialog';

type Rota = components['schemas']['Rota'];
type RotaInput = components['schemas']['RotaInput'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 5000 });

const admin = prairieAdmin;
const people = [
  admin,
  grace,
  linus,
  // Another company's user: never offered as a member.
  aUser({ id: 20, username: 'outsider', email: 'o@example.test' }),
];

const structures = structuresRota;

interface Sent {
  method: string;
  path: string;
  body?: RotaInput;
}

/** The server's rotas for a company: keeps what is written, or answers `refuse` instead. */
function serveRotas(companyId: number, stored: Rota[], refuse?: () => Response) {
  const sent: Sent[] = [];
  let rotas = [...stored];
  let nextId = 40;
  const base = `/api/v1/companies/${String(companyId)}/rotas`;
  server.use(
    http.get(apiUrl(base), () => HttpResponse.json(rotas)),
    http.post(apiUrl(base), async ({ request }) => {
      const body = (await request.json()) as RotaInput;
      sent.push({ method: 'POST', path: base, body });
      if (refuse) return refuse();
      const rota = { ...body, id: (nextId += 1), company_id: companyId } as Rota;
      rota.overrides = (body.overrides ?? []).map((o) => ({ ...o, reason: o.reason ?? '' }));
      rotas = [...rotas, rota];
      return HttpResponse.json(rota, { status: 201 });
    }),
    http.put(apiUrl(`${base}/:rotaId`), async ({ request, params }) => {
      const body = (await request.json()) as RotaInput;
      sent.push({ method: 'PUT', path: `${base}/${String(params.rotaId)}`, body });
      if (refuse) return refuse();
      const rota = { ...body, id: Number(params.rotaId), company_id: companyId } as Rota;
      rota.overrides = (body.overrides ?? []).map((o) => ({ ...o, reason: o.reason ?? '' }));
      rotas = rotas.map((r) => (r.id === rota.id ? rota : r));
      return HttpResponse.json(rota);
    }),
    http.delete(apiUrl(`${base}/:rotaId`), ({ params }) => {
      sent.push({ method: 'DELETE', path: `${base}/${String(params.rotaId)}` });
      rotas = rotas.filter((r) => r.id !== Number(params.rotaId));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

const signedInAs = (user = admin) => signInToUserManagement(server, user, { people });

/** User Management, then its On-call rotas dialog once the rotas (or `loaded`) have come. */
const openDialog = (loaded?: RegExp) =>
  openCompanyDialog('On-call rotas', (dialog) =>
    loaded
      ? within(dialog).findByText(loaded)
      : within(dialog).findByRole('list', { name: 'Rotas' }),
  );

const membersOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Members in turn order' }))
    .getAllByRole('listitem')
    .map((item) => item.firstChild?.textContent);

const NO_ROTAS = /^No rotas yet\./;

beforeEach(() => signedInAs());

describe('On-call rotas (User Management)', () => {
  it("says when the company keeps no rota yet, and names the administrator's company", async () => {
    serveRotas(2, []);
    const { dialog } = await openDialog(NO_ROTAS);

    expect(within(dialog).getByText(NO_ROTAS)).toBeInTheDocument();
    expect(within(dialog).getByText('Company: Prairie Crossings Ltd.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Company')).not.toBeInTheDocument();
  });

  it('says so when the rotas cannot be read', async () => {
    server.use(
      http.get(apiUrl('/api/v1/companies/2/rotas'), () =>
        HttpResponse.json({ detail: 'The database is busy' }, { status: 503 }),
      ),
    );
    const { dialog } = await openDialog(/The database is busy/);
    expect(within(dialog).getByRole('button', { name: 'Add rota' })).toBeDisabled();
  });

  it('creates a rota with members in order and an override on its own clock', async () => {
    const sent = serveRotas(2, []);
    const { user, dialog } = await openDialog(NO_ROTAS);

    await user.click(within(dialog).getByRole('button', { name: 'Add rota' }));
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await fill(user, within(dialog).getByLabelText('Name'), 'Night structures');
    await user.selectOptions(within(dialog).getByLabelText('Rotation'), 'daily');
    fireEvent.change(within(dialog).getByLabelText('Hand-off time'), {
      target: { value: '18:30' },
    });
    await user.selectOptions(within(dialog).getByLabelText('Time zone'), 'Europe/London');
    fireEvent.change(within(dialog).getByLabelText('First turn on'), {
      target: { value: '2026-12-01' },
    });
    const addMember = within(dialog).getByLabelText('Add a member');
    expect(within(addMember).queryByRole('option', { name: 'outsider' })).not.toBeInTheDocument();
    for (const name of ['linus', 'grace']) {
      await user.selectOptions(addMember, name);
      await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    }
    expect(membersOf(dialog)).toEqual(['1. linus', '2. grace']);

    await user.click(within(dialog).getByRole('button', { name: 'Add override' }));
    const override = within(dialog).getByRole('group', { name: 'Override 1' });
    await user.selectOptions(within(override).getByLabelText('Person'), 'ada');
    fireEvent.change(within(override).getByLabelText('From'), {
      target: { value: '2026-12-24T18:30' },
    });
    fireEvent.change(within(override).getByLabelText('Until'), {
      target: { value: '2026-12-27T18:30' },
    });
    await fill(user, within(override).getByLabelText('Reason (optional)'), 'Holiday swap');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Rota saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/v1/companies/2/rotas',
        body: {
          name: 'Night structures',
          rotation: 'daily',
          hand_off_time: '18:30',
          time_zone: 'Europe/London',
          starts_on: '2026-12-01',
          members: [11, 9],
          // London's clock is UTC in December.
          overrides: [
            {
              user_id: 7,
              from: '2026-12-24T18:30:00.000Z',
              to: '2026-12-27T18:30:00.000Z',
              reason: 'Holiday swap',
            },
          ],
        },
      },
    ]);
    const list = await within(dialog).findByRole('list', { name: 'Rotas' });
    expect(list).toHaveTextContent('Night structures');
    expect(list).toHaveTextContent('Daily, hand-off 18:30 Europe/London · 2 members · 1 override');
  });

  it('reorders the members from the keyboard and saves the new turn order', async () => {
    const sent = serveRotas(2, [structures]);
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Edit Structures' }));
    expect(membersOf(dialog)).toEqual(['1. ada', '2. grace', '3. linus']);
    within(dialog).getByRole('button', { name: 'Move linus up' }).focus();
    await user.keyboard('{Enter}');
    expect(membersOf(dialog)).toEqual(['1. ada', '2. linus', '3. grace']);
    // Focus stays with the moved person: once more moves linus to the top.
    expect(within(dialog).getByRole('button', { name: 'Move linus up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(membersOf(dialog)).toEqual(['1. linus', '2. ada', '3. grace']);
    // At the top its Up is disabled, so focus moves to its Down.
    expect(within(dialog).getByRole('button', { name: 'Move linus down' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Remove grace' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Rota saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/v1/companies/2/rotas/5',
        body: {
          name: 'Structures',
          rotation: 'weekly',
          hand_off_time: '09:00',
          time_zone: 'America/Toronto',
          starts_on: '2026-11-02',
          members: [11, 7],
          overrides: [],
        },
      },
    ]);
  });

  it("shows the server's refusal beside the field it names, and keeps the dialog open", async () => {
    const sent = serveRotas(2, [structures], () =>
      HttpResponse.json({ detail: 'members: no user with id 9 in this company' }, { status: 400 }),
    );
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Edit Structures' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const picker = within(dialog).getByLabelText('Add a member');
    await waitFor(() => expect(picker).toHaveAttribute('aria-invalid', 'true'));
    expect(descriptionOf(picker)).toBe('No user with id 9 in this company');
    expect(sent).toHaveLength(1);
    expect(screen.queryByText('Rota saved')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('form', { name: 'Edit Structures' })).toBeInTheDocument();
  });

  it("shows an override's refusal beside that override's field", async () => {
    serveRotas(2, [structures], () =>
      HttpResponse.json(
        { detail: 'overrides[0].user_id: no user with id 7 in this company' },
        { status: 400 },
      ),
    );
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Edit Structures' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add override' }));
    const override = within(dialog).getByRole('group', { name: 'Override 1' });
    // The form's own check first: an override without its times is not sent.
    await user.selectOptions(within(override).getByLabelText('Person'), 'ada');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(descriptionOf(within(override).getByLabelText('From'))).toBe('Enter when it begins');

    fireEvent.change(within(override).getByLabelText('From'), {
      target: { value: '2026-12-24T09:00' },
    });
    fireEvent.change(within(override).getByLabelText('Until'), {
      target: { value: '2026-12-24T08:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(descriptionOf(within(override).getByLabelText('Until'))).toBe('Must be after its from');

    fireEvent.change(within(override).getByLabelText('Until'), {
      target: { value: '2026-12-26T09:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const person = within(override).getByLabelText('Person');
    await waitFor(() => expect(person).toHaveAttribute('aria-invalid', 'true'));
    expect(descriptionOf(person)).toBe('No user with id 7 in this company');
  });

  it('deletes a rota only once the deletion is confirmed', async () => {
    const sent = serveRotas(2, [structures]);
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Delete Structures' }));
    expect(within(dialog).getByText(/^Delete the rota/)).toHaveTextContent(
      'Delete the rota Structures?',
    );
    // The safe choice first.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    expect(within(dialog).getByRole('list', { name: 'Rotas' })).toHaveTextContent('Structures');

    await user.click(within(dialog).getByRole('button', { name: 'Delete Structures' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Rota deleted')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', path: '/api/v1/companies/2/rotas/5' }]);
    expect(await within(dialog).findByText(NO_ROTAS)).toBeInTheDocument();
  });

  it('lets platform staff choose the company whose rotas they edit', async () => {
    signedInAs(aUser({ id: 1, username: 'root', is_staff: true, company: 'Northern Spans Ltd' }));
    server.use(
      http.get(apiUrl('/api/v1/companies'), () =>
        HttpResponse.json([
          { id: 1, name: 'Northern Spans Ltd' },
          { id: 2, name: 'Prairie Crossings Ltd.' },
        ]),
      ),
    );
    serveRotas(1, []);
    serveRotas(2, [structures]);
    const { user, dialog } = await openDialog(NO_ROTAS);

    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Company' }),
      'Prairie Crossings Ltd.',
    );
    expect(await within(dialog).findByRole('list', { name: 'Rotas' })).toHaveTextContent(
      'Weekly, hand-off 09:00 America/Toronto · 3 members · 0 overrides',
    );
  });
});
