import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bridges, datastreams, userBridges, userDatastreams, users } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { uniqueViolation } from '../db/errors.ts';
import { companyOfUser } from './companies-repository.ts';

export type UserRow = typeof users.$inferSelect;
/** The company is named; the repository finds or makes its row (decision 040). */
export type NewUser = Omit<typeof users.$inferInsert, 'companyId'>;

export interface UserAssignments {
  bridges: number[];
  datastreams: number[];
}

export function createUsersRepository(db: Db) {
  async function assertUnique(fields: { email?: string; username?: string }, exceptId?: number) {
    if (fields.email !== undefined) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${fields.email})`);
      if (row && row.id !== exceptId) {
        throw new HttpError(400, 'email: a user with this email already exists');
      }
    }
    if (fields.username !== undefined) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${fields.username})`);
      if (row && row.id !== exceptId) {
        throw new HttpError(400, 'username: a user with this username already exists');
      }
    }
  }

  async function assignmentsOf(userIds: number[]): Promise<Map<number, UserAssignments>> {
    const result = new Map<number, UserAssignments>(
      userIds.map((id) => [id, { bridges: [], datastreams: [] }]),
    );
    if (userIds.length === 0) return result;
    const [bridgeRows, streamRows] = await Promise.all([
      db.select().from(userBridges).where(inArray(userBridges.userId, userIds)),
      db.select().from(userDatastreams).where(inArray(userDatastreams.userId, userIds)),
    ]);
    for (const row of bridgeRows) result.get(row.userId)?.bridges.push(row.bridgeId);
    for (const row of streamRows) result.get(row.userId)?.datastreams.push(row.datastreamId);
    for (const value of result.values()) {
      value.bridges.sort((a, b) => a - b);
      value.datastreams.sort((a, b) => a - b);
    }
    return result;
  }

  /**
   * A company's request does not see another company's people (row-level security, migration
   * 0055), so `assertUnique` may miss a taken email or username there; the unique index still
   * refuses it, and the refusal is answered as the look-up would have been.
   */
  async function takenAsBadRequest<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_email_lower_key') {
        throw new HttpError(400, 'email: a user with this email already exists');
      }
      if (constraint === 'users_username_lower_key') {
        throw new HttpError(400, 'username: a user with this username already exists');
      }
      throw error;
    }
  }

  return {
    assertUnique,
    assignmentsOf,

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },

    /** Every user, or with `companyId` only that company's. */
    async list(companyId: number | null = null): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(companyId === null ? undefined : eq(users.companyId, companyId))
        .orderBy(users.id);
    },

    async create(values: NewUser): Promise<UserRow> {
      await assertUnique({ email: values.email, username: values.username });
      const companyId = await companyOfUser(db, values.company);
      const [row] = await takenAsBadRequest(() =>
        db
          .insert(users)
          .values({ ...values, companyId })
          .returning(),
      );
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    async update(id: number, patch: Partial<NewUser>): Promise<UserRow | undefined> {
      await assertUnique({ email: patch.email, username: patch.username }, id);
      if (Object.keys(patch).length === 0) return this.findById(id);
      const companyId =
        patch.company === undefined ? undefined : await companyOfUser(db, patch.company);
      const [row] = await takenAsBadRequest(() =>
        db
          .update(users)
          .set({
            ...patch,
            ...(companyId === undefined ? {} : { companyId }),
            // A number typed here is not yet proven the user's: texts wait for its code (050).
            ...(patch.phone !== undefined && patch.phoneVerifiedAt === undefined
              ? {
                  phoneVerifiedAt: sql`case when ${users.phone} is not distinct from ${patch.phone} then ${users.phoneVerifiedAt} end`,
                }
              : {}),
          })
          .where(eq(users.id, id))
          .returning(),
      );
      return row;
    },

    /** Assignments go with the user (ON DELETE CASCADE); tokens die because the row is gone. */
    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    async setBridges(userId: number, bridgeIds: number[]): Promise<void> {
      const wanted = [...new Set(bridgeIds)];
      await db.transaction(async (tx) => {
        if (wanted.length > 0) {
          const found = await tx
            .select({ id: bridges.id })
            .from(bridges)
            .where(inArray(bridges.id, wanted));
          const missing = wanted.filter((id) => !found.some((row) => row.id === id));
          if (missing.length > 0) {
            throw new HttpError(400, `bridge_ids: no bridge with id ${missing.join(', ')}`);
          }
        }
        await tx.delete(userBridges).where(eq(userBridges.userId, userId));
        if (wanted.length > 0) {
          await tx.insert(userBridges).values(wanted.map((bridgeId) => ({ userId, bridgeId })));
        }
      });
    },

    async setDatastreams(userId: number, datastreamIds: number[]): Promise<void> {
      const wanted = [...new Set(datastreamIds)];
      await db.transaction(async (tx) => {
        if (wanted.length > 0) {
          const found = await tx
            .select({ id: datastreams.id })
            .from(datastreams)
            .where(inArray(datastreams.id, wanted));
          const missing = wanted.filter((id) => !found.some((row) => row.id === id));
          if (missing.length > 0) {
            throw new HttpError(400, `stream_ids: no data stream with id ${missing.join(', ')}`);
          }
        }
        await tx.delete(userDatastreams).where(eq(userDatastreams.userId, userId));
        if (wanted.length > 0) {
          await tx
            .insert(userDatastreams)
            .values(wanted.map((datastreamId) => ({ userId, datastreamId })));
        }
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
