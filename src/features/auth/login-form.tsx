import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { type LoginFieldName, loginMachine } from '../../../machines/login.machine';
import { useSession } from '../../api/session-context';
import type { LoginFields } from '../../../domain/login-validation';
import { Button } from '../../ui/button';
import { stack } from '../../ui/layout.css';
import { TextField } from '../../ui/text-field';
import { focusField } from './focus-field';
import { useEmitted } from '../../state-machines/use-emitted';
import { useInspectedMachine } from '../../state-machines/use-inspected-machine';
import { useFailureNotice } from '../../ui/use-failure-notice';

// The sign-in form of spec §2: its states and messages are the login machine's.
export function LoginForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const { next } = useSearch({ from: '/_signed-out/login' });
  // Created once: the machine a running actor was started from must not change under it.
  const [machine] = useState(() =>
    loginMachine.provide({
      actors: { submitLogin: fromPromise<unknown, LoginFields>(({ input }) => signIn(input)) },
    }),
  );
  const [snapshot, send, actor] = useInspectedMachine(machine);
  const formRef = useRef<HTMLFormElement>(null);
  useEmitted(actor, (event) => {
    if (event.type === 'focusField') focusField(formRef, event.field);
    else void (next ? navigate({ href: next }) : navigate({ to: event.to }));
  });

  const { fields, errors, serverError } = snapshot.context;
  const busy = snapshot.matches('submitting') || snapshot.matches('success');

  const change = (field: LoginFieldName) => (event: ChangeEvent<HTMLInputElement>) =>
    send({ type: 'field.changed', field, value: event.target.value });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send({ type: 'form.submitted' });
  }

  const serverFailure = useFailureNotice(serverError, { as: 'banner' });
  return (
    <form ref={formRef} className={stack} onSubmit={submit} noValidate aria-busy={busy}>
      {serverFailure}
      {/* Sign-in is all this screen is for: typing can start at once (issue 36, item 13). */}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        required
        value={fields.email}
        onChange={change('email')}
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={fields.password}
        onChange={change('password')}
        error={errors.password}
      />
      <Button type="submit" fullWidth disabled={busy}>
        {busy ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
