// User-facing wording shared by several screens, kept in one place so tests and screens agree.
export const UNEXPECTED_ERROR = 'An unexpected error occurred';
// Spec §8 leaves the generic sign-in failure text open; this is ours.
export const SIGN_IN_FAILED = 'Sign-in failed. Check your email and password and try again.';

// Spec §2 and §8, sign-up.
export const ACCOUNT_CREATED = 'Account created successfully!';
export const SIGNUP_FAILED = 'Signup failed. Please try again.';
export const SIGNUP_ERROR = 'An error occurred while signing up. Please try again.';

// Spec §2, Settings dialog.
export const DELETE_ACCOUNT_WARNING = 'This action cannot be undone. Are you sure?';
