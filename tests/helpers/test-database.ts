import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { lookupsChanged } from '../../server/repositories/lookup-cache.ts';
import { projectPath } from '../../server/project-paths.ts';
import { rowsOf } from '../../server/db/pg-arrays.ts';

export type DriverKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL points at a server (CI sets it). */
export const drivers: DriverKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * One database for the files whose time is simulating, storing and evaluating a bridge of several
 * days: PostgreSQL when DATABASE_URL is set (production's), else PGlite. Their work is the same
 * on both; what differs between the databases (the driver, arrays, transactions, the analysis
 * thread's link to an embedded database) is checked on both by the API files and
 * `analysis-thread`, and the browser suite's server evaluates the demo on the embedded one
 * (docs/decisions/033-test-suite-time.md).
 */
export const evaluationDrivers: DriverKind[] = process.env.DATABASE_URL ? ['postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  /** The server database's URL (PostgreSQL only), for a server process started by a test. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * Migrating a fresh database costs seconds per test file; every file starts instead from a
 * template migrated once per set of migrations (a dumped PGlite directory in the system's temp
 * directory, a template database on the server). The fingerprint names the migrations, so a new
 * migration makes a new template.
 */
const migrationsFingerprint = (() => {
  const folder = projectPath('server', 'db', 'migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(join(folder, file)));
  }
  return hash.digest('hex').slice(0, 12);
})();

const pgliteTemplateFile = join(tmpdir(), `spanwatch-test-pglite-${migrationsFingerprint}.tar`);

async function pgliteTemplate(): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(pgliteTemplateFile)]);
  } catch {
    return undefined;
  }
}

async function savePgliteTemplate(database: Database): Promise<void> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const image = await client.dumpDataDir('none');
  // Written aside and renamed, so a file running at the same time never reads half of it.
  const partial = `${pgliteTemplateFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await image.arrayBuffer()));
  await rename(partial, pgliteTemplateFile);
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const image = await pgliteTemplate();
  const database = openDatabase({ pgliteImage: image });
  // A no-op on the template; it also covers a template written by older migrations.
  await database.migrate();
  if (!image) await savePgliteTemplate(database);
  return { database, drop: () => database.close() };
}

const TEMPLATE_PREFIX = 'spanwatch_test_template_';
const TEMPLATE_LOCK = 7_531_001;
const TEMPLATES_KEPT = 8;

/** The server's migrated template, made by the first test file that needs it. */
async function ensureServerTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const template = `${TEMPLATE_PREFIX}${migrationsFingerprint}`;
  // Files start in parallel: one makes the template while the others wait here.
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount) return template;
    // Other checkouts (a branch with a migration of its own) may be running their tests on the
    // same server from their own template: only templates beyond the newest few are dropped,
    // never one a run beside this one may be copying.
    const stale = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY oid DESC OFFSET $2',
      [`${TEMPLATE_PREFIX}%`, TEMPLATES_KEPT],
    );
    for (const { datname } of stale.rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      await database.migrate();
    } catch (error) {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      throw error;
    }
    // Copying needs the template without connections.
    await database.close();
    return template;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

let orphansDropped: Promise<void> | undefined;

/**
 * Drops the test databases of worker processes that have ended: a worker keeps its database
 * from file to file (database-pool.ts) and ends without a hook to drop it. Only this machine's
 * processes are judged, by their process id in the name; a live one's are left alone.
 */
async function dropOrphans(admin: pg.Client): Promise<void> {
  const found = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname ~ '^spanwatch_test_[0-9]+_'",
  );
  for (const { datname } of found.rows) {
    const pid = Number(datname.split('_')[2]);
    if (isAlive(pid)) continue;
    await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A migrated database of its own for one test file: in-memory PGlite or a fresh server database. */
export async function createTestDatabase(kind: DriverKind): Promise<TestDatabase> {
  if (kind === 'pglite') return createPgliteDatabase();
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `spanwatch_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    orphansDropped ??= dropOrphans(admin);
    await orphansDropped;
    const template = await ensureServerTemplate(admin, serverUrl);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const testDb = serverTestDatabase(serverUrl, name, url.toString());
  await testDb.database.migrate();
  return testDb;
}

