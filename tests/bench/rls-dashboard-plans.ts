// tsx tests/bench/rls-dashboard-plans.ts — where row-level security's time goes in the dashboard's
// queries (issue 33, decision 072 (f)). PostgreSQL only (DATABASE_URL). The demo seeded as
// bench:rls seeds it; the demo operator opens each bridge's dashboard once in the app with the
// wall on, and every statement sent on a tenant connection (after the request's settings) is
// recorded. Each distinct statement is then run under EXPLAIN (ANALYZE, BUFFERS) on a connection
// of its own, with the same settings, as the tenant role and as the owner (no policy applies),
// alternating, BENCH_REPEATS times (15); reported: median planning and execution time of each, the
// shared buffers hit, and the tenant plan's InitPlans and SubPlans. BENCH_PLANS=1 prints each
// tenant plan too; BENCH_KEEP=1 keeps the database.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { seedDemo } from '../../server/seed/demo-seed.ts';
import { createServices } from '../../server/services.ts';
import { testConfig } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { demoOperatorGet } from './demo-operator.ts';
import { median } from './rls-policy-blocks.ts';

const REPEATS = Math.max(3, Number(process.env.BENCH_REPEATS ?? 15));

interface Recorded {
  text: string;
  values: unknown[];
  settings: string;
}

/** Every statement a tenant connection sends, with the settings statement it runs under. */
function recordTenantStatements(): { recorded: Recorded[]; start: () => void; stop: () => void } {
  const recorded: Recorded[] = [];
  let recording = false;
  const settingsOf = new WeakMap<object, string>();
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function record(this: object, ...args: unknown[]) {
    const [first, second] = args;
    const config = typeof first === 'string' ? { text: first } : (first as { text?: string });
    const text = config?.text;
    if (typeof text === 'string') {
      if (text.startsWith('SELECT set_config(')) settingsOf.set(this, text);
      else {
        const settings = settingsOf.get(this);
        const values = Array.isArray(second)
          ? second
          : ((first as { values?: unknown[] }).values ?? []);
        if (
          recording &&
          settings?.includes("'role', 'spanwatch_tenant'") &&
          /^\s*(select|with)/i.test(text)
        )
          recorded.push({ text, values, settings });
      }
    }
    return original.apply(this, args);
  };
  return {
    recorded,
    start: () => (recording = true),
    stop: () => (prototype.query = original),
  };
}

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  Plans?: PlanNode[];
}

const subPlans = (node: PlanNode): string[] => [
  ...(node['Subplan Name'] ? [node['Subplan Name'].replace(/ \d+$/, '')] : []),
  ...(node.Plans ?? []).flatMap(subPlans),
];

