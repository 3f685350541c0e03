import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { rowsOf } from '../../server/db/pg-arrays.ts';
import { lookupsChanged } from '../../server/repositories/lookup-cache.ts';
import {
  createTestDatabase,
  type DriverKind,
  reopenTestDatabase,
  type TestDatabase,
} from './test-database.ts';

/**
 * Opening a test file's database from the migrated template costs 1-2.5 s quiet and over 10 s
 * on a loaded machine (PGlite starts anew; PostgreSQL copies and later drops a database), paid
 * by every API file on each database. A worker's files run one after another, so each worker
 * keeps one database per driver and hands it to its next file, emptied and checked to be the
 * template's again (docs/decisions/033-test-suite-time.md, amendment 2026-12-02).
 *
 * Handed back, a database is emptied of every row, its sequences restarted, the relations and
 * schemas a file made (readings' monthly partitions, a snapshot's copies, pg-boss's schema)
 * dropped, and its session reset. Then its shape (relations, columns, constraints, triggers,
 * functions, policies) must equal what it was when made; otherwise, or when anything fails (a
 * test that closed its database), it is dropped and the next file gets a fresh one, as before.
 * `TEST_DATABASE_POOL=0` turns the keeping off.
 */
const pooling = process.env.TEST_DATABASE_POOL !== '0';

interface Kept {
  testDb: TestDatabase;
  /** The relations and schemas of the fresh database: any other is a file's and is dropped. */
  relations: Set<string>;
  schemas: Set<string>;
  shape: string;
}

const idle = new Map<DriverKind, Kept>();

/** A database for one test file: the worker's kept one when it has one, else a fresh one. */
export async function borrowTestDatabase(kind: DriverKind): Promise<TestDatabase> {
  if (!pooling) return createTestDatabase(kind);
  let kept = idle.get(kind);
  idle.delete(kind);
  if (process.env.TEST_DATABASE_POOL_DEBUG)
    console.info(`database ${kind}: ${kept ? 'kept' : 'new'}`);
  if (!kept) {
    const testDb = await createTestDatabase(kind);
    const { relations, schemas } = await namesOf(testDb.database);
    kept = { testDb, relations, schemas, shape: await shapeOf(testDb.database) };
  }
  const lent = kept;
  return { ...lent.testDb, drop: () => giveBack(kind, lent) };
}

async function giveBack(kind: DriverKind, kept: Kept): Promise<void> {
  try {
    const database = kept.testDb.database;
    await dropAdded(database, kept);
    await emptyEverything(database);
    if ((await shapeOf(database)) !== kept.shape) throw new Error('the shape changed');
    if (idle.has(kind)) throw new Error('one is kept already');
    lookupsChanged('streams');
    lookupsChanged('tokens');
    idle.set(kind, { ...kept, testDb: await reopenTestDatabase(kept.testDb) });
  } catch (error) {
    if (process.env.TEST_DATABASE_POOL_DEBUG) console.info(`database not kept: ${String(error)}`);
    await kept.testDb.drop().catch(() => undefined);
  }
}

async function namesOf(database: Database) {
  const relations = rowsOf<{ name: string }>(
    await database.db.execute(sql`
      SELECT c.relname AS name FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm')
    `),
  );
  const schemas = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`SELECT nspname AS name FROM pg_namespace WHERE nspname !~ '^pg_(toast_)?temp_'`,
    ),
  );
  return {
    relations: new Set(relations.map((r) => r.name)),
    schemas: new Set(schemas.map((s) => s.name)),
  };
}

/** Above this many rows in one table, emptying truncates instead of deleting. */
const BULKY_ROWS = 10_000;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Drops the tables and schemas a file made: they were not in the fresh database. */
async function dropAdded(database: Database, kept: Kept): Promise<void> {
  const now = await namesOf(database);
  const statements = [
    ...[...now.schemas]
      .filter((name) => !kept.schemas.has(name))
      .map((name) => `DROP SCHEMA IF EXISTS ${quoted(name)} CASCADE;`),
    ...[...now.relations]
      .filter((name) => !kept.relations.has(name))
      .map((name) => `DROP TABLE IF EXISTS public.${quoted(name)} CASCADE;`),
  ];
  if (statements.length === 0) return;
  // One statement (a DO block): PGlite takes a single command per query.
  await database.db.execute(sql.raw(['DO $$ BEGIN', ...statements, 'END $$'].join('\n')));
}

