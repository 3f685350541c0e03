import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAlert, confederation, serveDashboard } from './fixtures';

type S = components['schemas'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

const halifax = {
  ...confederation,
  display: { time_zone: 'America/Halifax', units: 'metric' as const },
};
const alert = anAlert({
  id: 44,
  type: 'Trigger level crossed',
  severity: 'High',
  message:
    'Trigger level crossed against reference version 1: s1-acc.f1 −5.5 % ± 0.1 % (red, −5 %)',
});

function anAction(overrides: Partial<S['AlertAction']> & Pick<S['AlertAction'], 'id'>) {
  return {
    alert: alert.id,
    level: 'red' as const,
    text: 'Restrict traffic to one lane',
    owner_name: 'Company administrators',
    due_at: '2099-01-01T12:00:00.000Z',
    done_at: null,
    done_by: null,
    comment: null,
    ...overrides,
  };
}

async function openActions(actions: S['AlertAction'][]) {
  serveDashboard(server, {
    bridges: [halifax],
    alerts: [alert],
    actions: { [alert.id]: actions },
  });
  await renderApp(`/dashboard?bridge=${confederation.id}`);
  await screen.findByRole('list', { name: 'Active alerts' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'View Details' }));
  const dialog = screen.getByRole('dialog', { name: 'Alert details' });
  const article = within(dialog).getByRole('article', { name: 'Trigger level crossed' });
  const list = await within(article).findByRole('list', { name: 'Required actions' });
  return { user, list };
}

// Decision 077: the alert dialog lists what the trigger level required, and ticks it off.
describe('the alert dialog’s required actions', () => {
  it('lists each action with its owner, its due time in the company zone, Overdue, and who did it', async () => {
    const { list } = await openActions([
      anAction({
        id: 1,
        level: 'amber',
        text: 'Inspect the main span',
        due_at: '2026-11-20T13:00:00.000Z',
      }),
      anAction({
        id: 2,
        text: 'Call the engineer of record',
        owner_name: 'Engineers of record',
        due_at: '2026-11-20T10:00:00.000Z',
        done_at: '2026-11-20T09:45:00.000Z',
        done_by: { id: 3, username: 'demo-operator' },
        comment: 'Called Dr. Okafor',
      }),
      anAction({ id: 3 }),
    ]);
    const [inspect, call, restrict] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(inspect).toHaveTextContent('Inspect the main span Overdue');
    // 13:00 UTC is 09:00 in Halifax (AST) in November.
    expect(inspect).toHaveTextContent(
      'Amber level · Owner: Company administrators · Due Nov 20, 2026, 9:00 AM AST',
    );
    expect(call).not.toHaveTextContent('Overdue');
    expect(call).toHaveTextContent('Owner: Engineers of record');
    expect(call).toHaveTextContent(
      'Done by demo-operator, Nov 20, 2026, 5:45 AM AST: Called Dr. Okafor',
    );
    expect(within(call as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(restrict).not.toHaveTextContent('Overdue');
    expect(
      within(restrict as HTMLElement).getByRole('button', {
        name: 'Mark done: Restrict traffic to one lane',
      }),
    ).toBeInTheDocument();
  });

  it('ticks an action off from the keyboard with a required comment', async () => {
    let sent: unknown;
    let done = false;
    const { user, list } = await openActions([anAction({ id: 3 })]);
    server.use(
      http.post(apiUrl('/api/v1/alerts/:id/actions/:action/complete'), async ({ request }) => {
        sent = await request.json();
        done = true;
        return HttpResponse.json(anAction({ id: 3 }));
      }),
      http.get(apiUrl('/api/v1/alerts/:id/actions'), () =>
        HttpResponse.json([
          done
            ? anAction({
                id: 3,
                done_at: '2026-11-20T10:00:00.000Z',
                done_by: { id: 3, username: 'demo-operator' },
                comment: 'Lane 2 closed',
              })
            : anAction({ id: 3 }),
        ]),
      ),
    );
    within(list).getByRole('button', { name: 'Mark done: Restrict traffic to one lane' }).focus();
    await user.keyboard('{Enter}');
    const form = within(list).getByRole('form', {
      name: 'Mark done: Restrict traffic to one lane',
    });
    const comment = within(form).getByRole('textbox', { name: 'What was done' });
    expect(comment).toHaveFocus();
    // Saved empty: refused beside the field, nothing sent.
    await user.keyboard('{Tab}{Enter}');
    expect(comment).toHaveAccessibleDescription('Comment is required: say what was done');
    expect(sent).toBeUndefined();
    await user.click(comment);
    await user.keyboard('Lane 2 closed');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText(/Done by demo-operator/)).toHaveTextContent(
      'Done by demo-operator, Nov 20, 2026, 6:00 AM AST: Lane 2 closed',
    );
    expect(sent).toEqual({ comment: 'Lane 2 closed' });
  });

  it('asks for no actions on alerts of other types', async () => {
    serveDashboard(server, { alerts: [anAlert({ id: 45 })] });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    await screen.findByRole('list', { name: 'Active alerts' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'View Details' }));
    const dialog = screen.getByRole('dialog', { name: 'Alert details' });
    expect(within(dialog).queryByText('Required actions')).not.toBeInTheDocument();
  });
});
