/** The demo accounts `npm start` creates on an empty database and prints at start. */
export const DEMO_STAFF = {
  username: 'demo-staff',
  email: 'staff@spanwatch.demo',
  password: 'SpanWatch-staff-1',
} as const;

export const DEMO_OPERATOR = {
  username: 'demo-operator',
  email: 'operator@spanwatch.demo',
  password: 'SpanWatch-operator-1',
  /**
   * Verified at seeding (decision 065, amended 2026-12-01), so a start with the SMS provider's
   * settings texts the operator the Critical bridge's alerts. A number of the 555-01XX range,
   * kept for fiction: no real phone answers it.
   */
  phone: '+15065550142',
} as const;

/** The administrator of the demo's second company, Prairie Crossings Ltd. (decision 040). */
export const DEMO_PRAIRIE_ADMIN = {
  username: 'prairie-admin',
  email: 'admin@prairie.demo',
  password: 'SpanWatch-admin-2',
} as const;
