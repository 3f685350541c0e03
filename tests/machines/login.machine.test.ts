import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type LoginEmitted, loginMachine } from '../../machines/login.machine';
import { ApiError } from '../../domain/api-error';
import type { LoginFields } from '../../domain/login-validation';

interface Deferred {
  input: LoginFields;
  resolve: () => void;
  reject: (error: unknown) => void;
}

// Each submission waits until the test answers it, so every in-between state can be inspected.
function start() {
  const calls: Deferred[] = [];
  const machine = loginMachine.provide({
    actors: {
      submitLogin: fromPromise<unknown, LoginFields>(
        ({ input }) =>
          new Promise<void>((resolve, reject) => {
            calls.push({ input, resolve, reject });
          }),
      ),
    },
  });
  const actor = createActor(machine).start();
  const emitted: LoginEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  return { actor, calls, emitted };
}

type Actor = ReturnType<typeof start>['actor'];

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function fill(actor: Actor, email = 'ada@example.test', password = 'correct-horse') {
  actor.send({ type: 'field.changed', field: 'email', value: email });
  actor.send({ type: 'field.changed', field: 'password', value: password });
}

async function failWith(error: unknown) {
  const { actor, calls } = start();
  fill(actor);
  actor.send({ type: 'form.submitted' });
  calls[0]?.reject(error);
  await flush();
  return actor;
}

describe('login machine', () => {
  it('starts idle with empty fields and no messages', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context).toEqual({
      fields: { email: '', password: '' },
      errors: {},
      serverError: null,
    });
  });

  it('keeps what is typed', () => {
    const { actor } = start();
    fill(actor, 'ada@example.test', 'pw');
    expect(actor.getSnapshot().context.fields).toEqual({
      email: 'ada@example.test',
      password: 'pw',
    });
  });

  it('checks both fields before any call and stays idle when one fails', () => {
    const { actor, calls, emitted } = start();
    fill(actor, 'ada@example', 'short');
    actor.send({ type: 'form.submitted' });

    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.errors).toEqual({
      email: 'Please enter a valid email',
      password: 'Password must be at least 8 characters',
    });
    expect(calls).toHaveLength(0);
    expect(emitted).toEqual([{ type: 'focusField', field: 'email' }]);
  });

  it('sends focus to the first failing field in the order of the screen', () => {
    const { actor, emitted } = start();
    fill(actor, 'ada@example.test', 'short');
    actor.send({ type: 'form.submitted' });
    expect(emitted).toEqual([{ type: 'focusField', field: 'password' }]);
  });

  it('clears only the edited field error', () => {
    const { actor } = start();
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'field.changed', field: 'email', value: 'a' });

    expect(actor.getSnapshot().context.errors).toEqual({
      email: undefined,
      password: 'Password must be at least 8 characters',
    });
  });

  it('submits the trimmed email with the password as typed', () => {
    const { actor, calls } = start();
    fill(actor, '  ada@example.test ', ' spaced pass ');
    actor.send({ type: 'form.submitted' });

    expect(actor.getSnapshot().value).toBe('submitting');
    expect(calls.map((call) => call.input)).toEqual([
      { email: 'ada@example.test', password: ' spaced pass ' },
    ]);
  });

  it('ignores a second submit while the first is out', () => {
    const { actor, calls } = start();
    fill(actor);
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'form.submitted' });

    expect(actor.getSnapshot().value).toBe('submitting');
    expect(calls).toHaveLength(1);
  });

  it('keeps typing while submitting without leaving the state', () => {
    const { actor } = start();
    fill(actor);
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'field.changed', field: 'password', value: 'changed-mind' });

    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.fields.password).toBe('changed-mind');
  });

  it('succeeds, asks for the map once and stops (a final state takes no more events)', async () => {
    const { actor, calls, emitted } = start();
    fill(actor);
    actor.send({ type: 'form.submitted' });
    calls[0]?.resolve();
    await flush();

    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().status).toBe('done');
    expect(emitted).toEqual([{ type: 'navigate', to: '/map' }]);
  });

  it.each([
    [
      'the server detail',
      new ApiError({ kind: 'http', status: 401, body: { detail: 'Invalid email or password' } }),
      'Invalid email or password',
    ],
    [
      'else its message',
      new ApiError({ kind: 'http', status: 400, body: { message: 'Bad input' } }),
      'Bad input',
    ],
    [
      'else a generic text',
      new ApiError({ kind: 'http', status: 500, body: {} }),
      'Sign-in failed. Check your email and password and try again.',
    ],
    ['and for no answer at all', new TypeError('Failed to fetch'), 'An unexpected error occurred'],
  ])('on failure shows %s', async (_, error, message) => {
    const actor = await failWith(error);

    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context.serverError).toBe(message);
  });

  it('editing a field after a failure clears the server message and returns to idle', async () => {
    const actor = await failWith(
      new ApiError({ kind: 'http', status: 401, body: { detail: 'Nope' } }),
    );
    actor.send({ type: 'field.changed', field: 'email', value: 'grace@example.test' });

    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.serverError).toBeNull();
  });

  it('can submit again straight from failure', async () => {
    const actor = await failWith(
      new ApiError({ kind: 'http', status: 401, body: { detail: 'Nope' } }),
    );
    actor.send({ type: 'form.submitted' });

    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.serverError).toBeNull();
  });

  it('goes from failure back to idle when the fields no longer pass', async () => {
    const actor = await failWith(
      new ApiError({ kind: 'http', status: 401, body: { detail: 'Nope' } }),
    );
    actor.send({ type: 'field.changed', field: 'password', value: '' });
    actor.send({ type: 'form.submitted' });

    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.errors.password).toBe(
      'Password must be at least 8 characters',
    );
  });
});
