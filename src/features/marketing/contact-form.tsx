import { type FormEvent, useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import {
  CONTACT_SUCCESS_MESSAGE,
  type ContactField,
  type ContactMessage,
  contactMachine,
} from '../../../machines/contact.machine';
import { useApi } from '../../api/api-context';
import type { ApiClient } from '../../api/client';
import { answerOf } from '../../api/answer';
import { useEmitted } from '../../state-machines/use-emitted';
import { useInspectedMachine } from '../../state-machines/use-inspected-machine';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import * as toastStyles from '../../ui/toast.css';
import * as styles from './site-footer.css';
import { TextAreaField } from './text-area-field';
import { useHydrated } from './use-hydrated';

// Each field of the machine and the name of its control.
const CONTROL_NAMES: ReadonlyArray<readonly [ContactField, string]> = [
  ['firstName', 'first_name'],
  ['lastName', 'last_name'],
  ['email', 'email'],
  ['message', 'message'],
];

function contactSender(api: ApiClient) {
  return fromPromise<unknown, ContactMessage>(async ({ input }) => {
    return answerOf(
      api.POST('/api/auth/contact/', { body: input }),
      'The contact message was not stored',
    );
  });
}

/**
 * The footer contact form (spec §2, §4). The machine owns every timing: the 2000 ms send, then
 * the 3000 ms success toast, which it draws with the shared toast look.
 */
export function ContactForm() {
  const api = useApi();
  const machine = useMemo(
    () => contactMachine.provide({ actors: { sendMessage: contactSender(api) } }),
    [api],
  );
  const [snapshot, send, actor] = useInspectedMachine(machine);
  // Spec §8: the server's answer is only logged; the visitor sees success either way.
  useEmitted(actor, (event) => {
    if (event.type === 'send.stored') console.info('Contact message stored');
    else console.warn('Contact message could not be sent', event.error);
  });
  const { fields, errors } = snapshot.context;
  const submitting = snapshot.matches('submitting');
  const formRef = useRef<HTMLFormElement>(null);
  // Before the app starts, sending would submit the form the browser's way, the message landing
  // in the address; the button waits for the app.
  const hydrated = useHydrated();

  // The page may arrive prerendered (build/prerender-plugin.ts), so a visitor can type before
  // the app starts. React keeps the text on screen but not in the machine; this puts it there.
  useEffect(() => {
    for (const [field, name] of CONTROL_NAMES) {
      const control = formRef.current?.elements.namedItem(name);
      const typed =
        control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement
          ? control.value
          : '';
      if (typed) send({ type: 'field.changed', field, value: typed });
    }
  }, [send]);

  const change = (field: ContactField) => (value: string) =>
    send({ type: 'field.changed', field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'form.submitted' });
  };

  return (
    <>
      <form
        ref={formRef}
        className={styles.form}
        noValidate
        onSubmit={submit}
        aria-busy={submitting}
      >
        <div className={styles.nameRow}>
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            required
            value={fields.firstName}
            error={errors.firstName}
            disabled={submitting}
            onChange={(event) => change('firstName')(event.target.value)}
          />
          <TextField
            label="Last name (optional)"
            name="last_name"
            autoComplete="family-name"
            value={fields.lastName}
            disabled={submitting}
            onChange={(event) => change('lastName')(event.target.value)}
          />
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          error={errors.email}
          disabled={submitting}
          onChange={(event) => change('email')(event.target.value)}
        />
        <TextAreaField
          label="Message"
          name="message"
          required
          rows={5}
          value={fields.message}
          error={errors.message}
          disabled={submitting}
          onChange={(event) => change('message')(event.target.value)}
        />
        <Button type="submit" disabled={submitting || !hydrated}>
          {submitting ? 'Submitting...' : 'Send message'}
        </Button>
      </form>
      {/* The live region stays mounted so the toast's text is announced when it appears. */}
      <div className={toastStyles.region} role="status" aria-live="polite">
        {snapshot.matches('sent') && (
          <div className={toastStyles.toast.success}>
            <span className={toastStyles.message}>{CONTACT_SUCCESS_MESSAGE}</span>
            <button
              type="button"
              className={toastStyles.close}
              aria-label="Close notification"
              onClick={() => send({ type: 'toast.closed' })}
            >
              ×
            </button>
          </div>
        )}
      </div>
    </>
  );
}
