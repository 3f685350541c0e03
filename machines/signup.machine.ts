import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { signupFailureMessage, signupFieldErrors } from '../domain/auth-failure';
import { firstFieldInError } from '../domain/first-field-in-error';
import { ACCOUNT_CREATED } from '../domain/messages';
import {
  EMPTY_SIGNUP_FIELDS,
  SIGNUP_FIELD_NAMES,
  type SignupErrors,
  type SignupFieldName,
  type SignupFields,
  hasErrors,
  normalizeSignup,
  validateSignup,
} from '../domain/signup-validation';

// Spec §9: the sign-up toast stays 5000 ms; the redirect to /login follows 2000 ms after success.
export const SIGNUP_TOAST_MS = 5000;
export const SIGNUP_REDIRECT_DELAY_MS = 2000;

export interface SignupContext {
  fields: SignupFields;
  errors: SignupErrors;
}

export type SignupEvent =
  { type: 'field.changed'; field: SignupFieldName; value: string } | { type: 'form.submitted' };

/** What the screen is asked to do: the machine never touches the toast, the router or focus. */
export type SignupEmitted =
  | { type: 'notify'; tone: 'success' | 'error'; message: string; durationMs: number }
  | { type: 'navigate'; to: '/login' }
  | { type: 'focusField'; field: SignupFieldName };

/**
 * Sign-up form (spec §2, §4, §5, §8): five required fields checked before the request, which is
 * sent only when all pass; success and failure are told by toasts; success leads to /login.
 */
export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    emitted: {} as SignupEmitted,
  },
  actors: {
    // Provided by the screen: POST /auth/signup, rejecting unless the answer is 200 or 201.
    submitSignup: fromPromise<unknown, SignupFields>(async () => {
      throw new Error('submitSignup is provided by the sign-up screen');
    }),
  },
  actions: {
    updateField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      return {
        fields: { ...context.fields, [event.field]: event.value },
        errors: { ...context.errors, [event.field]: undefined },
      };
    }),
    checkFields: assign({ errors: ({ context }) => validateSignup(context.fields) }),
    // A refusal about one field (a taken email) is also shown on that field.
    markServerFieldError: assign(({ context }, error: unknown) => ({
      errors: { ...context.errors, ...signupFieldErrors(error) },
    })),
    notifyCreated: emit({
      type: 'notify',
      tone: 'success',
      message: ACCOUNT_CREATED,
      durationMs: SIGNUP_TOAST_MS,
    } as const),
    notifyFailure: emit((_, error: unknown) => ({
      type: 'notify' as const,
      tone: 'error' as const,
      message: signupFailureMessage(error),
      durationMs: SIGNUP_TOAST_MS,
    })),
    goToLogin: emit({ type: 'navigate', to: '/login' } as const),
    // After a refusal, on the fields' messages or the server's about one field.
    focusFirstError: enqueueActions(({ context, enqueue }) => {
      const field = firstFieldInError(SIGNUP_FIELD_NAMES, context.errors);
      if (field) enqueue.emit({ type: 'focusField', field });
    }),
  },
  guards: {
    hasFieldErrors: ({ context }) => hasErrors(context.errors),
  },
  delays: {
    redirectDelay: SIGNUP_REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: 'signup',
  context: { fields: EMPTY_SIGNUP_FIELDS, errors: {} },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.changed': { actions: 'updateField' },
        'form.submitted': { target: 'validating' },
      },
    },
    validating: {
      entry: 'checkFields',
      always: [
        { guard: 'hasFieldErrors', target: 'idle', actions: 'focusFirstError' },
        { target: 'submitting' },
      ],
    },
    submitting: {
      on: { 'field.changed': { actions: 'updateField' } },
      invoke: {
        src: 'submitSignup',
        input: ({ context }) => normalizeSignup(context.fields),
        onDone: { target: 'success' },
        onError: {
          target: 'failure',
          actions: [
            {
              type: 'notifyFailure',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            {
              type: 'markServerFieldError',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            'focusFirstError',
          ],
        },
      },
    },
    failure: {
      // The toast tells what went wrong (and the field, when the server named one); the fields
      // stay filled for another try.
      on: {
        'field.changed': { target: 'idle', actions: 'updateField' },
        'form.submitted': { target: 'validating' },
      },
    },
    success: {
      // The account exists: the form takes no more input while the toast is read.
      entry: 'notifyCreated',
      after: { redirectDelay: { target: 'redirected' } },
    },
    redirected: {
      type: 'final',
      entry: 'goToLogin',
    },
  },
});
