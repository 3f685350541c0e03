import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import type { components } from '../../../../openapi/schema';
import { apiUrl } from '../../../helpers/msw';

type S = components['schemas'];

export const lionsGate: S['Bridge'] = {
  id: 1,
  company_id: 1,
  name: 'Lions Gate',
  location: 'Vancouver harbour',
  construction_date: '1938-11-14',
  length_per_span: 472.4,
  location_on_map: '49.3150,-123.1386',
  latitude: 49.315,
  longitude: -123.1386,
  structure_type: 'Suspension',
  status: 'Open',
};
export const confederation: S['Bridge'] = {
  ...lionsGate,
  id: 2,
  name: 'Confederation',
  location: 'Northumberland Strait',
  structure_type: 'Box girder',
  status: 'Restricted',
};
export const spans: S['Span'][] = [
  { id: 11, bridge: 1, span_id: 'north_span', length: 120 },
  { id: 12, bridge: 2, span_id: 'main_span', length: 250 },
];
export const sensors: S['Sensor'][] = [
  {
    id: 21,
    bridge: 1,
    span: 11,
    sensor_id: 'LG-ACC-1',
    type: 'accelerometer',
    status: 'maintenance',
    installation_date: '2024-01-02',
    manufacturer: null,
    model_number: null,
    last_calibration_date: null,
    next_calibration_date: null,
    chainage_m: null,
    transverse_offset_m: null,
    direction: null,
  },
];
export const datastreams: S['Datastream'][] = [
  {
    id: 31,
    stream_id: 'LG-acc-x',
    data_type: 'acceleration',
    sensors: [21],
    last_seen: '2026-11-20T08:00:00.000Z',
    sample_count: 360000,
  },
  {
    id: 32,
    stream_id: 'orphan',
    data_type: 'strain',
    sensors: [],
    last_seen: null,
    sample_count: 0,
  },
];

export function serveStructures(server: SetupServer) {
  server.use(
    http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json([lionsGate, confederation])),
    http.get(apiUrl('/api/v1/spans'), () => HttpResponse.json(spans)),
    http.get(apiUrl('/api/v1/sensors'), () => HttpResponse.json(sensors)),
    http.get(apiUrl('/api/v1/datastreams'), () => HttpResponse.json(datastreams)),
    // A selected sensor shows its calibration register (issue 20); none is recorded here.
    http.get(apiUrl('/api/v1/sensors/:id/calibrations'), () => HttpResponse.json([])),
    // And its status history (issue 30); none is recorded here.
    http.get(apiUrl('/api/v1/sensors/:id/status-changes'), () => HttpResponse.json([])),
    http.get(apiUrl('/api/v1/bridges/from_rensys'), () =>
      HttpResponse.json({ status: 'success', data: ['Lions Gate', 'Pont Champlain'] }),
    ),
  );
}
