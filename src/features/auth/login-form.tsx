import { useNavigate } from '@tanstack/react-router';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useSession } from '../../api/session-context';
import { type LoginErrors, type LoginFields, validateLogin } from '../../domain/login-validation';
import { Button } from '../../ui/button';
import { ErrorBanner } from '../../ui/error-banner';
import { stack } from '../../ui/layout.css';
import { TextField } from '../../ui/text-field';

// A deliberately small form; the login state machine replaces this logic in a later issue.
export function LoginForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [fields, setFields] = useState<LoginFields>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Spec §2: editing a field clears that field's error and the server's message.
  const change = (name: keyof LoginFields) => (event: ChangeEvent<HTMLInputElement>) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    setServerError(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateLogin(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setBusy(true);
    const result = await signIn({ email: fields.email.trim(), password: fields.password });
    if (result.ok) {
      await navigate({ to: '/map' });
      return;
    }
    setServerError(result.message);
    setBusy(false);
  }

  return (
    <form className={stack} onSubmit={submit} noValidate aria-busy={busy}>
      {serverError && <ErrorBanner>{serverError}</ErrorBanner>}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
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
