import { type FormEvent, useState } from 'react';
import { apiErrorText } from '../../../domain/api-error';
import { useApi } from '../../api/api-context';
import { startSso } from '../../api/sso';
import { Button } from '../../ui/button';
import { ErrorBanner } from '../../ui/error-banner';
import { stack } from '../../ui/layout.css';
import { TextField } from '../../ui/text-field';

/**
 * Sign-in through the company's identity provider (decision 054), beside the spec's form and
 * without changing it: the work email names the company, and the browser goes to its provider.
 * `error` is why the last single sign-on failed, as the server's callback told it.
 */
export function SsoSignIn({
  error,
  goTo = (url) => window.location.assign(url),
}: {
  error?: string;
  goTo?: (url: string) => void;
}) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      goTo(await startSso(api, email.trim()));
    } catch (caught) {
      setFailure(apiErrorText(caught, 'Single sign-on could not be started'));
      setBusy(false);
    }
  }

  return (
    <section className={stack} aria-label="Single sign-on">
      {error && <ErrorBanner>{error}</ErrorBanner>}
      {open ? (
        <form className={stack} onSubmit={submit} noValidate aria-busy={busy}>
          {failure && <ErrorBanner>{failure}</ErrorBanner>}
          <TextField
            label="Work email"
            name="sso-email"
            type="email"
            autoComplete="email"
            autoFocus
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" variant="secondary" fullWidth disabled={busy || !email.trim()}>
            {busy ? 'Opening your sign-in page...' : 'Continue with single sign-on'}
          </Button>
        </form>
      ) : (
        <Button variant="secondary" fullWidth onClick={() => setOpen(true)}>
          Sign in with single sign-on
        </Button>
      )}
    </section>
  );
}
