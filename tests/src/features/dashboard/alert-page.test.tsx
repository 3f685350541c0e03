import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser, storeTokens } from '../../../helpers/web-fixtures';
import { anAlert } from './fixtures';

type S = components['schemas'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

const alert = anAlert({
  id: 12,
  type: 'Trigger level crossed',
  severity: 'High',
  message: 'Trigger level crossed against reference version 1: s1-acc.f1 −5.5 % (red, −5 %)',
  raised_at: '2026-11-20T13:00:00.000Z',
});

const delivery: S['AlertDelivery'] = {
  id: 1,
  alert: alert.id,
  recipient: { id: 7, username: 'on-call-engineer' },
  address: null,
  channel: 'email',
  tier: 1,
  reminder: 0,
  state: 'sent',
  attempts: 1,
  message_id: '<alert-12.tier-1.user-7.email@spanwatch.example>',
  created_at: '2026-11-20T13:00:30.000Z',
  sent_at: '2026-11-20T13:01:00.000Z',
  provider_answer: null,
  last_error: null,
};

interface Served {
  view?: Partial<S['AlertView']>;
  status?: number;
  acknowledged?: { body: unknown }[];
}

function serveAlertPage({ view, status = 200, acknowledged = [] }: Served = {}) {
  storeTokens();
  let current: S['Alert'] = view?.alert ?? alert;
  server.use(
    http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser())),
    http.get(apiUrl('/api/v1/alerts/:id'), () =>
      status === 200
        ? HttpResponse.json({
            bridge_visible: false,
            display: { time_zone: 'America/Halifax', units: 'metric' },
            ...view,
            alert: current,
          })
        : HttpResponse.json({ detail: `Alert ${alert.id} not found` }, { status }),
    ),
    http.get(apiUrl('/api/v1/alerts/:id/deliveries'), () => HttpResponse.json([delivery])),
    http.get(apiUrl('/api/v1/alerts/:id/actions'), () => HttpResponse.json([])),
    http.post(apiUrl('/api/v1/alerts/:id/acknowledge'), async ({ request }) => {
      const body: unknown = await request.json();
      acknowledged.push({ body });
      current = {
        ...current,
        state: 'acknowledged',
        acknowledged_at: '2026-11-20T14:00:00.000Z',
        acknowledged_by: { id: 7, username: 'on-call-engineer' },
        comment: 'On my way',
      };
      return HttpResponse.json(current);
    }),
  );
}

describe("an alert's own page (decision 080)", () => {
  it('shows the bridge, the alert, its times in the company zone and who was told', async () => {
    serveAlertPage();
    await renderApp('/alerts/12');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Trigger level crossed on Confederation Bridge',
      }),
    ).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'The alert' });
    expect(facts).toHaveTextContent('BridgeConfederation Bridge');
    expect(facts).toHaveTextContent('SeverityHigh');
    expect(facts).toHaveTextContent(`Measured against its trigger${alert.message}`);
    // 13:00 UTC is 09:00 in Halifax (AST) in November.
    expect(within(facts).getByText(/9:00 AM/)).toHaveAttribute('datetime', alert.raised_at);
    expect(facts).toHaveTextContent('Times in America/Halifax');
    expect(facts).toHaveTextContent('StateActive, not acknowledged');
    const told = screen.getByRole('region', { name: 'Who was told' });
    expect(await within(told).findByRole('list', { name: 'Notified' })).toHaveTextContent(
      'on-call-engineer by email',
    );
    expect(screen.getByRole('region', { name: 'Required actions' })).toBeInTheDocument();
  });

  it("offers the bridge's dashboard only to someone who may open it", async () => {
    serveAlertPage();
    const { unmount } = await renderApp('/alerts/12');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: /dashboard/ })).not.toBeInTheDocument();
    expect(screen.getByText(/the bridge's dashboard opens only for people/)).toBeInTheDocument();
    unmount();

    serveAlertPage({ view: { bridge_visible: true } });
    await renderApp('/alerts/12');
    expect(
      await screen.findByRole('link', { name: "Open Confederation Bridge's dashboard" }),
    ).toHaveAttribute('href', `/dashboard?bridge=${alert.bridge}&name=Confederation+Bridge`);
  });

  it('acknowledges with the comment typed, by keyboard, and shows who acknowledged', async () => {
    const acknowledged: { body: unknown }[] = [];
    serveAlertPage({ acknowledged });
    await renderApp('/alerts/12');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Acknowledge' });
    await user.click(within(form).getByRole('button', { name: 'Acknowledge' }));
    expect(within(form).getByText('Comment is required: say what you saw or did')).toBeVisible();
    expect(acknowledged).toHaveLength(0);

    await user.click(within(form).getByRole('textbox', { name: /Comment/ }));
    await user.keyboard('  On my way  ');
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Acknowledge' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const facts = screen.getByRole('region', { name: 'The alert' });
    await within(facts).findByText(/Acknowledged by on-call-engineer/);
    expect(acknowledged).toEqual([{ body: { comment: 'On my way' } }]);
    expect(facts).toHaveTextContent('“On my way”');
    expect(screen.queryByRole('form', { name: 'Acknowledge' })).not.toBeInTheDocument();
  });

  it('keeps the acknowledgement of a cleared alert, with both times, and offers no form', async () => {
    serveAlertPage({
      view: {
        alert: {
          ...alert,
          state: 'cleared',
          acknowledged_at: '2026-11-20T14:00:00.000Z',
          acknowledged_by: { id: 7, username: 'on-call-engineer' },
          comment: 'Lane closed',
          cleared_at: '2026-11-21T10:30:00.000Z',
          cleared_note: 'Resolved by maintenance: bearing replaced',
        },
      },
    });
    await renderApp('/alerts/12');
    const facts = await screen.findByRole('region', { name: 'The alert' });
    // In Halifax (AST): 10:30 UTC is 6:30 AM, 14:00 UTC is 10:00 AM.
    expect(facts).toHaveTextContent(
      /StateCleared .*6:30 AM.* \(Resolved by maintenance: bearing replaced\); Acknowledged by on-call-engineer .*10:00 AM.*: “Lane closed”/,
    );
    expect(screen.queryByRole('form', { name: 'Acknowledge' })).not.toBeInTheDocument();
  });

  it('says "not found or not yours" on a 404, and on an address that is no id', async () => {
    serveAlertPage({ status: 404 });
    const { unmount } = await renderApp('/alerts/12');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This alert was not found, or it is not yours to see',
    );
    expect(screen.getByRole('link', { name: 'Open the map' })).toBeInTheDocument();
    unmount();

    serveAlertPage();
    await renderApp('/alerts/twelve');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This alert was not found, or it is not yours to see',
    );
  });
});
