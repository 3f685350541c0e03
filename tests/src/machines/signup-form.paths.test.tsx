import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect } from 'vitest';
import { type SignupEvent, signupMachine } from '../../../machines/signup.machine';
import { ApiError } from '../../../domain/api-error';
import { ACCOUNT_CREATED } from '../../../domain/messages';
import { apiUrl, setupMswServer } from '../../helpers/msw';
import { renderApp } from '../../helpers/render-app';
import { answerGate } from './answer-gate';
import { type ScreenDriver, modelPaths, testEveryPath } from './model-paths';

type Machine = typeof signupMachine;
const SUBMIT = '0.signup.submitting';
const refusal = new ApiError({
  kind: 'http',
  status: 400,
  body: { detail: 'email: a user with this email already exists' },
});
const LABELS = {
  username: 'Username',
  email: 'Email',
  password: 'Password',
  company: 'Company',
  address: 'Address',
} as const;
const VALID = {
  username: 'ada',
  email: 'ada@example.test',
  password: 'correct-horse',
  company: 'Northern Spans Ltd',
  address: '1 Harbour Road',
} as const;

const actorEvent = (type: string, payload: object) =>
  ({ type, ...payload }) as unknown as SignupEvent;

const paths = modelPaths({
  machine: signupMachine,
  events: [
    { type: 'field.changed', field: 'username', value: 'ad' },
    ...Object.entries(VALID).map(
      ([field, value]) => ({ type: 'field.changed', field, value }) as SignupEvent,
    ),
    { type: 'form.submitted' },
    actorEvent(`xstate.done.actor.${SUBMIT}`, { output: undefined }),
    actorEvent(`xstate.error.actor.${SUBMIT}`, { error: refusal }),
    actorEvent('xstate.after.redirectDelay.signup.success', {}),
  ],
  screenKey: ({ value, context }) => ({
    value,
    filled: Object.entries(context.fields)
      .filter(([, text]) => text !== '')
      .map(([field, text]) => `${field}:${text.length}`),
    errors: Object.entries(context.errors)
      .filter(([, message]) => message)
      .map(([field]) => field),
  }),
});

const server = setupMswServer();

async function openForm(): Promise<ScreenDriver<Machine>> {
  const signup = answerGate<Response>();
  server.use(http.post(apiUrl('/api/v1/auth/signup'), () => signup.wait()));
  const { router } = await renderApp('/signup');
  await screen.findByRole('button', { name: 'Sign Up' });
  const user = userEvent.setup();
  const button = () => screen.getByRole('button', { name: /^(Sign Up|Submitting\.\.\.)$/ });
  return {
    async perform(event) {
      const type = (event as { type: string }).type;
      if (event.type === 'field.changed') {
        fireEvent.change(screen.getByLabelText(LABELS[event.field]), {
          target: { value: event.value },
        });
      } else if (event.type === 'form.submitted') {
        await user.click(button());
      } else if (type.startsWith('xstate.done.actor')) {
        signup.answer(HttpResponse.json(null, { status: 201 }));
      } else if (type.startsWith('xstate.error.actor')) {
        signup.answer(HttpResponse.json(refusal.body as object, { status: refusal.status }));
      }
      // xstate.after.redirectDelay: the form's own 2000 ms timer; the check below waits for it.
    },
    async expectShows(snapshot) {
      await waitFor(
        () => {
          if (snapshot.matches('redirected')) {
            expect(router.state.location.pathname).toBe('/login');
            return;
          }
          const busy = snapshot.matches('submitting');
          expect(button()).toHaveTextContent(busy ? 'Submitting...' : 'Sign Up');
          if (snapshot.matches('idle') || snapshot.matches('failure')) {
            expect(button()).toBeEnabled();
          } else expect(button()).toBeDisabled();
          if (snapshot.matches('success')) {
            expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_CREATED);
          }
          for (const [field, label] of Object.entries(LABELS)) {
            const message = snapshot.context.errors[field as keyof typeof LABELS];
            const input = screen.getByLabelText(label);
            if (message) expect(input).toHaveAccessibleDescription(message);
            else expect(input).not.toHaveAccessibleDescription();
          }
        },
        { timeout: 4000 },
      );
    },
  };
}

describe('sign-up form: every path of its machine', () => {
  testEveryPath(signupMachine, paths, openForm);
});