/** The server database `name` at `url`, on pools of its own; `drop` closes them and drops it. */
function serverTestDatabase(serverUrl: string, name: string, url: string): TestDatabase {
  const database = openDatabase({ databaseUrl: url });
  return {
    database,
    url,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * The same database on new connections (PostgreSQL; PGlite has one, kept): a file's sessions
 * and whatever they set end with the pools that held them.
 */
export async function reopenTestDatabase(testDb: TestDatabase): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (testDb.database.kind !== 'postgres' || !testDb.url || !serverUrl) return testDb;
  await testDb.database.close();
  const name = new URL(testDb.url).pathname.slice(1);
  return serverTestDatabase(serverUrl, name, testDb.url);
}

const TABLES = [
  'audit_log',
  'dead_letters',
  'login_failures',
  'contact_messages',
  'user_datastreams',
  'user_bridges',
  'datastream_sensors',
  'datastreams',
  'sensors',
  'spans',
  'bridges',
  'users',
  'companies',
];

/** Above this many rows a leaf table is truncated: deleting row by row would cost more. */
const TRUNCATE_FROM_ROWS = 10_000;

/**
 * The statement that empties what `TRUNCATE <TABLES> RESTART IDENTITY CASCADE` would, made
 * once per database. A TRUNCATE makes new files for every table and index it touches, 0.2-0.6 s
 * a test on PostgreSQL for about 30 tables; deleting the few rows a test wrote, with the
 * foreign-key triggers off (`session_replication_role`, so the order does not matter), takes a
 * few milliseconds.
 */
async function cleanupStatement(database: Database): Promise<string> {
  const rows = rowsOf<{ name: string; referenced: boolean; sequences: string[] | null }>(
    await database.db.execute(sql`
      WITH RECURSIVE emptied(oid) AS (
        SELECT c.oid FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace
          AND c.relname IN (${sql.join(
            TABLES.map((table) => sql`${table}`),
            sql`, `,
          )})
        UNION
        SELECT f.conrelid FROM pg_constraint f JOIN emptied e ON f.confrelid = e.oid
        WHERE f.contype = 'f'
      )
      SELECT c.relname AS name,
        EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.confrelid = c.oid)
          AS referenced,
        (SELECT array_agg(s.oid::regclass::text) FROM pg_depend d
          JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
          WHERE d.refobjid = c.oid AND d.deptype IN ('a', 'i')) AS sequences
      FROM pg_class c JOIN (SELECT DISTINCT oid FROM emptied) e ON e.oid = c.oid
      WHERE NOT c.relispartition
    `),
  );
  const steps = rows.map(({ name, referenced }) => {
    const table = `"${name}"`;
    const bulky = `(SELECT count(*) FROM (SELECT 1 FROM ${table} LIMIT ${TRUNCATE_FROM_ROWS}) s) >= ${TRUNCATE_FROM_ROWS}`;
    const empty = referenced
      ? `DELETE FROM ${table};`
      : `IF ${bulky} THEN TRUNCATE ${table}; ELSE DELETE FROM ${table}; END IF;`;
    return `IF EXISTS (SELECT 1 FROM ${table}) THEN ${empty} END IF;`;
  });
  const sequences = rows.flatMap(({ sequences }) => sequences ?? []);
  const restarts = sequences.map((sequence) => `PERFORM setval('${sequence}', 1, false);`);
  return [
    'DO $$ BEGIN',
    "SET LOCAL session_replication_role = 'replica';",
    ...steps,
    ...restarts,
    'END $$',
  ].join('\n');
}

const cleanups = new WeakMap<Database, Promise<string>>();

/** Every test starts on clean data. */
export async function truncateAll(database: Database): Promise<void> {
  let statement = cleanups.get(database);
  if (!statement) {
    statement = cleanupStatement(database);
    cleanups.set(database, statement);
  }
  await database.db.execute(sql.raw(await statement));
  // The services live for the whole file: what their ingest cached of the old rows is gone too.
  lookupsChanged('streams');
  lookupsChanged('tokens');
}
