import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../../../src/api/api-context';
import { createApiClient } from '../../../../src/api/client';
import { SiteFooter } from '../../../../src/features/marketing/site-footer';
import { TEST_ORIGIN, apiUrl, setupMswServer } from '../../../helpers/msw';

const server = setupMswServer();

const CONTACT_URL = apiUrl('/api/auth/contact/');

function receiveMessages(status = 201) {
  const bodies: unknown[] = [];
  server.use(
    http.post(CONTACT_URL, async ({ request }) => {
      bodies.push(await request.json());
      return status === 201
        ? HttpResponse.json({ message: 'Thank you' }, { status })
        : HttpResponse.json({ detail: 'Storage unavailable' }, { status });
    }),
  );
  return bodies;
}

function renderForm() {
  const api = createApiClient({ baseUrl: TEST_ORIGIN, onAuthFailure: () => undefined });
  render(
    <ApiProvider client={api}>
      <SiteFooter />
    </ApiProvider>,
  );
  const form = within(
    screen.getByRole('heading', { name: 'Contact us' }).closest('section') as HTMLElement,
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { form, user };
}

async function fillAndSend(
  form: ReturnType<typeof within>,
  user: ReturnType<typeof userEvent.setup>,
) {
  await user.type(form.getByLabelText('First name'), 'Marie');
  await user.type(form.getByLabelText('Email'), 'marie@ville.qc.ca');
  await user.type(form.getByLabelText('Message'), 'Please call about the Pont Laviolette.');
  await user.click(form.getByRole('button', { name: 'Send message' }));
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('footer contact form', () => {
  it('names every missing or invalid field and sends nothing', async () => {
    const bodies = receiveMessages();
    const { form, user } = renderForm();

    await user.type(form.getByLabelText('Email'), 'marie@');
    await user.click(form.getByRole('button', { name: 'Send message' }));

    expect(form.getByText('First name is required')).toBeInTheDocument();
    expect(form.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(form.getByText('Message is required')).toBeInTheDocument();
    expect(form.getByLabelText('First name')).toHaveAccessibleDescription('First name is required');
    expect(bodies).toEqual([]);

    await user.type(form.getByLabelText('First name'), 'M');
    expect(form.queryByText('First name is required')).not.toBeInTheDocument();
    expect(form.getByText('Message is required')).toBeInTheDocument();
  });

  it('sends, shows Submitting... for 2000 ms, then clears and shows the toast for 3000 ms', async () => {
    const bodies = receiveMessages();
    const { form, user } = renderForm();

    await fillAndSend(form, user);

    const busy = form.getByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    // The fake clock also follows real time (msw answers on real timers), so on a busy machine a
    // few hundred ms pass between steps: the 'still there' checks keep 500 ms from the deadline.
    await advance(1500);
    expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(screen.queryByText('Message sent successfully')).not.toBeInTheDocument();

    await advance(500);
    expect(screen.getByText('Message sent successfully')).toBeInTheDocument();
    expect(form.getByLabelText('First name')).toHaveValue('');
    expect(form.getByLabelText('Message')).toHaveValue('');
    expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
    expect(bodies).toEqual([
      {
        first_name: 'Marie',
        last_name: null,
        email: 'marie@ville.qc.ca',
        message: 'Please call about the Pont Laviolette.',
      },
    ]);

    await advance(2500);
    expect(screen.getByText('Message sent successfully')).toBeInTheDocument();
    await advance(500);
    expect(screen.queryByText('Message sent successfully')).not.toBeInTheDocument();
  });

  it('closes the toast by its close button', async () => {
    receiveMessages();
    const { form, user } = renderForm();
    await fillAndSend(form, user);
    await advance(2000);

    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Message sent successfully')).not.toBeInTheDocument();
  });

  it('shows success even when the server refuses, and only logs the failure', async () => {
    receiveMessages(503);
    const { form, user } = renderForm();
    await fillAndSend(form, user);
    await advance(2000);

    expect(screen.getByText('Message sent successfully')).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith(
      'Contact message could not be sent',
      expect.objectContaining({ message: 'Storage unavailable' }),
    );
  });
});
