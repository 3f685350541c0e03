import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAlert, anAnomalyReport, confederation, serveDashboard } from './fixtures';

type S = components['schemas'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

const alert = anAlert({ id: 31, type: 'Fatigue', severity: 'Critical', message: 'D = 0.9' });

function aDelivery(overrides: Partial<S['AlertDelivery']>): S['AlertDelivery'] {
  return {
    id: 1,
    alert: alert.id,
    channel: 'email',
    tier: 1,
    reminder: 0,
    recipient: { id: 2, username: 'demo-operator' },
    address: 'operator@spanwatch.demo',
    state: 'sent',
    attempts: 1,
    message_id: '<alert-31.tier-1.user-2.email@localhost>',
    created_at: '2026-11-27T10:00:00.000Z',
    sent_at: '2026-11-27T10:00:02.000Z',
    provider_answer: '250 OK',
    last_error: null,
    ...overrides,
  };
}

async function notifiedOf(deliveries: S['AlertDelivery'][]) {
  serveDashboard(server, {
    report: anAnomalyReport(),
    alerts: [alert],
    deliveries: { [alert.id]: deliveries },
  });
  await renderApp(`/dashboard?bridge=${confederation.id}`);
  await screen.findByRole('list', { name: 'Active alerts' });
  await userEvent.setup().click(screen.getByRole('button', { name: 'View Details' }));
  const dialog = screen.getByRole('dialog', { name: 'Alert details' });
  return within(dialog).getByRole('article', { name: 'Fatigue' });
}

// Issue 32: the alert dialog says who was notified of the alert, how and when.
describe('the alert dialog’s Notified line', () => {
  it('lists each recipient with the channel, and the time sent or the tries so far', async () => {
    const article = await notifiedOf([
      aDelivery({}),
      aDelivery({
        id: 2,
        recipient: { id: 1, username: 'demo-staff' },
        address: null,
        state: 'pending',
        attempts: 2,
        sent_at: null,
        provider_answer: null,
        last_error: 'connect ECONNREFUSED',
      }),
    ]);
    const list = await within(article).findByRole('list', { name: 'Notified' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^demo-operator by email, \S/);
    expect(within(items[0] as HTMLElement).getByRole('time')).toHaveAttribute(
      'datetime',
      '2026-11-27T10:00:02.000Z',
    );
    expect(items[1]).toHaveTextContent('demo-staff by email, waiting (2 tries so far)');
  });

  it('says when a notice held by the recipient’s quiet hours will be sent', async () => {
    const article = await notifiedOf([
      aDelivery({
        state: 'pending',
        attempts: 0,
        sent_at: null,
        provider_answer: null,
        held_until: '2026-11-28T07:00:00.000Z',
      }),
    ]);
    const list = await within(article).findByRole('list', { name: 'Notified' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent(/^demo-operator by email, held by quiet hours until \S/);
    expect(within(item as HTMLElement).getByRole('time')).toHaveAttribute(
      'datetime',
      '2026-11-28T07:00:00.000Z',
    );
  });

  // Decision 055: a maintenance window holds notices too, and was read as quiet hours.
  it('says which maintenance works hold a notice, and until when', async () => {
    const article = await notifiedOf([
      aDelivery({
        state: 'pending',
        attempts: 0,
        sent_at: null,
        provider_answer: null,
        held_until: '2026-11-29T12:00:00.000Z',
        suppressed_by:
          'Suppressed by maintenance: Repair of span main, 2026-11-29 08:00 to 2026-11-29 12:00 UTC',
      }),
    ]);
    const list = await within(article).findByRole('list', { name: 'Notified' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent(
      /^demo-operator by email, held by maintenance \(Repair of span main, 2026-11-29 08:00 to 2026-11-29 12:00 UTC\) until \S/,
    );
  });

  // Decision 077: an action past its due time and not done is escalated on its own.
  it('marks the notices of an overdue action, and why one was not sent', async () => {
    const article = await notifiedOf([
      aDelivery({ tier: 2, action: 5, recipient: { id: 3, username: 'demo-admin' } }),
      aDelivery({
        id: 2,
        tier: 2,
        action: 6,
        state: 'cancelled',
        sent_at: null,
        provider_answer: null,
        last_error: 'Not sent: the action was done first',
      }),
    ]);
    const list = await within(article).findByRole('list', { name: 'Notified' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^demo-admin \(an overdue action, tier 2\) by email, \S/);
    expect(items[1]).toHaveTextContent(
      'demo-operator (an overdue action, tier 2) by email, not sent: the action was done or the alert cleared first',
    );
  });

  it('says no one was notified when the log is empty', async () => {
    const article = await notifiedOf([]);
    expect(
      await within(article).findByText(/^No one \(no email is configured/),
    ).toBeInTheDocument();
  });
});
