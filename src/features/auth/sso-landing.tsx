import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { apiErrorText } from '../../../domain/api-error';
import { useApi } from '../../api/api-context';
import { useSession } from '../../api/session-context';
import { exchangeSso } from '../../api/sso';
import { Spinner } from '../../ui/spinner';
import { AuthCard } from './auth-card';

/**
 * Where the server's single sign-on callback sends the browser (decision 054): the one-time code
 * in the fragment (never sent to a server) is traded for the usual tokens, and the user goes to
 * the map. Both ways out replace this entry, so the code does not stay in the history.
 */
export function SsoLanding() {
  const api = useApi();
  const { signInWithTokens } = useSession();
  const navigate = useNavigate();
  const hash = useLocation({ select: (location) => location.hash });
  // The code works once: React's repeated effects in development must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(hash.replace(/^#/, '')).get('code') ?? '';
    const fail = (message: string) =>
      navigate({ to: '/login', search: { sso_error: message }, replace: true });
    if (!code) {
      void fail('Single sign-on did not finish; start it again');
      return;
    }
    exchangeSso(api, code)
      .then(signInWithTokens)
      .then(() => navigate({ to: '/map', replace: true }))
      .catch((error: unknown) =>
        fail(apiErrorText(error, 'Single sign-on could not be completed')),
      );
  }, [api, hash, navigate, signInWithTokens]);

  return (
    <AuthCard>
      <Spinner label="Signing you in..." />
    </AuthCard>
  );
}
