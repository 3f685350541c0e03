import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, vi } from 'vitest';
import { type LoginEvent, loginMachine } from '../../../machines/login.machine';
import { ApiError } from '../../../domain/api-error';
import { apiUrl, setupMswServer } from '../../helpers/msw';
import { renderApp } from '../../helpers/render-app';
import { aUser } from '../../helpers/web-fixtures';
import { answerGate } from './answer-gate';
import { type ScreenDriver, modelPaths, testEveryPath } from './model-paths';

type Machine = typeof loginMachine;
const SUBMIT = '0.login.submitting';
const refusal = new ApiError({
  kind: 'http',
  status: 401,
  body: { detail: 'Wrong email or password' },
});

// The events of the sign-in form's machine as a user and the server cause them; the graph
// (xstate/graph) finds the shortest path to every screen, and each is played on the real form.
const paths = modelPaths({
  machine: loginMachine,
  events: [
    { type: 'field.changed', field: 'email', value: 'not-an-email' },
    { type: 'field.changed', field: 'email', value: 'ada@example.test' },
    { type: 'field.changed', field: 'password', value: 'correct-horse' },
    { type: 'form.submitted' },
    { type: `xstate.done.actor.${SUBMIT}`, output: aUser() } as unknown as LoginEvent,
    { type: `xstate.error.actor.${SUBMIT}`, error: refusal } as unknown as LoginEvent,
  ],
  screenKey: (snapshot) => ({
    value: snapshot.value,
    fields: snapshot.context.fields,
    errors: Object.keys(snapshot.context.errors).filter(
      (f) => snapshot.context.errors[f as 'email'],
    ),
    serverError: snapshot.context.serverError,
  }),
});

const server = setupMswServer();
const LABELS = { email: 'Email', password: 'Password' } as const;

async function openForm(): Promise<ScreenDriver<Machine>> {
  const login = answerGate<Response>();
  server.use(
    http.post(apiUrl('/api/v1/auth/login'), () => login.wait()),
    http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser())),
    http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json([])),
  );
  const { router } = await renderApp('/login');
  await screen.findByRole('button', { name: 'Login' });
  const user = userEvent.setup();
  const button = () => screen.getByRole('button', { name: /^(Login|Logging in\.\.\.)$/ });
  return {
    async perform(event) {
      if (event.type === 'field.changed') {
        fireEvent.change(screen.getByLabelText(LABELS[event.field]), {
          target: { value: event.value },
        });
      } else if (event.type === 'form.submitted') {
        await user.click(button());
      } else if ((event as { type: string }).type.startsWith('xstate.done.actor')) {
        login.answer(HttpResponse.json({ access: 'a.b.c', refresh: 'd.e.f' }));
      } else {
        login.answer(HttpResponse.json(refusal.body as object, { status: refusal.status }));
      }
    },
    async expectShows(snapshot) {
      await waitFor(() => {
        if (snapshot.matches('success')) {
          expect(router.state.location.pathname).toBe('/map');
          return;
        }
        const busy = snapshot.matches('submitting');
        expect(button()).toHaveTextContent(busy ? 'Logging in...' : 'Login');
        if (busy) expect(button()).toBeDisabled();
        else expect(button()).toBeEnabled();
        for (const [field, label] of Object.entries(LABELS)) {
          const message = snapshot.context.errors[field as keyof typeof LABELS];
          const input = screen.getByLabelText(label);
          if (message) expect(input).toHaveAccessibleDescription(message);
          else expect(input).not.toHaveAccessibleDescription();
        }
        const { serverError } = snapshot.context;
        if (serverError) expect(screen.getByRole('alert')).toHaveTextContent(serverError);
        else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      });
    },
  };
}

beforeEach(() => {
  // Failed sign-ins are logged by design (spec §8).
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('sign-in form: every path of its machine', () => {
  testEveryPath(loginMachine, paths, openForm);
});
