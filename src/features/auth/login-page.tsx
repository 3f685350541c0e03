import { Link, useSearch } from '@tanstack/react-router';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { SsoSignIn } from './sso-sign-in';

export function LoginPage() {
  const { sso_error } = useSearch({ from: '/_signed-out/login' });
  return (
    <AuthCard footer={<Link to="/signup">Don&apos;t have an account?</Link>}>
      <LoginForm />
      <SsoSignIn error={sso_error} />
    </AuthCard>
  );
}
