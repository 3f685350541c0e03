import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import {
  CONTACT_SUBMIT_DELAY_MS,
  CONTACT_SUCCESS_MESSAGE,
  CONTACT_TOAST_MS,
  type ContactEvent,
  type ContactField,
  contactMachine,
  toContactMessage,
  validateContact,
} from '../../../machines/contact.machine';
import { ContactForm } from '../../../src/features/marketing/contact-form';
import { apiUrl, setupMswServer } from '../../helpers/msw';
import { renderPage } from '../features/users/render-page';
import { type ScreenDriver, modelPaths, testEveryPath } from './model-paths';

type Machine = typeof contactMachine;
const LABELS: Record<ContactField, string> = {
  firstName: 'First name',
  lastName: 'Last name (optional)',
  email: 'Email',
  message: 'Message',
};
// The machine's own timers, as the graph names their events.
const SUBMIT_DELAY = 'xstate.after.submitDelay.contact.submitting';
const TOAST_DURATION = 'xstate.after.toastDuration.contact.sent';
const DELAYS: Record<string, number> = {
  [SUBMIT_DELAY]: CONTACT_SUBMIT_DELAY_MS,
  [TOAST_DURATION]: CONTACT_TOAST_MS,
};

const timerEvent = (type: string) => ({ type }) as unknown as ContactEvent;

// The send's answer is only logged (spec §8) and changes no screen, so the graph has no use for
// it: msw answers at once and the footer test checks the log.
const paths = modelPaths({
  machine: contactMachine,
  events: [
    { type: 'field.changed', field: 'firstName', value: 'Marie' },
    { type: 'field.changed', field: 'lastName', value: 'Curie' },
    { type: 'field.changed', field: 'email', value: 'marie@' },
    { type: 'field.changed', field: 'email', value: 'marie@ville.qc.ca' },
    { type: 'field.changed', field: 'message', value: 'Please call about the Pont Laviolette.' },
    { type: 'form.submitted' },
    { type: 'toast.closed' },
    timerEvent(SUBMIT_DELAY),
    timerEvent(TOAST_DURATION),
  ],
  // The form returns to its first screen after a send, by the toast's button or its timer.
  everyMove: true,
  // Which messages show and which fields would fail a submit make a screen (what happens next
  // depends on nothing else); the typed text itself is checked at every step.
  screenKey: ({ value, context }) => ({
    value,
    errors: Object.keys(context.errors).sort(),
    failing: Object.keys(validateContact(context.fields)).sort(),
  }),
});

const server = setupMswServer();

async function openForm(): Promise<ScreenDriver<Machine>> {
  const received: unknown[] = [];
  server.use(
    http.post(apiUrl('/api/auth/contact/'), async ({ request }) => {
      received.push(await request.json());
      return HttpResponse.json({ message: 'Thank you' }, { status: 201 });
    }),
  );
  renderPage(() => <ContactForm />);
  await screen.findByRole('button', { name: 'Send message' });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const button = () => screen.getByRole('button', { name: /^(Send message|Submitting\.\.\.)$/ });
  // What the last submit sent, to compare with what msw received.
  const expected: unknown[] = [];
  return {
    async perform(event) {
      const type = (event as { type: string }).type;
      const delay = DELAYS[type];
      if (event.type === 'field.changed') {
        fireEvent.change(screen.getByLabelText(LABELS[event.field]), {
          target: { value: event.value },
        });
      } else if (event.type === 'form.submitted') {
        await user.click(button());
      } else if (event.type === 'toast.closed') {
        await user.click(screen.getByRole('button', { name: 'Close notification' }));
      } else if (delay !== undefined) {
        await act(() => vi.advanceTimersByTimeAsync(delay));
      } else {
        throw new Error(`No user or server action causes ${type}`);
      }
    },
    async expectShows(snapshot) {
      const { context } = snapshot;
      if (snapshot.matches('submitting') && expected.length < context.sent) {
        expected.push(toContactMessage(context.fields));
      }
      await waitFor(
        () => {
          const busy = snapshot.matches('submitting');
          expect(button()).toHaveTextContent(busy ? 'Submitting...' : 'Send message');
          if (busy) expect(button()).toBeDisabled();
          else expect(button()).toBeEnabled();
          const toast = screen.getByRole('status');
          if (snapshot.matches('sent')) expect(toast).toHaveTextContent(CONTACT_SUCCESS_MESSAGE);
          else expect(toast).toBeEmptyDOMElement();
          for (const [field, label] of Object.entries(LABELS)) {
            const control = screen.getByLabelText(label);
            expect(control).toHaveValue(context.fields[field as ContactField]);
            if (busy) expect(control).toBeDisabled();
            else expect(control).toBeEnabled();
            const message = context.errors[field as ContactField];
            if (message) expect(control).toHaveAccessibleDescription(message);
            else expect(control).not.toHaveAccessibleDescription();
          }
          // One message reaches the server per send the machine counts, with what was typed.
          expect(received).toEqual(expected);
        },
        { timeout: 4000 },
      );
    },
  };
}

beforeEach(() => {
  // The timers jump for the machine's delays; they also run on their own, as waitFor needs.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // A stored message is logged by design (spec §8).
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('footer contact form: every path of its machine', () => {
  testEveryPath(contactMachine, paths, openForm);
});
