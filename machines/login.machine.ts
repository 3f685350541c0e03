import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { loginFailureMessage } from '../domain/auth-failure';
import { firstFieldInError } from '../domain/first-field-in-error';
import {
  type LoginErrors,
  type LoginFields,
  normalizeLogin,
  validateLogin,
} from '../domain/login-validation';

export type LoginFieldName = keyof LoginFields;
/** The order of the fields on the screen, which a refused submit's focus follows. */
export const LOGIN_FIELD_NAMES: readonly LoginFieldName[] = ['email', 'password'];

export interface LoginContext {
  fields: LoginFields;
  /** Spec §5 messages, per field. */
  errors: LoginErrors;
  /** Spec §8: shown in the banner above the form. */
  serverError: string | null;
}

export type LoginEvent =
  { type: 'field.changed'; field: LoginFieldName; value: string } | { type: 'form.submitted' };

/** Asks the screen to go somewhere or to focus a field; the machine never touches either. */
export type LoginEmitted =
  { type: 'navigate'; to: '/map' } | { type: 'focusField'; field: LoginFieldName };

/**
 * Sign-in form (spec §2, §4, §5, §8): the fields are checked before any call; the server's
 * refusal is shown as a banner; editing a field clears that field's error and the banner.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    emitted: {} as LoginEmitted,
  },
  actors: {
    // Provided by the screen: signs in through the session and resolves with the user.
    submitLogin: fromPromise<unknown, LoginFields>(async () => {
      throw new Error('submitLogin is provided by the sign-in screen');
    }),
  },
  actions: {
    updateField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      return {
        fields: { ...context.fields, [event.field]: event.value },
        errors: { ...context.errors, [event.field]: undefined },
        serverError: null,
      };
    }),
    checkFields: assign({ errors: ({ context }) => validateLogin(context.fields) }),
    clearServerError: assign({ serverError: null }),
    showServerError: assign({ serverError: (_, error: unknown) => loginFailureMessage(error) }),
    goToMap: emit({ type: 'navigate', to: '/map' } as const),
    focusFirstError: enqueueActions(({ context, enqueue }) => {
      const field = firstFieldInError(LOGIN_FIELD_NAMES, context.errors);
      if (field) enqueue.emit({ type: 'focusField', field });
    }),
  },
  guards: {
    hasFieldErrors: ({ context }) => Object.values(context.errors).some(Boolean),
  },
}).createMachine({
  id: 'login',
  context: { fields: { email: '', password: '' }, errors: {}, serverError: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.changed': { actions: 'updateField' },
        'form.submitted': { target: 'validating' },
      },
    },
    validating: {
      entry: ['clearServerError', 'checkFields'],
      always: [
        { guard: 'hasFieldErrors', target: 'idle', actions: 'focusFirstError' },
        { target: 'submitting' },
      ],
    },
    submitting: {
      // Typing goes on while the request is out; a second submit does not.
      on: { 'field.changed': { actions: 'updateField' } },
      invoke: {
        src: 'submitLogin',
        input: ({ context }) => normalizeLogin(context.fields),
        onDone: { target: 'success' },
        onError: {
          target: 'failure',
          actions: {
            type: 'showServerError',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    failure: {
      on: {
        'field.changed': { target: 'idle', actions: 'updateField' },
        'form.submitted': { target: 'validating' },
      },
    },
    success: {
      type: 'final',
      entry: 'goToMap',
    },
  },
});
