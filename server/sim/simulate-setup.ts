/** Creates, through the API, the spans, sensors and data streams a simulated bridge feeds. */
import { SENSOR_TYPE_OF, isDataType } from '../../domain/enums.ts';
import { SENSOR_RESOLUTIONS } from './sensor-resolutions.ts';

export interface SimStream {
  id: string;
  dataType: string;
  span: string;
}

async function api<T>(base: string, access: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await response.json()) as T & { detail?: string };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${parsed.detail}`);
  return parsed;
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const { access } = await api<{ access: string }>(base, '', 'POST', '/api/v1/auth/login', {
    email,
    password,
  });
  return access;
}

/**
 * Missing pieces only: running it twice changes nothing. Returns a fresh ingest token and the
 * username of its MQTT credential (whose password is the token).
 */
export async function prepareBridge(
  base: string,
  access: string,
  bridgeId: number,
  streams: SimStream[],
): Promise<{ token: string; mqttUsername: string }> {
  const spans = (
    await api<{ id: number; bridge: number; span_id: string }[]>(
      base,
      access,
      'GET',
      '/api/v1/spans',
    )
  ).filter((s) => s.bridge === bridgeId);
  const sensors = await api<{ id: number; bridge: number; sensor_id: string }[]>(
    base,
    access,
    'GET',
    '/api/v1/sensors',
  );
  const known = new Set(
    (await api<{ stream_id: string }[]>(base, access, 'GET', '/api/v1/datastreams')).map(
      (d) => d.stream_id,
    ),
  );
  for (const stream of streams) {
    if (known.has(stream.id)) continue;
    let span = spans.find((s) => s.span_id === stream.span);
    if (!span) {
      span = await api(base, access, 'POST', '/api/v1/spans/create', {
        bridge: bridgeId,
        span_id: stream.span,
        length: 35,
      });
      spans.push(span);
    }
    const sensor =
      sensors.find((s) => s.bridge === bridgeId && s.sensor_id === stream.id) ??
      (await api<{ id: number }>(base, access, 'POST', '/api/v1/sensors/create', {
        bridge: bridgeId,
        span: span.id,
        sensor_id: stream.id,
        type: isDataType(stream.dataType) ? SENSOR_TYPE_OF[stream.dataType] : 'accelerometer',
        status: 'active',
        installation_date: new Date().toISOString().slice(0, 10),
      }));
    await api(base, access, 'POST', '/api/v1/datastreams/create', {
      stream_id: stream.id,
      data_type: stream.dataType,
      sensors: [sensor.id],
      // As real sensors do: stored on that grid (absent for a kind the product does not know).
      resolution: isDataType(stream.dataType) ? SENSOR_RESOLUTIONS[stream.dataType] : undefined,
    });
  }
  const created = await api<{ token: string; mqtt_username: string }>(
    base,
    access,
    'POST',
    `/api/v1/bridges/${bridgeId}/ingest-tokens`,
    {
      name: `simulator ${new Date().toISOString()}`,
    },
  );
  return { token: created.token, mqttUsername: created.mqtt_username };
}
