import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../../server/contract.ts';
import {
  anyValue,
  brokenBody,
  contentType,
  pathId,
  queryValue,
  resolve,
  type Schema,
} from '../../helpers/contract-arbitraries.ts';
import { assertMatchesContract } from '../../helpers/contract-validator.ts';
import { drivers } from '../../helpers/test-database.ts';
import { sharedFixture } from '../../helpers/data-snapshot.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';

/**
 * Contract-driven fuzzing (issue 13): for every operation, malformed and boundary requests
 * generated from its schemas, as anonymous, operator and staff. Never a 5xx, every answer as
 * the contract says, and no stored row changed by a refused request. FUZZ_RUNS sets the
 * number of requests per operation: 15 in the suite (each run draws new cases, so coverage grows
 * run after run), and a few thousand for a deliberate fuzzing session.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  method: string;
  template: string;
  parameters: Parameter[];
  bodyTypes: Record<string, { schema?: Schema }>;
}

function contractOperations(): Operation[] {
  const paths = contract.paths as Record<string, Record<string, Record<string, unknown>>>;
  return Object.entries(paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, spec]) => ({
      operationId: spec.operationId as string,
      method: method.toUpperCase(),
      template,
      parameters: ((spec.parameters as Schema[] | undefined) ?? []).map(
        (p) => resolve(p) as unknown as Parameter,
      ),
      bodyTypes:
        (spec.requestBody as { content?: Operation['bodyTypes'] } | undefined)?.content ?? {},
    })),
  );
}

// Tables a refused request must leave alone. login_failures and dead_letters record refusals
// on purpose; ingest_tokens keeps a last-used time.
const WATCHED = [
  'users',
  'user_bridges',
  'user_datastreams',
  'bridges',
  'spans',
  'sensors',
  'datastreams',
  'datastream_sensors',
  'contact_messages',
  'readings',
  'alerts',
];

type Role = 'anonymous' | 'operator' | 'staff';
interface Generated {
  role: Role;
  path: string;
  query: string;
  contentType: string | undefined;
  payload: string | undefined;
}

/** Every byte percent-encoded (encodeURIComponent throws on a lone surrogate). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

function requestArbitrary(operation: Operation): fc.Arbitrary<Generated> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const path = fc
    .tuple(...pathParams.map(() => pathId))
    .map((ids) =>
      pathParams.reduce(
        (url, p, i) => url.replace(`{${p.name}}`, ids[i] ?? '1'),
        operation.template,
      ),
    );
  const query = fc
    .tuple(...queryParams.map((p) => fc.option(queryValue(p.schema), { nil: undefined })))
    .map((values) =>
      queryParams
        .flatMap((p, i) =>
          values[i] === undefined ? [] : [`${p.name}=${percentEncoded(values[i])}`],
        )
        .join('&'),
    );
  const listed = Object.keys(operation.bodyTypes);
  const jsonSchema = operation.bodyTypes['application/json']?.schema;
  const body: fc.Arbitrary<[string | undefined, string | undefined]> =
    listed.length === 0
      ? fc.oneof(
          { weight: 5, arbitrary: fc.constant<[undefined, undefined]>([undefined, undefined]) },
          { weight: 1, arbitrary: fc.tuple(contentType(['application/json']), brokenBody) },
        )
      : fc.tuple(
          contentType(listed),
          fc.oneof(
            { weight: 6, arbitrary: anyValue(jsonSchema ?? {}).map((v) => JSON.stringify(v)) },
            { weight: 1, arbitrary: brokenBody },
          ),
        );
  return fc.record({
    role: fc.constantFrom<Role>('anonymous', 'operator', 'staff'),
    path,
    query,
    contentType: body.map(([type]) => type),
    payload: body.map(([, payload]) => payload),
  });
}

let casesRun = 0;

describe.each(drivers)('contract fuzzing on %s (issue 13)', (kind) => {
  const t: TestContext = setupTestApp(kind);
  let passwordHash = '';
  const tokens: Record<Role, string | undefined> = {
    anonymous: undefined,
    operator: undefined,
    staff: undefined,
  };

  beforeAll(async () => {
    passwordHash = await t.services.passwords.hash('fuzz-password-1');
  });

  /** A staff user, an operator with one of two bridges, and a span, sensor and stream each. */
  async function seed() {
    const user = (name: string, isStaff: boolean) =>
      t.services.users.create({
        username: name,
        email: `${name}@example.ca`,
        passwordHash,
        isStaff,
        company: 'Fuzz Co',
        address: '1 Test Road',
      });
    const [staff, operator] = [await user('staff', true), await user('operator', false)];
    tokens.staff = (await t.services.sessions.start(staff.id)).access;
    tokens.operator = (await t.services.sessions.start(operator.id)).access;
    const post = (url: string, body: unknown) =>
      t.request<{ id: number }>({ method: 'POST', url, token: tokens.staff, body });
    for (const name of ['Fuzz Bridge', 'Other Bridge']) {
      const bridge = await post('/api/v1/bridges/create', {
        name,
        location: 'Here',
        construction_date: '1990-01-01',
        latitude: 45,
        longitude: -75,
      });
      const span = await post('/api/v1/spans/create', {
        bridge: bridge.body.id,
        span_id: 'S1',
        length: 50,
      });
      const sensor = await post('/api/v1/sensors/create', {
        bridge: bridge.body.id,
        span: span.body.id,
        sensor_id: `${name}-acc`,
        type: 'accelerometer',
        status: 'active',
        installation_date: '2024-01-01',
      });
      await post('/api/v1/datastreams/create', {
        stream_id: `${name}-acc`,
        data_type: 'acceleration',
        sensors: [sensor.body.id],
      });
    }
    await post(`/api/v1/users/${operator.id}/assign`, { bridge_ids: [1] });
    return { staffId: staff.id, operatorId: operator.id };
  }
  // The rows are made once per database and put back before each operation's cases.
  const seeded = sharedFixture(() => t.services.database, 'fuzz', seed);

  async function snapshot(): Promise<string> {
    const columns = WATCHED.map(
      (table) =>
        `(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ${table} t) AS ${table}`,
    );
    const result = await t.services.database.db.execute(sql.raw(`SELECT ${columns.join(', ')}`));
    return JSON.stringify((result as unknown as { rows: unknown[] }).rows ?? result);
  }

  afterAll(() => {
    // The number of generated requests, for the record (issue 13 asks for it).
    process.stdout.write(`contract fuzzing on ${kind}: ${casesRun} requests\n`);
  });

  it.each(contractOperations().map((op) => [op.operationId, op] as const))(
    '%s: never a 5xx, answers as the contract says, refusals change nothing',
    async (_id, operation) => {
      const { staffId, operatorId } = await seeded();
      // Signed in anew, as each operation's seed did: a token lives 15 minutes.
      tokens.staff = (await t.services.sessions.start(staffId)).access;
      tokens.operator = (await t.services.sessions.start(operatorId)).access;
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation), async (generated) => {
          casesRun += 1;
          const url = generated.query ? `${generated.path}?${generated.query}` : generated.path;
          const writes = operation.method !== 'GET';
          const before = writes ? await snapshot() : '';
          const token = tokens[generated.role];
          const response = await t.app.inject({
            method: operation.method as 'GET',
            url,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(generated.contentType !== undefined
                ? { 'content-type': generated.contentType }
                : {}),
            },
            ...(generated.payload !== undefined ? { payload: generated.payload } : {}),
          });
          const what = `${operation.method} ${url} as ${generated.role} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, what).toBeLessThan(500);
          const isJson = String(response.headers['content-type']).startsWith('application/json');
          if (response.statusCode >= 400) {
            expect(response.json(), what).toEqual({ detail: expect.any(String) });
            // 413 and 415 apply to every operation and are stated once, in the contract's info.
            if (![413, 415].includes(response.statusCode)) {
              assertMatchesContract(operation.method, url, response.statusCode, response.json());
            }
            if (writes) expect(await snapshot(), `${what}: stored rows changed`).toBe(before);
          } else if (isJson) {
            assertMatchesContract(operation.method, url, response.statusCode, response.json());
          }
        }),
        { numRuns: RUNS },
      );
    },
  );
});
