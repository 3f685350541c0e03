import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONTACT_SUBMIT_DELAY_MS,
  CONTACT_TOAST_MS,
  type ContactMessage,
  FIRST_NAME_REQUIRED,
  MESSAGE_REQUIRED,
  contactMachine,
  emptyContactFields,
} from '../../machines/contact.machine';
import { INVALID_EMAIL } from '../../domain/login-validation';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(send: (input: ContactMessage) => Promise<unknown> = async () => ({ ok: true })) {
  const clock = new SimulatedClock();
  const sent: ContactMessage[] = [];
  const logs = { stored: 0, failures: [] as unknown[] };
  const machine = contactMachine.provide({
    actors: {
      sendMessage: fromPromise<unknown, ContactMessage>(({ input }) => {
        sent.push(input);
        return send(input);
      }),
    },
    actions: {
      logSendResult: () => {
        logs.stored += 1;
      },
      logSendFailure: (_, params) => {
        logs.failures.push(params.error);
      },
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, sent, logs };
}

function fill(actor: ReturnType<typeof start>['actor'], lastName = '') {
  actor.send({ type: 'field.changed', field: 'firstName', value: ' Marie ' });
  actor.send({ type: 'field.changed', field: 'lastName', value: lastName });
  actor.send({ type: 'field.changed', field: 'email', value: 'marie@ville.qc.ca' });
  actor.send({ type: 'field.changed', field: 'message', value: 'Please call about our bridge.' });
}

afterEach(() => vi.restoreAllMocks());

describe('contact machine', () => {
  it('starts idle with an empty form', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.fields).toEqual(emptyContactFields);
  });

  it('refuses an incomplete form, naming each failing field, and sends nothing', () => {
    const { actor, sent } = start();
    actor.send({ type: 'field.changed', field: 'email', value: 'not-an-email' });
    actor.send({ type: 'form.submitted' });

    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({
      firstName: FIRST_NAME_REQUIRED,
      email: INVALID_EMAIL,
      message: MESSAGE_REQUIRED,
    });
    expect(sent).toEqual([]);
  });

  it('clears only the edited field’s error', () => {
    const { actor } = start();
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'field.changed', field: 'firstName', value: 'M' });
    expect(actor.getSnapshot().context.errors).toEqual({
      email: INVALID_EMAIL,
      message: MESSAGE_REQUIRED,
    });
  });

  it('sends the trimmed message with a null last name when none is given', async () => {
    const { actor, sent } = start();
    fill(actor);
    actor.send({ type: 'form.submitted' });
    await flush();

    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(sent).toEqual([
      {
        first_name: 'Marie',
        last_name: null,
        email: 'marie@ville.qc.ca',
        message: 'Please call about our bridge.',
      },
    ]);
  });

  it('keeps the form locked while submitting: edits and a second submit are ignored', async () => {
    const { actor, sent } = start();
    fill(actor, 'Tremblay');
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'field.changed', field: 'firstName', value: 'Changed' });
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'toast.closed' });
    await flush();

    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(actor.getSnapshot().context.fields.firstName).toBe(' Marie ');
    expect(sent).toHaveLength(1);
  });

  it('clears the form and shows the toast exactly 2000 ms after submitting', () => {
    const { actor, clock } = start();
    fill(actor);
    actor.send({ type: 'form.submitted' });

    clock.increment(CONTACT_SUBMIT_DELAY_MS - 1);
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('sent')).toBe(true);
    expect(actor.getSnapshot().context.fields).toEqual(emptyContactFields);
  });

  it('hides the toast exactly 3000 ms after it appeared', () => {
    const { actor, clock } = start();
    fill(actor);
    actor.send({ type: 'form.submitted' });
    clock.increment(CONTACT_SUBMIT_DELAY_MS);

    clock.increment(CONTACT_TOAST_MS - 1);
    expect(actor.getSnapshot().matches('sent')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('hides the toast at once by its close button', () => {
    const { actor, clock } = start();
    fill(actor);
    actor.send({ type: 'form.submitted' });
    clock.increment(CONTACT_SUBMIT_DELAY_MS);

    actor.send({ type: 'toast.closed' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('ignores the close button when no toast shows', () => {
    const { actor } = start();
    actor.send({ type: 'toast.closed' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('shows success even when the server fails, and only logs the failure', async () => {
    const failure = new Error('503 Service Unavailable');
    const { actor, clock, logs } = start(async () => {
      throw failure;
    });
    fill(actor);
    actor.send({ type: 'form.submitted' });
    await flush();
    clock.increment(CONTACT_SUBMIT_DELAY_MS);

    expect(actor.getSnapshot().matches('sent')).toBe(true);
    expect(logs.failures).toEqual([failure]);
    expect(logs.stored).toBe(0);
  });

  it('logs a stored message even when the server answers after the 2000 ms', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { actor, clock, logs } = start(() => new Promise((resolve) => (answer = resolve)));
    fill(actor);
    actor.send({ type: 'form.submitted' });
    clock.increment(CONTACT_SUBMIT_DELAY_MS);
    clock.increment(CONTACT_TOAST_MS);
    expect(actor.getSnapshot().matches('idle')).toBe(true);

    answer({ message: 'Thanks' });
    await flush();
    expect(logs.stored).toBe(1);
  });

  it('accepts a new message while the toast shows, which hides the toast', async () => {
    const { actor, clock, sent } = start();
    fill(actor);
    actor.send({ type: 'form.submitted' });
    clock.increment(CONTACT_SUBMIT_DELAY_MS);

    fill(actor);
    actor.send({ type: 'form.submitted' });
    await flush();
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('refuses an incomplete second message while the toast shows, keeping the toast', () => {
    const { actor, clock } = start();
    fill(actor);
    actor.send({ type: 'form.submitted' });
    clock.increment(CONTACT_SUBMIT_DELAY_MS);

    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().matches('sent')).toBe(true);
    expect(actor.getSnapshot().context.errors.firstName).toBe(FIRST_NAME_REQUIRED);
  });
});
