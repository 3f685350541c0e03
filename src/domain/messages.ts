// User-facing wording shared by several screens, kept in one place so tests and screens agree.
export const UNEXPECTED_ERROR = 'An unexpected error occurred';
export const SIGN_IN_FAILED = 'Sign-in failed. Check your email and password and try again.';