/**
 * Every table of `public` emptied and every sequence restarted, then the session's settings
 * reset. Row by row with the foreign keys' triggers off when the tables are small, as
 * `truncateAll` does; one TRUNCATE of them all when one holds many rows (a simulated year).
 */
async function emptyEverything(database: Database): Promise<void> {
  await database.db.execute(
    sql.raw(`DO $$
DECLARE
  t record;
  bulky boolean := false;
  tables text;
BEGIN
  SET LOCAL session_replication_role = 'replica';
  SELECT string_agg(c.oid::regclass::text, ', ') INTO tables FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
      AND NOT c.relispartition;
  FOR t IN SELECT c.oid::regclass AS name FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
      AND NOT c.relispartition
  LOOP
    EXECUTE format('SELECT count(*) >= ${BULKY_ROWS} FROM (SELECT 1 FROM %s LIMIT ${BULKY_ROWS}) s', t.name)
      INTO bulky;
    EXIT WHEN bulky;
  END LOOP;
  IF bulky THEN
    EXECUTE 'TRUNCATE ' || tables;
  ELSE
    FOR t IN SELECT c.oid::regclass AS name FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
        AND NOT c.relispartition
    LOOP
      EXECUTE format('DELETE FROM %s', t.name);
    END LOOP;
  END IF;
  FOR t IN SELECT c.oid::regclass AS name FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'S'
  LOOP
    EXECUTE format('ALTER SEQUENCE %s RESTART', t.name);
  END LOOP;
END $$`),
  );
  await database.db.execute(sql.raw('RESET ALL'));
}

/** What a test could change of a database beyond its rows, as one digest. */
async function shapeOf(database: Database): Promise<string> {
  const [row] = rowsOf<{ shape: string }>(
    await database.db.execute(sql`
      SELECT md5(concat_ws('|',
        (SELECT string_agg(n.nspname, ',' ORDER BY n.nspname) FROM pg_namespace n
          WHERE n.nspname !~ '^pg_(toast_)?temp_'),
        (SELECT string_agg(c.relname || ':' || c.relkind::text || ':' || c.relrowsecurity::text
            || ':' || c.relforcerowsecurity::text, ',' ORDER BY c.relname)
          FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace),
        (SELECT string_agg(c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod)
            || ':' || a.attnotnull::text || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''),
            ',' ORDER BY c.relname, a.attnum)
          FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
          LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped),
        (SELECT string_agg(conrelid::regclass::text || '.' || conname || ':' || pg_get_constraintdef(oid),
            ',' ORDER BY conrelid::regclass::text, conname)
          FROM pg_constraint WHERE connamespace = 'public'::regnamespace),
        (SELECT string_agg(tgrelid::regclass::text || '.' || tgname || ':' || tgenabled::text,
            ',' ORDER BY tgrelid::regclass::text, tgname)
          FROM pg_trigger WHERE NOT tgisinternal),
        (SELECT string_agg(p.oid::regprocedure::text || ':' || md5(p.prosrc), ',' ORDER BY p.oid::regprocedure::text)
          FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace),
        (SELECT string_agg(pol.polrelid::regclass::text || '.' || pol.polname || ':'
            || coalesce(pg_get_expr(pol.polqual, pol.polrelid), '') || ':'
            || coalesce(pg_get_expr(pol.polwithcheck, pol.polrelid), ''),
            ',' ORDER BY pol.polrelid::regclass::text, pol.polname)
          FROM pg_policy pol)
      )) AS shape
    `),
  );
  if (!row) throw new Error('no shape');
  return row.shape;
}
