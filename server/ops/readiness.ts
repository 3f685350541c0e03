import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { projectPath } from '../project-paths.ts';
import type { Schemas } from '../contract-types.ts';

export type Readiness = Schemas['Readiness'];
type Check = Readiness['checks'][number];

export interface ReadinessProbe {
  check(): Promise<Readiness>;
  /** From now on the process answers 'not ready' (it is shutting down). */
  drain(): void;
}

/** The newest migration in the journal (drizzle records its `when` as `created_at`). */
function latestMigrationMillis(): number {
  const journal = JSON.parse(
    readFileSync(projectPath('server', 'db', 'migrations', 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

async function databaseChecks(database: Database, expected: number): Promise<Check[]> {
  try {
    await database.db.execute(sql`select 1`);
  } catch (error) {
    return [{ name: 'database', ok: false, detail: (error as Error).message }];
  }
  const checks: Check[] = [{ name: 'database', ok: true }];
  try {
    const [row] = rowsOf<{ latest: string | number | null }>(
      await database.db.execute(
        sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
      ),
    );
    const latest = Number(row?.latest ?? 0);
    checks.push(
      latest >= expected
        ? { name: 'migrations', ok: true }
        : {
            name: 'migrations',
            ok: false,
            detail: 'the database lacks migrations; run db:migrate',
          },
    );
  } catch {
    checks.push({ name: 'migrations', ok: false, detail: 'the database was never migrated' });
  }
  return checks;
}

/**
 * Readiness of this process (GET /api/v1/ready): the database answers, the migrations this
 * build knows are applied, and the MQTT broker is connected when this process ingests from one
 * and storing its messages is not failing.
 */
export function createReadinessProbe(
  database: Database,
  options: { brokerConnected?: () => boolean; ingestFailure?: () => string | null } = {},
): ReadinessProbe {
  const expected = latestMigrationMillis();
  let draining = false;
  return {
    async check() {
      const checks = await databaseChecks(database, expected);
      if (options.brokerConnected) {
        checks.push(
          options.brokerConnected()
            ? { name: 'mqtt_broker', ok: true }
            : { name: 'mqtt_broker', ok: false, detail: 'not connected to the MQTT broker' },
        );
      }
      const ingestFailure = options.ingestFailure?.();
      if (ingestFailure) checks.push({ name: 'mqtt_ingest', ok: false, detail: ingestFailure });
      if (draining) checks.push({ name: 'shutdown', ok: false, detail: 'shutting down' });
      return { status: checks.every((c) => c.ok) ? 'ready' : 'not_ready', checks };
    },
    drain() {
      draining = true;
    },
  };
}
