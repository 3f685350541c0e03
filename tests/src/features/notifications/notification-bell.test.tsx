import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser, storeTokens } from '../../../helpers/web-fixtures';
import { anAlert } from '../dashboard/fixtures';
import { formatDateTime } from '../../../../domain/formats';

type Notification = components['schemas']['Notification'];

const server = setupMswServer();

/** The server's side of the bell: two unread notifications; marking read is remembered. */
function serveNotifications() {
  const read = new Set<number>();
  const all: Notification[] = [
    {
      id: 12,
      kind: 'escalated',
      tier: 2,
      escalated_tier: null,
      escalated_at: null,
      read_at: null,
      created_at: '2026-11-29T01:15:00.000Z',
      alert: anAlert({ id: 7, severity: 'Critical', message: 'Shift 3.1σ above the 2σ trigger' }),
      bridge_visible: true,
    },
    {
      id: 11,
      kind: 'raised',
      tier: 1,
      // The operator told at the raise: their line says it went higher, as no news of its own.
      escalated_tier: 2,
      escalated_at: '2026-11-29T01:15:00.000Z',
      read_at: null,
      created_at: '2026-11-29T01:00:00.000Z',
      alert: anAlert({ id: 7, severity: 'Critical', message: 'Shift 3.1σ above the 2σ trigger' }),
      bridge_visible: true,
    },
  ];
  const current = () =>
    all.map((n) => (read.has(n.id) ? { ...n, read_at: '2026-11-29T01:20:00.000Z' } : n));
  server.use(
    http.get(apiUrl('/api/v1/notifications/unread-count'), () =>
      HttpResponse.json({ unread: all.length - read.size }),
    ),
    http.get(apiUrl('/api/v1/notifications'), () =>
      HttpResponse.json({ items: current(), next_before: null }),
    ),
    http.post(apiUrl('/api/v1/notifications/:id/read'), ({ params }) => {
      read.add(Number(params.id));
      return HttpResponse.json(current().find((n) => n.id === Number(params.id)));
    }),
    http.post(apiUrl('/api/v1/notifications/read-all'), () => {
      const marked = all.length - read.size;
      for (const n of all) read.add(n.id);
      return HttpResponse.json({ marked });
    }),
  );
  return read;
}

beforeEach(() => {
  storeTokens();
  server.use(
    http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser())),
    ...['bridges', 'spans', 'sensors', 'datastreams', 'users'].map((list) =>
      http.get(apiUrl(`/api/v1/${list}`), () => HttpResponse.json([])),
    ),
    http.get(apiUrl('/api/v1/companies/:id/on-call'), () => HttpResponse.json([])),
  );
});

/** The hand-off as the reader's clock shows it, as the line writes it. */
const clock = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

