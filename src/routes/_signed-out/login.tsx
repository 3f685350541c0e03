import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/login-page';
import { headTitle } from '../../ui/document-title';

export const Route = createFileRoute('/_signed-out/login')({
  // Where to go after signing in: only a path of this app (never another site). `sso_error`:
  // why the last single sign-on failed, as the server's callback told it (decision 054).
  validateSearch: (raw: Record<string, unknown>): { next?: string; sso_error?: string } => ({
    ...(typeof raw.next === 'string' && /^\/(?!\/)/.test(raw.next) ? { next: raw.next } : {}),
    ...(typeof raw.sso_error === 'string' ? { sso_error: raw.sso_error.slice(0, 200) } : {}),
  }),
  head: () => headTitle('Sign in'),
  component: LoginPage,
});
