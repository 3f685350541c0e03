import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';

/** Failed logins per email and address, kept in the database so every API instance sees them. */
/** Failed logins allowed per email and address in the window before answering 429. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export function createLoginFailuresRepository(db: Db, windowMs: number) {
  const since = () => new Date(Date.now() - windowMs);
  return {
    async recent(email: string, ip: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(
          and(
            eq(loginFailures.email, email.toLowerCase()),
            eq(loginFailures.ip, ip),
            gt(loginFailures.failedAt, since()),
          ),
        );
      return row?.n ?? 0;
    },
    async record(email: string, ip: string): Promise<void> {
      await db.insert(loginFailures).values({ email: email.toLowerCase(), ip });
      // Keep the table small: anything older than the window no longer counts.
      await db.delete(loginFailures).where(lt(loginFailures.failedAt, sql`${since()}`));
    },
    async clear(email: string, ip: string): Promise<void> {
      await db
        .delete(loginFailures)
        .where(and(eq(loginFailures.email, email.toLowerCase()), eq(loginFailures.ip, ip)));
    },
  };
}

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;