describe('the notifications bell', () => {
  it('says how many are unread, opens a list from the keyboard, marks one and then all read', async () => {
    const read = serveNotifications();
    const user = userEvent.setup();
    await renderApp('/bridges');

    await screen.findByRole('heading', { level: 1, name: 'Bridge Management' });
    // The count comes by its own request, after the screen's: allow a loaded machine its time.
    const bell = await screen.findByRole(
      'button',
      { name: 'Notifications, 2 unread' },
      { timeout: 5000 },
    );
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    bell.focus();
    await user.keyboard('{Enter}');
    expect(bell).toHaveAttribute('aria-expanded', 'true');

    const panel = screen.getByRole('region', { name: 'Notifications' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [escalated] = items;
    if (!escalated) throw new Error('no item');
    expect(escalated).toHaveTextContent('Critical: Anomaly Detection on Confederation Bridge');
    expect(escalated).toHaveTextContent('Shift 3.1σ above the 2σ trigger');
    expect(escalated).toHaveTextContent('Escalated to tier 2, not acknowledged');
    expect(within(escalated).getByRole('time')).toHaveAttribute(
      'datetime',
      '2026-11-29T01:15:00.000Z',
    );
    expect(escalated).not.toHaveTextContent('Since escalated');
    expect(items[1]).toHaveTextContent(
      `Raised ${formatDateTime('2026-11-29T01:00:00.000Z')}; since escalated to tier 2, not acknowledged`,
    );
    expect(
      within(escalated).getByRole('link', { name: "Open Confederation Bridge's dashboard" }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/dashboard\?bridge=\d+/));
    // The alert's own page, which whoever was told may open (decision 080).
    expect(within(escalated).getByRole('link', { name: 'Open the alert' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/alerts\/\d+$/),
    );

    await user.click(
      within(escalated).getByRole('button', {
        name: 'Mark read: Anomaly Detection on Confederation Bridge',
      }),
    );
    expect(read).toEqual(new Set([12]));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(read).toEqual(new Set([11, 12]));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
    // The whole SPA renders twice over here; on a loaded machine that passes the 5 s default.
  }, 20_000);

  it('names the overdue action and its owner on an action_overdue line (decision 077)', async () => {
    const overdue: Notification = {
      id: 21,
      kind: 'action_overdue',
      tier: 2,
      escalated_tier: null,
      escalated_at: null,
      read_at: null,
      created_at: '2026-11-29T04:00:00.000Z',
      alert: anAlert({ id: 7, type: 'Trigger level crossed', severity: 'Medium' }),
      bridge_visible: true,
      action: {
        id: 5,
        alert: 7,
        level: 'amber',
        text: 'Inspect the main span',
        owner_name: 'Inspection crew',
        due_at: '2026-11-29T03:00:00.000Z',
        done_at: null,
        done_by: null,
        comment: null,
      },
    };
    server.use(
      http.get(apiUrl('/api/v1/notifications/unread-count'), () =>
        HttpResponse.json({ unread: 1 }),
      ),
      http.get(apiUrl('/api/v1/notifications'), () =>
        HttpResponse.json({ items: [overdue], next_before: null }),
      ),
    );
    const user = userEvent.setup();
    await renderApp('/bridges');
    const bell = await screen.findByRole(
      'button',
      { name: 'Notifications, 1 unread' },
      { timeout: 5000 },
    );
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const [item] = await within(panel).findAllByRole('listitem');
    expect(item).toHaveTextContent(
      'Action overdue, escalated to tier 2: Inspect the main span (owner Inspection crew)',
    );
  }, 20_000);

  it("leads a person told of the alert alone to the alert's page, not the dashboard (decision 080)", async () => {
    const told: Notification = {
      id: 31,
      kind: 'raised',
      tier: 1,
      escalated_tier: null,
      escalated_at: null,
      read_at: null,
      created_at: '2026-11-29T03:00:00.000Z',
      alert: anAlert({ id: 44, severity: 'Critical', message: 'Shift 3.1σ above the 2σ trigger' }),
      bridge_visible: false,
    };
    const read: number[] = [];
    server.use(
      http.get(apiUrl('/api/v1/notifications/unread-count'), () =>
        HttpResponse.json({ unread: 1 - read.length }),
      ),
      http.get(apiUrl('/api/v1/notifications'), () =>
        HttpResponse.json({ items: [told], next_before: null }),
      ),
      http.post(apiUrl('/api/v1/notifications/:id/read'), ({ params }) => {
        read.push(Number(params.id));
        return HttpResponse.json({ ...told, read_at: '2026-11-29T03:05:00.000Z' });
      }),
      http.get(apiUrl('/api/v1/alerts/:id'), ({ params }) =>
        HttpResponse.json({
          alert: { ...told.alert, id: Number(params.id) },
          bridge_visible: false,
          display: { time_zone: null, units: 'metric' },
        }),
      ),
      http.get(apiUrl('/api/v1/alerts/:id/deliveries'), () => HttpResponse.json([])),
      http.get(apiUrl('/api/v1/alerts/:id/actions'), () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    const { router } = await renderApp('/bridges');
    await user.click(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 5000 }),
    );
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const [item] = await within(panel).findAllByRole('listitem');
    if (!item) throw new Error('no item');
    expect(item).toHaveTextContent('Critical: Anomaly Detection on Confederation Bridge');
    expect(within(item).queryByRole('link', { name: /dashboard/ })).not.toBeInTheDocument();
    const open = within(item).getByRole('link', { name: 'Open the alert' });
    expect(open).toHaveAttribute('href', '/alerts/44');

    await user.click(open);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Anomaly Detection on Confederation Bridge' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/alerts/44');
    expect(read).toEqual([31]);
  }, 20_000);

  it('says the list is loading while it loads, not "2 unread." above nothing', async () => {
    serveNotifications();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(apiUrl('/api/v1/notifications'), async () => {
        await held;
        return HttpResponse.json({ items: [], next_before: null });
      }),
    );
    const user = userEvent.setup();
    await renderApp('/bridges');
    const bell = await screen.findByRole(
      'button',
      { name: 'Notifications, 2 unread' },
      { timeout: 5000 },
    );
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByText('Loading notifications…')).toBeInTheDocument();
    release();
    expect(await within(panel).findByText('No notifications yet.')).toBeInTheDocument();
    expect(within(panel).queryByText('Loading notifications…')).toBeNull();
  });

  it('shows the bell on the map too, where the sidebar carries the navigation', async () => {
    serveNotifications();
    await renderApp('/map');
    await screen.findByRole('navigation', { name: 'Map menu' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument(),
    );
  });

  it("says who is on call now in the viewer's company, and until when", async () => {
    serveNotifications();
    const until = new Date(Date.now() + 2 * 3_600_000).toISOString();
    let askedFor = '';
    server.use(
      http.get(apiUrl('/api/v1/companies/:id/on-call'), ({ params }) => {
        askedFor = String(params.id);
        return HttpResponse.json([
          {
            rota_id: 4,
            rota_name: 'Bridges',
            user_id: 9,
            username: 'grace',
            until,
            override: true,
          },
        ]);
      }),
    );
    const user = userEvent.setup();
    await renderApp('/bridges');
    await user.click(
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 5000 }),
    );

    const panel = screen.getByRole('region', { name: 'Notifications' });
    const onCall = await within(panel).findByRole('list', { name: 'On call' });
    expect(onCall).toHaveTextContent(`On call now: grace until ${clock(until)}`);
    expect(askedFor).toBe('1');
  }, 20_000);
});
