// The fleet of `npm run bench:notify`, made through the API as an operator would make it: a
// company of its own (no rota, so tier 1 is exactly the bridge's assigned users), 30 users,
// 100 bridges of 10 strain gauges, each bridge assigned to 3 users.
import { DEMO_STAFF } from '../../server/seed/demo-accounts.ts';

export const BENCH_COMPANY = 'Notify Bench Co';
/** Users assigned to each bridge: tier 1 of its alerts. */
export const RECIPIENTS_PER_BRIDGE = 3;
/** Groups of RECIPIENTS_PER_BRIDGE users; bridge b is assigned to group b % GROUPS. */
const GROUPS = 10;

export interface BenchBridge {
  id: number;
  ingestToken: string;
  /** The stream ids of its gauges, as a gateway names them. */
  streams: string[];
}

export interface NotifyFleet {
  access: string;
  bridges: BenchBridge[];
}

async function call<T>(base: string, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function makeBridge(
  base: string,
  access: string,
  companyId: number,
  index: number,
  gauges: number,
): Promise<BenchBridge> {
  const post = <T>(url: string, body: unknown) => call<T>(base, access, 'POST', url, body);
  const bridge = await post<{ id: number }>('/api/v1/bridges/create', {
    name: `Notify bench ${index}`,
    location: 'Bench',
    construction_date: '2000-01-01',
    latitude: 45 + index / 1000,
    longitude: -75,
    company_id: companyId,
  });
  const span = await post<{ id: number }>('/api/v1/spans/create', {
    bridge: bridge.id,
    span_id: 'main',
    length: 50,
  });
  const streams: string[] = [];
  for (let g = 0; g < gauges; g += 1) {
    const label = `nb${index}-str-${g}`;
    const sensor = await post<{ id: number }>('/api/v1/sensors/create', {
      bridge: bridge.id,
      span: span.id,
      sensor_id: label,
      type: 'strain_gauge',
      status: 'active',
      installation_date: '2020-01-01',
    });
    await post('/api/v1/datastreams/create', {
      stream_id: label,
      data_type: 'strain',
      sensors: [sensor.id],
    });
    streams.push(label);
  }
  const { token } = await post<{ token: string }>(`/api/v1/bridges/${bridge.id}/ingest-tokens`, {
    name: 'notify bench gateway',
  });
  return { id: bridge.id, ingestToken: token, streams };
}

/** Makes the fleet; `bridges` bridges of `gauges` gauges, 4 made at a time. */
export async function makeNotifyFleet(
  base: string,
  bridges: number,
  gauges: number,
): Promise<NotifyFleet> {
  const { access } = await call<{ access: string }>(base, '', 'POST', '/api/v1/auth/login', {
    email: DEMO_STAFF.email,
    password: DEMO_STAFF.password,
  });
  const users: { id: number; company_id: number }[] = [];
  for (let u = 0; u < GROUPS * RECIPIENTS_PER_BRIDGE; u += 1) {
    users.push(
      await call(base, access, 'POST', '/api/v1/auth/signup', {
        username: `notify-bench-${u}`,
        email: `notify-bench-${u}@bench.invalid`,
        password: 'bench-password-1',
        company: BENCH_COMPANY,
        address: 'Bench',
      }),
    );
  }
  const companyId = users[0]?.company_id ?? 0;
  const made: BenchBridge[] = [];
  for (let first = 0; first < bridges; first += 4) {
    const indexes = Array.from({ length: Math.min(4, bridges - first) }, (_, i) => first + i);
    made.push(
      ...(await Promise.all(indexes.map((i) => makeBridge(base, access, companyId, i, gauges)))),
    );
  }
  for (const [u, user] of users.entries()) {
    const group = Math.floor(u / RECIPIENTS_PER_BRIDGE);
    const bridgeIds = made.filter((_, b) => b % GROUPS === group).map((bridge) => bridge.id);
    await call(base, access, 'POST', `/api/v1/users/${user.id}/assign`, { bridge_ids: bridgeIds });
  }
  return { access, bridges: made };
}
