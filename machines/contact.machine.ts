import { assign, emit, fromPromise, setup, spawnChild } from 'xstate';
import { INVALID_EMAIL, isValidEmail } from '../domain/login-validation';

// Spec §2, §4, §9: the footer contact form. The send is simulated as taking 2000 ms whatever the
// server does, then the form clears and a success toast shows for 3000 ms. The server's answer
// is only logged (spec §8), so a failed send still reads as a success to the visitor.
export const CONTACT_SUBMIT_DELAY_MS = 2000;
export const CONTACT_TOAST_MS = 3000;
export const CONTACT_SUCCESS_MESSAGE = 'Message sent successfully';

export const FIRST_NAME_REQUIRED = 'First name is required';
export const MESSAGE_REQUIRED = 'Message is required';

export interface ContactFields {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
}

export type ContactField = keyof ContactFields;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** What the send actor posts: the contract's ContactMessageInput. */
export interface ContactMessage {
  first_name: string;
  last_name: string | null;
  email: string;
  message: string;
}

export const emptyContactFields: ContactFields = {
  firstName: '',
  lastName: '',
  email: '',
  message: '',
};

export function validateContact(fields: ContactFields): ContactErrors {
  const errors: ContactErrors = {};
  if (!fields.firstName.trim()) errors.firstName = FIRST_NAME_REQUIRED;
  if (!isValidEmail(fields.email.trim())) errors.email = INVALID_EMAIL;
  if (!fields.message.trim()) errors.message = MESSAGE_REQUIRED;
  return errors;
}

export function toContactMessage(fields: ContactFields): ContactMessage {
  const lastName = fields.lastName.trim();
  return {
    first_name: fields.firstName.trim(),
    last_name: lastName === '' ? null : lastName,
    email: fields.email.trim(),
    message: fields.message.trim(),
  };
}

export interface ContactContext {
  fields: ContactFields;
  errors: ContactErrors;
  /** Counts sends so each spawned send has its own id while an earlier one may still run. */
  sent: number;
}

export type ContactEvent =
  | { type: 'field.changed'; field: ContactField; value: string }
  | { type: 'form.submitted' }
  | { type: 'toast.closed' };

/**
 * What the screen is asked to do: the server's answer is only logged (spec §8), and the screen
 * owns the log, as it owns the toasts of the other forms.
 */
export type ContactEmitted = { type: 'send.stored' } | { type: 'send.failed'; error: unknown };

// What a spawned send reports back; its id varies, hence the template types.
type SendOutcome =
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };

const hasNoErrors = ({ context }: { context: ContactContext }) =>
  Object.keys(validateContact(context.fields)).length === 0;

export const contactMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent | SendOutcome,
    emitted: {} as ContactEmitted,
  },
  actors: {
    // Replaced by the app with the real POST /api/auth/contact/ call (and by tests with fixtures).
    sendMessage: fromPromise<unknown, ContactMessage>(async () => {
      throw new Error('sendMessage is not provided');
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const errors: ContactErrors = Object.fromEntries(
        Object.entries(context.errors).filter(([field]) => field !== event.field),
      );
      return { fields: { ...context.fields, [event.field]: event.value }, errors };
    }),
    showErrors: assign(({ context }) => ({ errors: validateContact(context.fields) })),
    // Spawned rather than invoked: the request outlives the 2000 ms of the submitting state, so a
    // slow server still gets the message and its answer is still logged.
    startSend: spawnChild('sendMessage', {
      id: ({ context }) => `send-${context.sent}`,
      input: ({ context }) => toContactMessage(context.fields),
    }),
    countSend: assign(({ context }) => ({ sent: context.sent + 1 })),
    clearForm: assign({ fields: emptyContactFields, errors: {} }),
    logSendResult: emit({ type: 'send.stored' } as const),
    logSendFailure: emit((_, params: { error: unknown }) => ({
      type: 'send.failed' as const,
      error: params.error,
    })),
  },
  guards: {
    isValid: hasNoErrors,
  },
  delays: {
    submitDelay: CONTACT_SUBMIT_DELAY_MS,
    toastDuration: CONTACT_TOAST_MS,
  },
}).createMachine({
  id: 'contact',
  context: { fields: emptyContactFields, errors: {}, sent: 0 },
  initial: 'idle',
  on: {
    'xstate.done.actor.*': { actions: 'logSendResult' },
    'xstate.error.actor.*': {
      actions: {
        type: 'logSendFailure',
        params: ({ event }) => ({ error: 'error' in event ? event.error : undefined }),
      },
    },
  },
  states: {
    idle: {
      on: {
        'field.changed': { actions: 'changeField' },
        'form.submitted': [{ guard: 'isValid', target: 'submitting' }, { actions: 'showErrors' }],
      },
    },
    // The fields are locked while sending: edits and a second submit are ignored here.
    submitting: {
      entry: ['startSend', 'countSend'],
      after: { submitDelay: { target: 'sent', actions: 'clearForm' } },
    },
    // The form is empty and usable again while the toast shows.
    sent: {
      after: { toastDuration: 'idle' },
      on: {
        'toast.closed': 'idle',
        'field.changed': { actions: 'changeField' },
        'form.submitted': [{ guard: 'isValid', target: 'submitting' }, { actions: 'showErrors' }],
      },
    },
  },
});
