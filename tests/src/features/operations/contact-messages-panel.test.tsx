import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../../../src/api/queries/operations';
import { ContactMessagesPanel } from '../../../../src/features/operations/contact-messages-panel';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderPage } from '../users/render-page';

const server = setupMswServer();

const waiting: ContactMessage = {
  id: 7,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.test',
  message: 'Can you monitor a footbridge?',
  created_at: '2026-11-20T09:00:00Z',
  handled_at: null,
};

/** The stored messages; marking one handled changes what the list answers next. */
function serveMessages(refusal?: { status: number; detail?: string }) {
  let stored = [waiting];
  let listed = 0;
  server.use(
    http.get(apiUrl('/api/v1/contact-messages'), () => {
      listed += 1;
      return HttpResponse.json(stored);
    }),
    http.post(apiUrl('/api/v1/contact-messages/:id/handled'), () => {
      if (refusal) {
        const body = refusal.detail === undefined ? {} : { detail: refusal.detail };
        return HttpResponse.json(body, { status: refusal.status });
      }
      const handled = { ...waiting, handled_at: '2026-11-21T10:00:00Z' };
      stored = [handled];
      return HttpResponse.json(handled);
    }),
  );
  return { listed: () => listed };
}

describe('contact messages (staff)', () => {
  it('marks a message handled and shows the reloaded list', async () => {
    const calls = serveMessages();
    const user = userEvent.setup();
    renderPage(ContactMessagesPanel);

    const mark = await screen.findByRole('button', {
      name: 'Mark handled: message from Grace Hopper',
    });
    // The list is asked for again after the mark. Not "exactly once more": on a loaded machine
    // a slow first render may remount and ask once more at any time (seen in a full run).
    const listedBefore = calls.listed();
    await user.click(mark);

    expect(
      await screen.findByRole('button', { name: 'Reopen: message from Grace Hopper' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Every message is handled.')).toBeInTheDocument();
    expect(calls.listed()).toBeGreaterThan(listedBefore);
  });

  it("shows the server's detail when it refuses", async () => {
    serveMessages({ status: 403, detail: 'Only staff may answer messages' });
    const user = userEvent.setup();
    renderPage(ContactMessagesPanel);

    await user.click(
      await screen.findByRole('button', { name: 'Mark handled: message from Grace Hopper' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff may answer messages');
  });

  it('says what failed when the server gives no reason', async () => {
    serveMessages({ status: 500 });
    const user = userEvent.setup();
    renderPage(ContactMessagesPanel);

    await user.click(
      await screen.findByRole('button', { name: 'Mark handled: message from Grace Hopper' }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update the message');
    expect(alert).not.toHaveTextContent('500');
  });
});
