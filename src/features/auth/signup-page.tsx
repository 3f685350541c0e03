import { Link } from '@tanstack/react-router';
import { AuthCard } from './auth-card';

// Placeholder until the sign-up form and its state machine arrive.
export function SignupPage() {
  return (
    <AuthCard footer={<Link to="/login">Already have an account? Sign in</Link>}>
      <p>
        Account registration opens here soon. If your organisation already uses SpanWatch, ask your
        administrator for an account.
      </p>
    </AuthCard>
  );
}
