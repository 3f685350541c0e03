import type { TestContext } from './test-app.ts';

/**
 * A user of a named company (decision 040: the name finds or makes the company), optionally its
 * administrator or platform staff, signed in.
 */
export async function companyPerson(
  t: TestContext,
  username: string,
  company: string,
  role: { admin?: boolean; staff?: boolean } = {},
) {
  const { users, sessions, passwords } = t.services;
  const row = await users.create({
    username,
    email: `${username}@example.ca`,
    passwordHash: await passwords.hash('long-enough-1'),
    company,
    address: '1 Road',
  });
  if (role.admin || role.staff) {
    await users.update(row.id, { isCompanyAdmin: role.admin ?? false, isStaff: role.staff });
  }
  return { row, token: (await sessions.start(row.id)).access };
}