async function explain(client: pg.Client, statement: Recorded, tenant: boolean) {
  await client.query(statement.settings.replace(/'role', 'spanwatch_tenant'/, "'role', 'none'"));
  if (tenant) await client.query('SET ROLE spanwatch_tenant');
  await client.query('BEGIN');
  try {
    const result = await client.query<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`,
      statement.values,
    );
    const [plan] = result.rows[0]?.['QUERY PLAN'] as {
      Plan: PlanNode & { 'Shared Hit Blocks': number; 'Actual Rows': number };
      'Planning Time': number;
      'Execution Time': number;
    }[];
    if (!plan) throw new Error('no plan');
    return plan;
  } finally {
    await client.query('ROLLBACK');
    await client.query('RESET ROLE');
  }
}

async function textPlan(client: pg.Client, statement: Recorded) {
  await client.query(statement.settings);
  const result = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`,
    statement.values,
  );
  await client.query('RESET ROLE');
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('PostgreSQL only: set DATABASE_URL');
  const testDb = await createTestDatabase('postgres');
  const services = createServices(testConfig, testDb.database);
  await seedDemo(services.database.db, services.secretBox, services.passwords);
  // BENCH_ALTER=file.sql: statements run as the owner first (policy forms tried before a migration).
  if (process.env.BENCH_ALTER) {
    const admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
    await admin.query(readFileSync(process.env.BENCH_ALTER, 'utf8'));
    await admin.end();
  }
  // Installed before the first request: a tenant connection's settings are sent once, when it
  // is first given them, and its later statements are known to be the tenant's by that.
  const { recorded, start, stop } = recordTenantStatements();
  const app = await buildApp({ config: { ...testConfig, rowLevelSecurity: true }, services });
  const client = new pg.Client({ connectionString: testDb.url });
  await client.connect();
  try {
    const operatorGet = await demoOperatorGet(services);
    const get = (url: string) => operatorGet(app, url);
    const bridges = JSON.parse(await get('/api/v1/bridges')) as { id: number; name: string }[];
    start();
    for (const bridge of bridges) {
      const name = encodeURIComponent(bridge.name);
      const streams = JSON.parse(await get('/api/v1/datastreams')) as { id: number }[];
      for (const url of [
        '/api/v1/bridges',
        `/api/v1/alerts?bridge=${bridge.id}`,
        `/api/v1/spans?bridge=${bridge.id}`,
        `/api/v1/sensors?bridge=${bridge.id}`,
        `/api/v1/ai/status?sid=${name}`,
        `/api/v1/ai/anomalies?sid=${name}`,
        `/api/v1/bridges/${bridge.id}/inspection-programme`,
        `/api/v1/bridges/${bridge.id}/modes`,
        `/api/v1/bridges/${bridge.id}/frequency-shift`,
        ...streams.slice(0, 4).map((s) => `/api/v1/datastreams/${s.id}/readings`),
      ])
        await get(url);
    }
    stop();
    const distinct = [...new Map(recorded.map((r) => [r.text, r])).values()];
    const runs = new Map<string, number>();
    for (const { text } of recorded) runs.set(text, (runs.get(text) ?? 0) + 1);
    // Each statement's medians times how often one opening sent it: the database's time an
    // opening spends, with the wall and without it.
    const perOpening = { tenant: 0, owner: 0 };
    const rows = [];
    let plannedTenant = 0;
    let plannedOwner = 0;
    let executedTenant = 0;
    let executedOwner = 0;
    for (const [index, statement] of distinct.entries()) {
      const times = { tenant: [] as number[][], owner: [] as number[][] };
      let tenantPlan: Awaited<ReturnType<typeof explain>> | undefined;
      for (let round = 0; round < REPEATS; round += 1) {
        for (const tenant of round % 2 === 0 ? [true, false] : [false, true]) {
          const plan = await explain(client, statement, tenant);
          (tenant ? times.tenant : times.owner).push([
            plan['Planning Time'],
            plan['Execution Time'],
            plan.Plan['Shared Hit Blocks'],
          ]);
          if (tenant) tenantPlan = plan;
        }
      }
      const med = (list: number[][], i: number) => median(list.map((t) => t[i] ?? NaN));
      plannedTenant += med(times.tenant, 0);
      plannedOwner += med(times.owner, 0);
      executedTenant += med(times.tenant, 1);
      executedOwner += med(times.owner, 1);
      const weight = (runs.get(statement.text) ?? 0) / bridges.length;
      perOpening.tenant += weight * (med(times.tenant, 0) + med(times.tenant, 1));
      perOpening.owner += weight * (med(times.owner, 0) + med(times.owner, 1));
      rows.push({
        query: index,
        runs: runs.get(statement.text),
        start: statement.text.replace(/\s+/g, ' ').slice(0, 90),
        plan_ms_tenant_owner: [med(times.tenant, 0), med(times.owner, 0)],
        exec_ms_tenant_owner: [med(times.tenant, 1), med(times.owner, 1)],
        hit_blocks_tenant_owner: [med(times.tenant, 2), med(times.owner, 2)],
        tenant_subplans: tenantPlan ? subPlans(tenantPlan.Plan).join(',') : '',
      });
      if (process.env.BENCH_PLANS)
        console.log(`-- query ${index}\n${statement.text}\n${await textPlan(client, statement)}\n`);
    }
    console.log(
      JSON.stringify(
        {
          statements_recorded: recorded.length,
          distinct: distinct.length,
          repeats: REPEATS,
          sum_of_medians_ms: {
            planning_tenant: Number(plannedTenant.toFixed(3)),
            planning_owner: Number(plannedOwner.toFixed(3)),
            execution_tenant: Number(executedTenant.toFixed(3)),
            execution_owner: Number(executedOwner.toFixed(3)),
          },
          planning_and_execution_ms_per_opening: {
            tenant: Number(perOpening.tenant.toFixed(3)),
            owner: Number(perOpening.owner.toFixed(3)),
          },
          load_average_1m: Number(loadavg()[0]?.toFixed(2)),
          rows,
        },
        null,
        1,
      ),
    );
  } finally {
    await client.end();
    await app.close();
    // BENCH_KEEP=1 leaves the seeded database for a look with psql (its URL on stderr).
    if (process.env.BENCH_KEEP) console.error(`kept: ${testDb.url}`);
    else await testDb.drop();
  }
}

await main();
