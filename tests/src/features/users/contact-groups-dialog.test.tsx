import { configure, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { aUser } from '../../../helpers/web-fixtures';
import { fill } from './fill';
import { PRAIRIE, openCompanyDialog, prairieAdmin, signInToUserManagement } from './company-dialog';

type ContactGroup = components['schemas']['ContactGroup'];
type NotificationRule = components['schemas']['NotificationRule'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 5000 });

const people = [
  prairieAdmin,
  aUser({ id: 9, username: 'grace', email: 'grace@example.test', ...PRAIRIE }),
  aUser({ id: 20, username: 'outsider', email: 'o@example.test' }),
];
const humber = { id: 3, company_id: 2, name: 'Humber' };
const structures: ContactGroup = { id: 5, company_id: 2, name: 'Structures', members: [9] };
const criticalRule: NotificationRule = {
  id: 8,
  company_id: 2,
  bridge_id: 3,
  alert_types: ['Structural Warning'],
  min_severity: 'Critical',
  group_id: 5,
  channels: ['email'],
  tier: 1,
};

/** The company's groups and rules; records what is sent, or answers `refuse` to rule writes. */
function serveRouting(groups: ContactGroup[], rules: NotificationRule[], refuse?: () => Response) {
  const sent: { method: string; path: string; body?: unknown }[] = [];
  const base = '/api/v1/companies/2';
  server.use(
    http.get(apiUrl(`${base}/contact-groups`), () => HttpResponse.json(groups)),
    http.get(apiUrl(`${base}/notification-rules`), () => HttpResponse.json(rules)),
    http.post(apiUrl(`${base}/contact-groups`), async ({ request }) => {
      const body = (await request.json()) as { name: string; members: number[] };
      sent.push({ method: 'POST', path: 'contact-groups', body });
      return HttpResponse.json({ ...body, id: 41, company_id: 2 }, { status: 201 });
    }),
    http.post(apiUrl(`${base}/notification-rules`), async ({ request }) => {
      const body = await request.json();
      sent.push({ method: 'POST', path: 'notification-rules', body });
      if (refuse) return refuse();
      return HttpResponse.json({ ...criticalRule, id: 42 }, { status: 201 });
    }),
  );
  return sent;
}

beforeEach(() => signInToUserManagement(server, prairieAdmin, { people, bridges: [humber] }));

const openDialog = () =>
  openCompanyDialog('Contact groups', (dialog) =>
    within(dialog).findByRole('heading', { name: 'Rules' }),
  );

describe('Contact groups (User Management)', () => {
  it('lists the groups with their members and the rules in words', async () => {
    serveRouting([structures], [criticalRule]);
    const { dialog } = await openDialog();
    const groups = await within(dialog).findByRole('list', { name: 'Contact groups' });
    expect(within(groups).getByText('Structures')).toBeInTheDocument();
    expect(within(groups).getByText('grace')).toBeInTheDocument();
    const rules = within(dialog).getByRole('list', { name: 'Notification rules' });
    expect(
      within(rules).getByText(
        'Critical and above: Structural Warning of Humber → Structures by email at tier 1',
      ),
    ).toBeInTheDocument();
  });

  it("adds a group of the company's people, never another company's", async () => {
    const sent = serveRouting([], []);
    const { user, dialog } = await openDialog();
    await within(dialog).findByText('No contact groups yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Add group' }));
    // The button that opened the form is gone: focus moves into the form, not to the page.
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await fill(user, within(dialog).getByLabelText('Name'), 'Night desk');
    const members = within(dialog).getByRole('group', { name: 'Members' });
    expect(within(members).queryByLabelText('outsider')).not.toBeInTheDocument();
    await user.click(within(members).getByLabelText('grace'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ name: 'Night desk', members: [9] });
  });

  it("shows a rule's refusals beside their fields: a channel first, then the server's bridge", async () => {
    const sent = serveRouting([structures], [], () =>
      HttpResponse.json(
        { detail: 'bridge_id: no bridge with id 3 in this company' },
        { status: 400 },
      ),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    const form = within(dialog).getByRole('form', { name: 'New notification rule' });
    await user.selectOptions(within(form).getByLabelText('Contact group'), 'Structures');
    await user.selectOptions(within(form).getByLabelText('Bridge'), 'Humber');
    const channels = within(form).getByRole('group', { name: 'Channels' });
    // Only the channels a rule changes: the bell and the webhook already get every alert.
    expect(
      within(channels)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Email', 'SMS']);
    expect(channels).toHaveAccessibleDescription(/told in the app.*webhook receives every alert/);
    await user.click(within(channels).getByLabelText('Email'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(channels).findByText('Choose at least one channel')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.click(within(channels).getByLabelText('SMS'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      bridge_id: 3,
      alert_types: null,
      min_severity: 'Critical',
      group_id: 5,
      channels: ['sms'],
      tier: 1,
    });
    const bridge = within(form).getByLabelText('Bridge');
    await waitFor(() =>
      expect(bridge).toHaveAccessibleDescription(/no bridge with id 3 in this company/i),
    );
  });
});
