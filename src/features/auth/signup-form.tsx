import { useNavigate } from '@tanstack/react-router';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { signupMachine } from '../../../machines/signup.machine';
import { useSession } from '../../api/session-context';
import {
  SIGNUP_FIELD_NAMES,
  type SignupFieldName,
  type SignupFields,
} from '../../../domain/signup-validation';
import { Button } from '../../ui/button';
import { stack } from '../../ui/layout.css';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { focusField } from './focus-field';
import { useEmitted } from '../../state-machines/use-emitted';
import { useInspectedMachine } from '../../state-machines/use-inspected-machine';

interface FieldSpec {
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
}

const FIELDS: Record<SignupFieldName, FieldSpec> = {
  username: { label: 'Username', type: 'text', autoComplete: 'username' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  password: { label: 'Password', type: 'password', autoComplete: 'new-password' },
  company: { label: 'Company', type: 'text', autoComplete: 'organization' },
  address: { label: 'Address', type: 'text', autoComplete: 'street-address' },
};

// The sign-up form of spec §2: its states, messages and the redirect delay are the machine's.
export function SignupForm() {
  const { signUp } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    signupMachine.provide({
      actors: { submitSignup: fromPromise<unknown, SignupFields>(({ input }) => signUp(input)) },
    }),
  );
  const [snapshot, send, actor] = useInspectedMachine(machine);
  const formRef = useRef<HTMLFormElement>(null);
  useEmitted(actor, (event) => {
    if (event.type === 'navigate') void navigate({ to: event.to });
    else if (event.type === 'focusField') focusField(formRef, event.field);
    else toast.show({ tone: event.tone, message: event.message, durationMs: event.durationMs });
  });

  const { fields, errors } = snapshot.context;
  const submitting = snapshot.matches('submitting');
  // After success the account exists: nothing more to send while the redirect is pending.
  const locked = submitting || snapshot.matches('success') || snapshot.matches('redirected');

  const change = (field: SignupFieldName) => (event: ChangeEvent<HTMLInputElement>) =>
    send({ type: 'field.changed', field, value: event.target.value });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send({ type: 'form.submitted' });
  }

  return (
    <form ref={formRef} className={stack} onSubmit={submit} noValidate aria-busy={submitting}>
      {SIGNUP_FIELD_NAMES.map((name) => (
        <TextField
          key={name}
          label={FIELDS[name].label}
          name={name}
          type={FIELDS[name].type}
          autoComplete={FIELDS[name].autoComplete}
          required
          value={fields[name]}
          onChange={change(name)}
          error={errors[name]}
        />
      ))}
      <Button type="submit" fullWidth disabled={locked}>
        {submitting ? 'Submitting...' : 'Sign Up'}
      </Button>
    </form>
  );
}
