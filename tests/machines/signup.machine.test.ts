import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type SignupEmitted, signupMachine } from '../../machines/signup.machine';
import { ApiError } from '../../domain/api-error';
import type { SignupFields } from '../../domain/signup-validation';

interface Deferred {
  input: SignupFields;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function start() {
  const clock = new SimulatedClock();
  const calls: Deferred[] = [];
  const machine = signupMachine.provide({
    actors: {
      submitSignup: fromPromise<unknown, SignupFields>(
        ({ input }) =>
          new Promise<void>((resolve, reject) => {
            calls.push({ input, resolve, reject });
          }),
      ),
    },
  });
  const actor = createActor(machine, { clock }).start();
  const emitted: SignupEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  return { actor, clock, calls, emitted };
}

type Actor = ReturnType<typeof start>['actor'];

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const VALID: SignupFields = {
  username: 'ada',
  email: 'ada@example.test',
  password: 'correct-horse',
  company: 'Northern Spans Ltd',
  address: '1 Harbour Road',
};

function fill(actor: Actor, fields: Partial<SignupFields> = {}) {
  for (const [field, value] of Object.entries({ ...VALID, ...fields })) {
    actor.send({ type: 'field.changed', field: field as keyof SignupFields, value });
  }
}

async function submitAndAnswer(answer: (call: Deferred) => void) {
  const started = start();
  fill(started.actor);
  started.actor.send({ type: 'form.submitted' });
  const call = started.calls[0];
  if (call) answer(call);
  await flush();
  return started;
}

describe('sign-up machine', () => {
  it('starts idle with five empty fields', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.fields).toEqual({
      username: '',
      email: '',
      password: '',
      company: '',
      address: '',
    });
  });

  it('names every failing field and sends nothing', () => {
    const { actor, calls, emitted } = start();
    actor.send({ type: 'field.changed', field: 'username', value: 'ab' });
    actor.send({ type: 'field.changed', field: 'company', value: '   ' });
    actor.send({ type: 'form.submitted' });

    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.errors).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email',
      password: 'Password must be at least 8 characters',
      company: 'Company is required',
      address: 'Address is required',
    });
    expect(calls).toHaveLength(0);
    // Focus goes to the first field in error; nothing else is asked of the screen.
    expect(emitted).toEqual([{ type: 'focusField', field: 'username' }]);
  });

  it('blocks the request when a single field fails', () => {
    const { actor, calls } = start();
    fill(actor, { address: '' });
    actor.send({ type: 'form.submitted' });

    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.errors).toEqual({ address: 'Address is required' });
    expect(calls).toHaveLength(0);
  });

  it('editing a field clears only its error', () => {
    const { actor } = start();
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'field.changed', field: 'company', value: 'A' });

    const { errors } = actor.getSnapshot().context;
    expect(errors.company).toBeUndefined();
    expect(errors.address).toBe('Address is required');
  });

  it('sends the five fields, trimmed except the password, once', () => {
    const { actor, calls } = start();
    fill(actor, { username: ' ada ', password: ' pass word ' });
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'form.submitted' });

    expect(actor.getSnapshot().value).toBe('submitting');
    expect(calls.map((call) => call.input)).toEqual([
      { ...VALID, username: 'ada', password: ' pass word ' },
    ]);
  });

  it('keeps typing while submitting', () => {
    const { actor } = start();
    fill(actor);
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'field.changed', field: 'address', value: '2 Quay' });

    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.fields.address).toBe('2 Quay');
  });

  it('on success shows the green toast for 5000 ms and goes to /login after exactly 2000 ms', async () => {
    const { actor, clock, emitted } = await submitAndAnswer((call) => call.resolve());

    expect(actor.getSnapshot().value).toBe('success');
    expect(emitted).toEqual([
      {
        type: 'notify',
        tone: 'success',
        message: 'Account created successfully!',
        durationMs: 5000,
      },
    ]);

    clock.increment(1999);
    expect(actor.getSnapshot().value).toBe('success');
    expect(emitted).toHaveLength(1);

    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('redirected');
    expect(actor.getSnapshot().status).toBe('done');
    expect(emitted.at(-1)).toEqual({ type: 'navigate', to: '/login' });
  });

  it('takes no edits or submits while the success toast is read', async () => {
    const { actor, calls } = await submitAndAnswer((call) => call.resolve());
    actor.send({ type: 'field.changed', field: 'username', value: 'other' });
    actor.send({ type: 'form.submitted' });

    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.fields.username).toBe('ada');
    expect(calls).toHaveLength(1);
  });

  it.each([
    [
      'the server detail',
      new ApiError({ kind: 'http', status: 400, body: { detail: 'email: already taken' } }),
      'email: already taken',
    ],
    [
      'the refusal text without a detail',
      new ApiError({ kind: 'http', status: 500, body: {} }),
      'Signup failed. Please try again.',
    ],
    [
      'the error text when the request throws',
      new TypeError('Failed to fetch'),
      'An error occurred while signing up. Please try again.',
    ],
  ])('on failure shows a red toast with %s', async (_, error, message) => {
    const { actor, clock, emitted } = await submitAndAnswer((call) => call.reject(error));

    expect(actor.getSnapshot().value).toBe('failure');
    const toasts = () => emitted.filter((event) => event.type !== 'focusField');
    expect(toasts()).toEqual([{ type: 'notify', tone: 'error', message, durationMs: 5000 }]);

    // No redirect ever follows a failure.
    clock.increment(10_000);
    expect(actor.getSnapshot().value).toBe('failure');
    expect(toasts()).toHaveLength(1);
  });

  it('sends focus to the field the server refused, and nowhere when it named none', async () => {
    const taken = await submitAndAnswer((call) =>
      call.reject(
        new ApiError({
          kind: 'http',
          status: 400,
          body: { detail: 'email: a user with this email already exists' },
        }),
      ),
    );
    expect(taken.actor.getSnapshot().context.errors.email).toBeTruthy();
    expect(taken.emitted.at(-1)).toEqual({ type: 'focusField', field: 'email' });

    const down = await submitAndAnswer((call) =>
      call.reject(new ApiError({ kind: 'http', status: 500, body: {} })),
    );
    expect(down.emitted.filter((event) => event.type === 'focusField')).toEqual([]);
  });

  it('after a failure, editing returns to idle and submitting again sends again', async () => {
    const { actor, calls } = await submitAndAnswer((call) =>
      call.reject(new ApiError({ kind: 'http', status: 500, body: {} })),
    );
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(calls).toHaveLength(2);

    calls[1]?.reject(new ApiError({ kind: 'http', status: 500, body: {} }));
    await flush();
    actor.send({ type: 'field.changed', field: 'email', value: 'grace@example.test' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
