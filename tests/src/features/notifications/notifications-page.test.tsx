import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser } from '../../../helpers/web-fixtures';
import {
  PRAIRIE,
  grace,
  linus,
  prairieAdmin,
  signInToUserManagement,
  structuresRota,
} from '../users/company-dialog';

type CompanyDelivery = components['schemas']['CompanyDelivery'];
type CompanyEscalation = components['schemas']['CompanyEscalation'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 5000 });

const people = [prairieAdmin, grace, linus];
const humber = { id: 3, company_id: 2, name: 'Humber' };
const structures = structuresRota;
const sentEmail: CompanyDelivery = {
  id: 41,
  alert: 70,
  channel: 'email',
  tier: 2,
  reminder: 0,
  recipient: { id: 9, username: 'grace' },
  address: null,
  held_until: null,
  suppressed_by: null,
  state: 'sent',
  attempts: 1,
  message_id: '<a@spanwatch>',
  created_at: '2026-12-01T11:00:00Z',
  sent_at: '2026-12-01T11:00:04Z',
  provider_answer: '250 2.0.0 OK queued',
  last_error: null,
  bridge: 3,
  bridge_name: 'Humber',
  alert_type: 'Structural Warning',
  severity: 'Critical',
};
const failedText: CompanyDelivery = {
  ...sentEmail,
  id: 40,
  channel: 'sms',
  tier: 1,
  // Telling linus, of tier 1, that it went on to tier 2 (decision 080 (d)).
  escalated_to: 2,
  recipient: { id: 11, username: 'linus' },
  state: 'failed',
  sent_at: null,
  provider_answer: null,
  last_error: 'Provider answered 503',
};

const DEFAULT_ESCALATION = { tier2_minutes: 15, tier3_minutes: 60, reminder_minutes: 30 };
const defaultEscalation: CompanyEscalation = {
  company_id: 2,
  ...DEFAULT_ESCALATION,
  custom: false,
  defaults: DEFAULT_ESCALATION,
};

/** Prairie's notification set-up and its delivery log, recording the log's queries. */
function serveCompany(
  options: { deliveries?: () => Response; plan?: components['schemas']['ResponsePlan'] } = {},
) {
  const asked: URLSearchParams[] = [];
  const base = '/api/v1/companies/2';
  server.use(
    http.get(apiUrl(`${base}/escalation`), () => HttpResponse.json(defaultEscalation)),
    http.get(apiUrl(`${base}/settings`), () =>
      HttpResponse.json({
        company_id: 2,
        name: 'Prairie Crossings Ltd.',
        address: null,
        time_zone: 'America/Edmonton',
        units: 'metric',
        default_amber_percent: null,
        default_red_percent: null,
        has_logo: false,
      }),
    ),
    http.get(apiUrl('/api/v1/bridges/:id/response-plan'), ({ params }) =>
      HttpResponse.json(options.plan ?? { bridge: Number(params.id), amber: [], red: [] }),
    ),
    http.get(apiUrl(`${base}/rotas`), () => HttpResponse.json([structures])),
    http.get(apiUrl(`${base}/on-call`), () =>
      HttpResponse.json([
        {
          rota_id: 5,
          rota_name: 'Structures',
          user_id: 9,
          username: 'grace',
          until: '2026-12-07T14:00:00Z',
          override: false,
        },
      ]),
    ),
    http.get(apiUrl(`${base}/contact-groups`), () =>
      HttpResponse.json([{ id: 5, company_id: 2, name: 'Night crew', members: [9, 11] }]),
    ),
    http.get(apiUrl(`${base}/notification-rules`), () =>
      HttpResponse.json([
        {
          id: 8,
          company_id: 2,
          bridge_id: 3,
          alert_types: ['Structural Warning'],
          min_severity: 'Critical',
          group_id: 5,
          channels: ['email', 'sms'],
          tier: 2,
        },
      ]),
    ),
    http.get(apiUrl(`${base}/deliveries`), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      if (options.deliveries) return options.deliveries();
      const offset = Number(query.get('offset'));
      if (query.get('channel') === 'sms') {
        return HttpResponse.json({ items: [failedText], next_offset: null });
      }
      return HttpResponse.json(
        offset === 0
          ? { items: [sentEmail], next_offset: 25 }
          : { items: [failedText], next_offset: null },
      );
    }),
  );
  return { asked };
}

