import { Link } from '@tanstack/react-router';
import { AuthCard } from './auth-card';
import { SignupForm } from './signup-form';

export function SignupPage() {
  return (
    <AuthCard footer={<Link to="/login">Already have an account? Sign in</Link>}>
      <SignupForm />
    </AuthCard>
  );
}
