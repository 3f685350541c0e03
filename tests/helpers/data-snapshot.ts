import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { rowsOf } from '../../server/db/pg-arrays.ts';

/** The schema a snapshot's copies live in: outside `public`, so `truncateAll` leaves them. */
const SNAPSHOT_SCHEMA = 'test_snapshot';

/**
 * The rows a seed wrote, copied aside once per file, so each test starts from them again after
 * `truncateAll` in one statement instead of seeding anew: the demo seed makes some hundred rows
 * one insert at a time (0.3-0.5 s on PGlite), which a file of 120 tests paid 120 times. The
 * restored rows are the seed's own, ids and sequences included, so a test sees exactly what
 * a fresh seed would have given it.
 */
export interface DataSnapshot {
  /** Puts the copied rows back; call it on clean data (after `truncateAll`). */
  restore(): Promise<void>;
}

interface SeededTable {
  name: string;
  columns: string[];
  sequences: { name: string; last: string; called: boolean }[];
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function seededTables(database: Database): Promise<SeededTable[]> {
  // Partitions are copied through their parent; generated columns are made again on insert.
  const tables = rowsOf<{ name: string; columns: string[]; sequences: string[] | null }>(
    await database.db.execute(sql`
      SELECT c.relname AS name,
        (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
          WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            AND a.attgenerated = '') AS columns,
        (SELECT array_agg(s.relname::text) FROM pg_depend d
          JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
          WHERE d.refobjid = c.oid AND d.deptype IN ('a', 'i')) AS sequences
      FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
        AND NOT c.relispartition
    `),
  );
  const seeded: SeededTable[] = [];
  for (const table of tables) {
    const found = rowsOf<{ any: boolean }>(
      await database.db.execute(
        sql.raw(`SELECT EXISTS (SELECT 1 FROM public.${quoted(table.name)}) AS any`),
      ),
    );
    if (!found[0]?.any) continue;
    const sequences = [];
    for (const name of table.sequences ?? []) {
      const [state] = rowsOf<{ last: string; called: boolean }>(
        await database.db.execute(
          sql.raw(
            `SELECT last_value::text AS last, is_called AS called FROM public.${quoted(name)}`,
          ),
        ),
      );
      if (state) sequences.push({ name, ...state });
    }
    seeded.push({ name: table.name, columns: table.columns, sequences });
  }
  return seeded;
}

/** Copies every row now in the database's tables aside, under `name`. */
export async function takeSnapshot(database: Database, name: string): Promise<DataSnapshot> {
  const schema = quoted(`${SNAPSHOT_SCHEMA}_${name}`);
  const tables = await seededTables(database);
  await database.db.execute(
    sql.raw(
      [
        // One statement (a DO block): PGlite takes a single command per query.
        'DO $$ BEGIN',
        `DROP SCHEMA IF EXISTS ${schema} CASCADE;`,
        `CREATE SCHEMA ${schema};`,
        ...tables.map(
          ({ name: table, columns }) =>
            `CREATE TABLE ${schema}.${quoted(table)} AS SELECT ${columns.map(quoted).join(', ')} FROM public.${quoted(table)};`,
        ),
        'END $$',
      ].join('\n'),
    ),
  );
  // Foreign keys and the audit triggers are off while the rows go back: the copies already
  // hold the audit rows the seed's inserts made, and the order of the tables does not matter.
  const restoreStatement = [
    'DO $$ BEGIN',
    "SET LOCAL session_replication_role = 'replica';",
    // A row left there would meet its copy, or sit beside it unseen: say so instead.
    ...tables.map(
      ({ name: table }) =>
        `IF EXISTS (SELECT 1 FROM public.${quoted(table)}) THEN RAISE EXCEPTION 'snapshot ${name}: ${table} is not empty'; END IF;`,
    ),
    ...tables.map(({ name: table, columns }) => {
      const list = columns.map(quoted).join(', ');
      return `INSERT INTO public.${quoted(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM ${schema}.${quoted(table)};`;
    }),
    ...tables.flatMap(({ sequences }) =>
      sequences.map(
        ({ name: sequence, last, called }) =>
          `PERFORM setval('public.${quoted(sequence)}', ${last}, ${called});`,
      ),
    ),
    'END $$',
  ].join('\n');
  return {
    async restore() {
      await database.db.execute(sql.raw(restoreStatement));
    },
  };
}

/**
 * A fixture made once per file and given to each test that asks for it on the rows it wrote
 * (a simulated week takes seconds of CPU to store, tens of seconds on a loaded machine; putting
 * it back, well under one). Ask for it first in a test, on clean data: the snapshot holds every
 * row there was, and a row a test wrote before would meet its copy.
 */
export function sharedFixture<T>(
  database: () => Database,
  name: string,
  make: () => Promise<T>,
): () => Promise<T> {
  let made: { value: T; snapshot: DataSnapshot } | undefined;
  return async () => {
    if (made) {
      await made.snapshot.restore();
      return made.value;
    }
    const value = await make();
    made = { value, snapshot: await takeSnapshot(database(), name) };
    return value;
  };
}