const section = (name: string) => screen.getByRole('region', { name });

/** The screen, once its frame is up (its sections load on their own). */
async function openScreen() {
  const view = await renderApp('/notifications');
  await screen.findByRole('heading', { level: 1, name: 'Notifications' });
  return view;
}

describe('Notifications screen', () => {
  // Only the clock is fixed (Tue 1 Dec 2026, 07:00 in Toronto); timers run as usual for msw.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows a company administrator who is on call now, until when on the rota’s clock', async () => {
    signInToUserManagement(server, prairieAdmin, { people, bridges: [humber] });
    serveCompany();
    await renderApp('/notifications');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifications' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Company: Prairie Crossings Ltd.')).toBeInTheDocument();
    const onCall = await within(section('On call now')).findByRole('list', {
      name: 'On call now',
    });
    expect(onCall).toHaveTextContent('Structures');
    expect(onCall).toHaveTextContent('grace');
    expect(onCall).toHaveTextContent('until Mon, Dec 7 09:00 (America/Toronto)');
    // The entry is in the top bar's menu for those who manage a company.
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('lists the contact groups and rules, and edits one in User Management’s dialog', async () => {
    signInToUserManagement(server, prairieAdmin, { people, bridges: [humber] });
    serveCompany();
    const user = userEvent.setup();
    await openScreen();

    const groups = await within(section('Contact groups')).findByRole('list', {
      name: 'Contact groups',
    });
    expect(groups).toHaveTextContent('Night crew');
    expect(groups).toHaveTextContent('grace, linus');
    const rules = await within(section('Notification rules')).findByRole('list', {
      name: 'Notification rules',
    });
    expect(rules).toHaveTextContent(
      'Critical and above: Structural Warning of Humber → Night crew by email, SMS at tier 2',
    );

    await user.click(screen.getByRole('button', { name: 'Edit Night crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact groups' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Night crew');
    // Leaving the form closes the dialog: the screen is the list.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows two weeks of who is on call, with the hand-off on its day, moved through by keys', async () => {
    signInToUserManagement(server, prairieAdmin, { people, bridges: [humber] });
    serveCompany();
    const user = userEvent.setup();
    await openScreen();

    const calendar = await screen.findByRole('grid', { name: 'On-call calendar of Structures' });
    const days = within(calendar).getAllByRole('gridcell');
    expect(days).toHaveLength(14);
    expect(days[0]).toHaveTextContent('Today, Tue, Dec 1grace');
    expect(days[0]).toHaveAttribute('aria-current', 'date');
    // Monday's hand-off at 09:00 Toronto time: grace until then, linus after.
    expect(days[6]).toHaveTextContent('Mon, Dec 7grace09:00 linus');
    expect(days[13]).toHaveTextContent('Mon, Dec 14linus09:00 ada');
    expect(screen.getByText("Times on the rota's clock: America/Toronto.")).toBeInTheDocument();

    // One day in the Tab order; arrows move a day or a week, End to the week's end.
    expect(days.filter((day) => day.tabIndex === 0)).toEqual([days[0]]);
    days[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(days[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(days[8]).toHaveFocus();
    await user.keyboard('{End}');
    expect(days[13]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(days[13]).toHaveFocus();
  });

  it('lists the delivery log newest first, pages it and filters it by channel', async () => {
    signInToUserManagement(server, prairieAdmin, { people, bridges: [humber] });
    const { asked } = serveCompany();
    const user = userEvent.setup();
    await openScreen();

    const log = section('Delivery log');
    const table = await within(log).findByRole('table', { name: 'Delivery log' });
    await within(table).findByText('250 2.0.0 OK queued');
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Humber');
    expect(row).toHaveTextContent('Critical Structural Warning');
    expect(row).toHaveTextContent('grace');
    expect(row).toHaveTextContent('Email');
    expect(row).toHaveTextContent('Tier 2');
    // One company's log is on the company's clock, named (11:00 UTC is 4:00 AM in Edmonton).
    expect(row).toHaveTextContent(/4:00 AM MST/);
    expect(log).toHaveTextContent("Times in America/Edmonton, the company's time zone.");
    expect(asked[0]?.get('limit')).toBe('25');

    await user.click(within(log).getByRole('button', { name: 'Older' }));
    expect(await within(table).findByText('Provider answered 503')).toBeInTheDocument();
    expect(within(table).getByText('Not sent')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Tier 1, told of tier 2');
    expect(asked.at(-1)?.get('offset')).toBe('25');
    expect(within(log).getByText('Entries 26–26')).toBeInTheDocument();

    await user.selectOptions(within(log).getByRole('combobox', { name: 'Channel' }), 'sms');
    await waitFor(() => expect(asked.at(-1)?.get('channel')).toBe('sms'));
    expect(asked.at(-1)?.get('offset')).toBe('0');
  });

  it('says so when the log is empty, and when it cannot be read', async () => {
    signInToUserManagement(server, prairieAdmin, { people, bridges: [humber] });
    serveCompany({ deliveries: () => HttpResponse.json({ items: [], next_offset: null }) });
    const first = await renderApp('/notifications');
    expect(
      await screen.findByText(/No notifications sent yet/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    first.unmount();

    serveCompany({ deliveries: () => HttpResponse.json({}, { status: 500 }) });
    await renderApp('/notifications');
    expect(await screen.findByText('Failed to load the delivery log')).toBeInTheDocument();
  });

  it('lets staff choose the company, and sends an operator to the map', async () => {
    const staff = aUser({ id: 1, username: 'sam', is_staff: true });
    signInToUserManagement(server, staff, {
      people: [staff, ...people],
      extra: [
        http.get(apiUrl('/api/v1/companies'), () =>
          HttpResponse.json([
            { id: 1, name: 'Northern Spans Ltd' },
            { id: 2, name: 'Prairie Crossings Ltd.' },
          ]),
        ),
        http.get(apiUrl('/api/v1/companies/1/*'), () => HttpResponse.json([])),
        http.get(apiUrl('/api/v1/companies/1/deliveries'), () =>
          HttpResponse.json({ items: [], next_offset: null }),
        ),
      ],
    });
    serveCompany();
    const user = userEvent.setup();
    const staffView = await renderApp('/notifications');
    const chooser = await screen.findByRole('combobox', { name: 'Company' });
    expect(await screen.findByText(/No rotas yet, so no one is on call/)).toBeInTheDocument();
    await user.selectOptions(chooser, '2');
    expect(await screen.findByText('until Mon, Dec 7 09:00 (America/Toronto)')).toBeInTheDocument();
    staffView.unmount();

    signInToUserManagement(server, aUser({ id: 30, username: 'olga', ...PRAIRIE }));
    const { router } = await renderApp('/notifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/map'));
  });

  it('shows the escalation in words and saves an edit from the keyboard, with a toast', async () => {
    signInToUserManagement(server, prairieAdmin, { people, bridges: [humber] });
    serveCompany();
    const sent: unknown[] = [];
    server.use(
      http.put(apiUrl('/api/v1/companies/2/escalation'), async ({ request }) => {
        const body = (await request.json()) as typeof DEFAULT_ESCALATION;
        sent.push(body);
        return HttpResponse.json({ ...defaultEscalation, ...body, custom: true });
      }),
    );
    const user = userEvent.setup();
    await openScreen();

    const escalation = section('Escalation');
    const words = await within(escalation).findByRole('list', { name: 'Escalation in force' });
    expect(words).toHaveTextContent(
      "Tier 2 (the company's administrators) after 15 minutes without acknowledgement.",
    );
    expect(words).toHaveTextContent(
      'Tier 3 (platform staff) after 1 hour without acknowledgement.',
    );
    expect(words).toHaveTextContent('A reminder every 30 minutes');
    expect(escalation).toHaveTextContent("The server's default escalation");
    expect(escalation).toHaveTextContent('A change applies to alerts raised after it');

    within(escalation).getByRole('button', { name: 'Edit escalation' }).focus();
    await user.keyboard('{Enter}');
    const tier2 = within(escalation).getByRole('spinbutton', { name: /Tier 2 after/ });
    await user.clear(tier2);
    await user.type(tier2, '5');
    await user.click(within(escalation).getByRole('checkbox', { name: /Send reminders/ }));
    expect(within(escalation).queryByRole('spinbutton', { name: /Reminder every/ })).toBeNull();
    await user.click(within(escalation).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Escalation saved')).toBeInTheDocument();
    expect(sent).toEqual([{ tier2_minutes: 5, tier3_minutes: 60, reminder_minutes: null }]);
    const saved = await within(escalation).findByRole('list', { name: 'Escalation in force' });
    expect(saved).toHaveTextContent('after 5 minutes without acknowledgement');
    expect(saved).toHaveTextContent('No reminders.');
    expect(escalation).toHaveTextContent("The company's own escalation.");
  });

  it('shows each problem beside its field, its own and the server’s', async () => {
    signInToUserManagement(server, prairieAdmin, { people, bridges: [humber] });
    serveCompany();
    let puts = 0;
    server.use(
      http.put(apiUrl('/api/v1/companies/2/escalation'), () => {
        puts += 1;
        return HttpResponse.json(
          { detail: 'reminder_minutes: a whole number of minutes from 5 to 1440, or none' },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    await openScreen();
    const escalation = section('Escalation');
    await user.click(await within(escalation).findByRole('button', { name: 'Edit escalation' }));

    const tier3 = within(escalation).getByRole('spinbutton', { name: /Tier 3 after/ });
    await user.clear(tier3);
    await user.type(tier3, '10');
    await user.click(within(escalation).getByRole('button', { name: 'Save' }));
    expect(tier3).toHaveAccessibleDescription('Must be later than tier 2 (15 minutes)');
    expect(tier3).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toBe(0);

    await user.clear(tier3);
    await user.type(tier3, '90');
    expect(tier3).not.toHaveAttribute('aria-invalid');
    // The server's refusal lands beside the field it names.
    await user.click(within(escalation).getByRole('button', { name: 'Save' }));
    const reminder = within(escalation).getByRole('spinbutton', { name: /Reminder every/ });
    await waitFor(() =>
      expect(reminder).toHaveAccessibleDescription(
        'A whole number of minutes from 5 to 1440, or none',
      ),
    );
    expect(puts).toBe(1);
    await user.click(within(escalation).getByRole('button', { name: 'Cancel' }));
    expect(
      await within(escalation).findByRole('list', { name: 'Escalation in force' }),
    ).toHaveTextContent('after 15 minutes');
  });
});

// Decision 077: each bridge's trigger-action-response plan, edited on the screen.
describe('Response plans on the Notifications screen', () => {
  const humberPlan = {
    bridge: 3,
    amber: [
      {
        text: 'Inspect the main span',
        due_hours: 72,
        owner_group: null,
        reminder_minutes: null,
        owner_name: 'Company administrators',
      },
    ],
    red: [],
  };

  it('shows the plan in words and saves an edit from the keyboard, with a toast', async () => {
    signInToUserManagement(server, prairieAdmin, { people, bridges: [humber] });
    serveCompany({ plan: humberPlan });
    const sent: unknown[] = [];
    server.use(
      http.put(apiUrl('/api/v1/bridges/3/response-plan'), async ({ request }) => {
        const body = (await request.json()) as { amber: unknown[]; red: unknown[] };
        sent.push(body);
        return HttpResponse.json({
          bridge: 3,
          amber: humberPlan.amber,
          red: [
            {
              text: 'Call the engineer of record',
              due_hours: 1,
              owner_group: 5,
              reminder_minutes: 10,
              owner_name: 'Night crew',
            },
          ],
        });
      }),
    );
    const user = userEvent.setup();
    await openScreen();
    const plans = section('Response plans');
    expect(await within(plans).findByRole('combobox', { name: 'Bridge' })).toHaveValue('3');
    const amber = await within(plans).findByRole('list', { name: 'amber level actions' });
    expect(amber).toHaveTextContent(
      'Inspect the main span, within 72 hours (Company administrators)',
    );
    expect(plans).toHaveTextContent('Red levelNo actions.');

    within(plans).getByRole('button', { name: 'Edit plan' }).focus();
    await user.keyboard('{Enter}');
    const form = within(plans).getByRole('form', { name: 'Edit response plan' });
    await user.click(within(form).getByRole('button', { name: 'Add red action' }));
    const red = within(form).getByRole('group', { name: 'Red action 1' });
    // Saved with an empty text: refused beside the field, in the server's words, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      within(red).getByRole('textbox', { name: 'Red action 1: what to do' }),
    ).toHaveAccessibleDescription(/1 to 200 characters, not only spaces/);
    expect(sent).toEqual([]);
    await user.type(
      within(red).getByRole('textbox', { name: 'Red action 1: what to do' }),
      'Call the engineer of record',
    );
    const due = within(red).getByRole('spinbutton', { name: 'Due within (hours)' });
    await user.clear(due);
    await user.type(due, '1');
    await user.selectOptions(within(red).getByRole('combobox', { name: 'Owner' }), 'Night crew');
    // Its own reminder interval (decision 077): under 5 minutes is refused beside the field.
    const every = within(red).getByRole('spinbutton', {
      name: "Remind every (minutes; empty: the alert's interval)",
    });
    await user.type(every, '3');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(every).toHaveAccessibleDescription(/^A whole number of minutes from 5 to 1440/);
    expect(sent).toEqual([]);
    await user.clear(every);
    await user.type(every, '10');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Response plan saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        amber: [
          {
            text: 'Inspect the main span',
            due_hours: 72,
            owner_group: null,
            reminder_minutes: null,
          },
        ],
        red: [
          {
            text: 'Call the engineer of record',
            due_hours: 1,
            owner_group: 5,
            reminder_minutes: 10,
          },
        ],
      },
    ]);
    const saved = await within(plans).findByRole('list', { name: 'red level actions' });
    expect(saved).toHaveTextContent(
      'Call the engineer of record, within 1 hour, reminders every 10 minutes once overdue (Night crew)',
    );
  });

  it('shows the server’s refusal beside the field it names', async () => {
    signInToUserManagement(server, prairieAdmin, { people, bridges: [humber] });
    serveCompany({ plan: humberPlan });
    server.use(
      http.put(apiUrl('/api/v1/bridges/3/response-plan'), () =>
        HttpResponse.json(
          { detail: "amber[0].owner_group: no contact group of the bridge's company with id 5" },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    await openScreen();
    const plans = section('Response plans');
    await within(plans).findByRole('list', { name: 'amber level actions' });
    await user.click(within(plans).getByRole('button', { name: 'Edit plan' }));
    const form = within(plans).getByRole('form', { name: 'Edit response plan' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const amber = within(form).getByRole('group', { name: 'Amber action 1' });
    await waitFor(() =>
      expect(within(amber).getByRole('combobox', { name: 'Owner' })).toHaveAccessibleDescription(
        /No contact group of the bridge's company with id 5/i,
      ),
    );
  });
});
