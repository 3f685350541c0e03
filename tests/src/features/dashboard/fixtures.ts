import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import type { components } from '../../../../openapi/schema';
import { apiUrl } from '../../../helpers/msw';
import { aUser, storeTokens } from '../../../helpers/web-fixtures';

type S = components['schemas'];

export const confederation: S['Bridge'] = {
  id: 3,
  company_id: 1,
  name: 'Confederation Bridge',
  location: 'Northumberland Strait',
  construction_date: '1997-05-31',
  length_per_span: 250,
  location_on_map: '46.2,-63.7',
  latitude: 46.2,
  longitude: -63.7,
  structure_type: 'Box girder',
  status: 'Open',
  condition: 'Poor',
};

export const unlocated: S['Bridge'] = {
  ...confederation,
  id: 4,
  name: 'Hartland Covered Bridge',
  location_on_map: null,
  condition: null,
};

const WINDOW_MS = 600_000;
const PERIOD_START = Date.parse('2026-11-13T00:00:00Z');

function windowAt(index: number, error: number, anomalous: boolean): S['AnomalyWindow'] {
  return {
    start: new Date(PERIOD_START + index * WINDOW_MS).toISOString(),
    end: new Date(PERIOD_START + (index + 1) * WINDOW_MS).toISOString(),
    error,
    anomalous,
    outside_baseline: false,
  };
}

export function anAnomalyReport(overrides: Partial<S['AnomalyReport']> = {}): S['AnomalyReport'] {
  const windows = [
    windowAt(0, 0.011, false),
    windowAt(1, 0.013, false),
    windowAt(2, 0.052, true),
    windowAt(3, 0.048, true),
    windowAt(4, 0.012, false),
  ];
  return {
    sid: confederation.name,
    bridge: confederation.id,
    method: 'autoencoder',
    num_anomalies: 0,
    anomaly_count: 2,
    anomaly_indices: [2, 3],
    reconstruction_errors: windows.map((w) => w.error),
    threshold: 0.03,
    period_start: windows[0]?.start ?? '',
    period_end: windows[4]?.end ?? '',
    evaluated_at: '2026-11-20T09:30:00.000Z',
    trained_at: '2026-11-01T00:00:00.000Z',
    windows,
    events: [],
    top_contributors: [],
    skipped_windows: {},
    ...overrides,
  };
}

export function anAlert(overrides: Partial<S['Alert']> & Pick<S['Alert'], 'id'>): S['Alert'] {
  return {
    bridge: confederation.id,
    bridge_name: confederation.name,
    type: 'Anomaly Detection',
    severity: 'Critical',
    message: '4 anomalies detected',
    state: 'active',
    raised_at: '2026-11-20T09:30:00.000Z',
    updated_at: '2026-11-20T09:30:00.000Z',
    acknowledged_at: null,
    acknowledged_by: null,
    comment: null,
    cleared_at: null,
    cause: {
      windows: [
        { start: '2026-11-19T10:00:00.000Z', end: '2026-11-19T10:10:00.000Z', error: 0.052 },
      ],
      datastreams: [{ id: 41, stream_id: 'CB-acc-z', sensors: ['CB-ACC-1', 'CB-ACC-2'] }],
    },
    ...overrides,
  };
}

export const cbSensor: S['Sensor'] = {
  id: 51,
  bridge: confederation.id,
  span: 61,
  sensor_id: 'CB-ACC-1',
  type: 'accelerometer',
  status: 'active',
  installation_date: '2024-01-02',
  manufacturer: null,
  model_number: null,
  last_calibration_date: null,
  next_calibration_date: null,
  chainage_m: null,
  transverse_offset_m: null,
  direction: null,
};

export const cbSpan: S['Span'] = {
  id: 61,
  bridge: confederation.id,
  span_id: 'west_span',
  length: 250,
};

export const cbStream: S['Datastream'] = {
  id: 41,
  stream_id: 'CB-acc-z',
  data_type: 'acceleration',
  sensors: [cbSensor.id],
  last_seen: '2026-11-20T09:00:00.000Z',
  sample_count: 1000,
};

export const otherStream: S['Datastream'] = {
  ...cbStream,
  id: 42,
  stream_id: 'LG-acc-x',
  sensors: [],
};

export function aReadingSeries(datastream: number): S['ReadingSeries'] {
  const points = [0, 1, 2].map((i) => ({
    t: new Date(Date.parse('2026-11-20T06:00:00Z') + i * 3_600_000).toISOString(),
    min: -1 - i,
    max: 1 + i,
    mean: 0.1 * i,
    count: 60,
  }));
  return {
    datastream,
    from: '2026-11-19T09:00:00.000Z',
    to: '2026-11-20T09:00:00.001Z',
    level: 'minute',
    points,
  };
}

export const aForecast = (): S['ForecastSeries'] => ({
  sid: confederation.name,
  bridge: confederation.id,
  indicator: 'First natural frequency',
  unit: 'Hz',
  history: [
    { t: '2026-11-18T00:00:00.000Z', value: 0.52, anomalous: false },
    { t: '2026-11-19T00:00:00.000Z', value: 0.5, anomalous: true },
  ],
  forecast: [
    {
      t: '2026-11-21T00:00:00.000Z',
      mean: 0.49,
      lower80: 0.47,
      upper80: 0.51,
      lower95: 0.46,
      upper95: 0.52,
    },
  ],
  alarm_low: 0.45,
  generated_at: '2026-11-20T09:30:00.000Z',
});

// A 1×1 PNG is enough: the screen only turns the bytes into an object URL.
const PNG = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);

