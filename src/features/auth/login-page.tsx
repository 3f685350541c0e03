import { Link } from '@tanstack/react-router';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

export function LoginPage() {
  return (
    <AuthCard footer={<Link to="/signup">Don&apos;t have an account?</Link>}>
      <LoginForm />
    </AuthCard>
  );
}
