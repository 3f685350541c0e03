import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import { onCallAt, type Rota } from '../../domain/on-call.ts';
import type { Db } from '../db/client.ts';
import { rotaMembers, rotaOverrides, rotas, users } from '../db/schema.ts';

/** A rota override as stored, with why it was made. */
export interface StoredOverride {
  from: Date;
  to: Date;
  userId: number;
  reason: string;
}

/** What a rota is made of, as a client writes it (decision 056). */
export interface RotaInput extends Omit<Rota, 'overrides'> {
  name: string;
  overrides: readonly StoredOverride[];
}

export interface RotaRecord extends RotaInput {
  id: number;
  companyId: number;
  createdAt: Date;
  overrides: StoredOverride[];
}

/** The rotas of these rows with their members and overrides (only those still running after `since`). */
async function complete(
  db: Db,
  rows: (typeof rotas.$inferSelect)[],
  since?: Date,
): Promise<RotaRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const members = await db
    .select()
    .from(rotaMembers)
    .where(inArray(rotaMembers.rotaId, ids))
    .orderBy(asc(rotaMembers.rotaId), asc(rotaMembers.position));
  const overrides = await db
    .select()
    .from(rotaOverrides)
    .where(
      and(inArray(rotaOverrides.rotaId, ids), since ? gt(rotaOverrides.toAt, since) : undefined),
    )
    .orderBy(asc(rotaOverrides.fromAt), asc(rotaOverrides.id));
  return rows.map((row) => ({
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    rotation: row.rotation,
    handOffTime: row.handOffTime,
    timeZone: row.timeZone,
    startsOn: row.startsOn,
    createdAt: row.createdAt,
    members: members.filter((m) => m.rotaId === row.id).map((m) => m.userId),
    overrides: overrides
      .filter((o) => o.rotaId === row.id)
      .map((o) => ({ from: o.fromAt, to: o.toAt, userId: o.userId, reason: o.reason })),
  }));
}

/**
 * Who is on call at `now` in the rotas of each of these companies, each once per company: alert
 * delivery tells them at tier 1 of that company's alerts alone (decision 056). Per company, so
 * one look over several companies' alerts never pages a person named in one company's rota for
 * another's. Overrides already over are not read.
 */
export async function onCallNow(
  db: Db,
  companyIds: readonly number[],
  now: Date,
): Promise<Map<number, number[]>> {
  const byCompany = new Map<number, number[]>();
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .select()
    .from(rotas)
    .where(inArray(rotas.companyId, [...companyIds]))
    .orderBy(asc(rotas.id));
  for (const rota of await complete(db, rows, now)) {
    const { userId } = onCallAt(rota, now);
    const people = byCompany.get(rota.companyId) ?? [];
    if (userId !== null && !people.includes(userId))
      byCompany.set(rota.companyId, [...people, userId]);
  }
  return byCompany;
}

/** The company rotas, their members in turn order and their overrides. */
export function createRotasRepository(db: Db) {
  async function writeParts(rotaId: number, input: RotaInput): Promise<void> {
    await db.delete(rotaMembers).where(eq(rotaMembers.rotaId, rotaId));
    await db.delete(rotaOverrides).where(eq(rotaOverrides.rotaId, rotaId));
    if (input.members.length > 0) {
      await db
        .insert(rotaMembers)
        .values(input.members.map((userId, position) => ({ rotaId, position, userId })));
    }
    if (input.overrides.length > 0) {
      await db.insert(rotaOverrides).values(
        input.overrides.map((o) => ({
          rotaId,
          fromAt: o.from,
          toAt: o.to,
          userId: o.userId,
          reason: o.reason,
        })),
      );
    }
  }

  const fieldsOf = (input: RotaInput) => ({
    name: input.name,
    rotation: input.rotation,
    handOffTime: input.handOffTime,
    timeZone: input.timeZone,
    startsOn: input.startsOn,
  });

  return {
    async list(companyId: number): Promise<RotaRecord[]> {
      const rows = await db
        .select()
        .from(rotas)
        .where(eq(rotas.companyId, companyId))
        .orderBy(asc(rotas.id));
      return complete(db, rows);
    },

    async find(rotaId: number): Promise<RotaRecord | undefined> {
      return (await complete(db, await db.select().from(rotas).where(eq(rotas.id, rotaId))))[0];
    },

    async countOf(companyId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(rotas)
        .where(eq(rotas.companyId, companyId));
      return row?.n ?? 0;
    },

    async create(companyId: number, input: RotaInput): Promise<RotaRecord> {
      const [row] = await db
        .insert(rotas)
        .values({ companyId, ...fieldsOf(input) })
        .returning({ id: rotas.id });
      if (!row) throw new Error('the rota was not stored');
      await writeParts(row.id, input);
      const stored = await this.find(row.id);
      if (!stored) throw new Error('the rota was not stored');
      return stored;
    },

    async update(rotaId: number, input: RotaInput): Promise<RotaRecord | undefined> {
      const changed = await db
        .update(rotas)
        .set(fieldsOf(input))
        .where(eq(rotas.id, rotaId))
        .returning({ id: rotas.id });
      if (changed.length === 0) return undefined;
      await writeParts(rotaId, input);
      return this.find(rotaId);
    },

    async remove(rotaId: number): Promise<boolean> {
      const removed = await db
        .delete(rotas)
        .where(eq(rotas.id, rotaId))
        .returning({ id: rotas.id });
      return removed.length > 0;
    },

    /** The company and user name of each of these users that exists. */
    async peopleOf(
      userIds: readonly number[],
    ): Promise<Map<number, { companyId: number; username: string }>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, companyId: users.companyId, username: users.username })
        .from(users)
        .where(inArray(users.id, [...new Set(userIds)]));
      return new Map(rows.map(({ id, ...person }) => [id, person]));
    },
  };
}

export type RotasRepository = ReturnType<typeof createRotasRepository>;