export interface DashboardApi {
  report?: S['AnomalyReport'];
  alerts?: S['Alert'][];
  bridges?: S['Bridge'][];
  inspections?: S['BridgeInspections'];
  /** The bridge's baseline versions, newest first (none by default). */
  baselines?: S['BaselineVersion'][];
  /** The shift against the reference (no modes by default). */
  frequencyShift?: S['FrequencyShiftSeries'];
  /** The modes identified from the span's accelerometers (none identified by default). */
  modes?: S['BridgeModes'];
  /** Each alert's delivery log, by alert id (none by default). */
  deliveries?: Record<number, S['AlertDelivery'][]>;
  /** Each alert's required actions (decision 077), by alert id (none by default). */
  actions?: Record<number, S['AlertAction'][]>;
  /** The bridge's own sensors, spans and streams (cbSensor, cbSpan and cbStream by default). */
  sensors?: S['Sensor'][];
  spans?: S['Span'][];
  datastreams?: S['Datastream'][];
  /** Who is on call in the bridge's company's rotas (no rotas by default). */
  onCall?: S['OnCall'][];
}

/** A signed-in user and every call the dashboard makes, answered with the fixtures above. */
export function anAnalysisStatus(
  overrides: Partial<S['AnalysisStatus']> = {},
): S['AnalysisStatus'] {
  return {
    sid: confederation.name,
    bridge: confederation.id,
    state: 'idle',
    progress: 0,
    message: 'Not analysed yet',
    trained_at: null,
    evaluated_at: null,
    last_error: null,
    ...overrides,
  };
}

const bridgeParam = (request: Request) => new URL(request.url).searchParams.get('bridge');

/** The fixtures all belong to the Confederation Bridge: any other ?bridge= has none. */
function ofBridge<T>(request: Request, rows: T[]): T[] {
  const bridge = bridgeParam(request);
  return bridge === null || Number(bridge) === confederation.id ? rows : [];
}

export function serveDashboard(server: SetupServer, api: DashboardApi = {}): void {
  storeTokens();
  const report = api.report ?? anAnomalyReport();
  server.use(
    http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser())),
    http.get(apiUrl('/api/v1/bridges'), () =>
      HttpResponse.json(api.bridges ?? [confederation, unlocated]),
    ),
    http.get(apiUrl('/api/v1/ai/anomalies'), () => HttpResponse.json(report)),
    http.post(
      apiUrl('/api/v1/ai/predict/prediction'),
      () => new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png' } }),
    ),
    http.get(apiUrl('/api/v1/ai/forecast'), () => HttpResponse.json(aForecast())),
    http.get(apiUrl('/api/v1/ai/status'), () => HttpResponse.json(anAnalysisStatus())),
    http.get(apiUrl('/api/v1/alerts'), () => HttpResponse.json(api.alerts ?? [])),
    http.get(apiUrl('/api/v1/alerts/:id/deliveries'), ({ params }) =>
      HttpResponse.json(api.deliveries?.[Number(params.id)] ?? []),
    ),
    http.get(apiUrl('/api/v1/alerts/:id/actions'), ({ params }) =>
      HttpResponse.json(api.actions?.[Number(params.id)] ?? []),
    ),
    http.get(apiUrl('/api/v1/bridges/:id/fatigue'), ({ params }) =>
      HttpResponse.json({ bridge: Number(params.id), details: [] }),
    ),
    http.get(apiUrl('/api/v1/bridges/:id/baselines'), () => HttpResponse.json(api.baselines ?? [])),
    http.get(apiUrl('/api/v1/companies/:id/on-call'), () => HttpResponse.json(api.onCall ?? [])),
    http.get(apiUrl('/api/v1/bridges/:id/frequency-shift'), ({ params }) =>
      HttpResponse.json(
        api.frequencyShift ?? {
          bridge: Number(params.id),
          reference_version: null,
          reference_accepted_at: null,
          levels: { amber_percent: -2, red_percent: -5 },
          bucket_minutes: 10,
          modes: [],
          all_modes: null,
        },
      ),
    ),
    http.get(apiUrl('/api/v1/bridges/:id/modes'), ({ params }) =>
      HttpResponse.json(
        api.modes ?? {
          bridge: Number(params.id),
          reference_version: null,
          reference: null,
          latest: null,
          located_change: null,
          history: [],
        },
      ),
    ),
    http.get(apiUrl('/api/v1/bridges/:id/cable-tensions'), () => HttpResponse.json({ cables: [] })),
    http.get(apiUrl('/api/v1/bridges/:id/inspections'), () =>
      HttpResponse.json(api.inspections ?? { inspections: [], schedule: [] }),
    ),
    // As the server does, ?bridge= keeps only that bridge's (the other stream feeds no sensor).
    http.get(apiUrl('/api/v1/sensors'), ({ request }) =>
      HttpResponse.json(ofBridge(request, api.sensors ?? [cbSensor])),
    ),
    http.get(apiUrl('/api/v1/spans'), ({ request }) =>
      HttpResponse.json(ofBridge(request, api.spans ?? [cbSpan])),
    ),
    http.get(apiUrl('/api/v1/datastreams'), ({ request }) =>
      HttpResponse.json(
        bridgeParam(request) === null
          ? [cbStream, otherStream]
          : ofBridge(request, api.datastreams ?? [cbStream]),
      ),
    ),
    http.get(apiUrl('/api/v1/datastreams/:id/readings'), ({ params }) =>
      HttpResponse.json(aReadingSeries(Number(params.id))),
    ),
  );
}
