import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import {
  anAnomalyReport,
  cbSensor,
  cbSpan,
  cbStream,
  confederation,
  serveDashboard,
} from './fixtures';

type S = components['schemas'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:png'), revokeObjectURL: vi.fn() });
});

const reporting: S['StreamTrust'] = { state: 'reporting', sensor_status: 'active', findings: [] };
const accStream: S['Datastream'] = { ...cbStream, trust: reporting };

const strainSensor: S['Sensor'] = {
  ...cbSensor,
  id: 52,
  sensor_id: 'CB-STR-2',
  type: 'strain_gauge',
  status: 'faulty',
};
const strainStream: S['Datastream'] = {
  ...cbStream,
  id: 43,
  stream_id: 'CB-str-2',
  data_type: 'strain',
  sensors: [strainSensor.id],
  trust: {
    state: 'reporting',
    sensor_status: 'faulty',
    findings: [
      {
        kind: 'drift',
        detail: 'drifting up by 2.5 µε per hour over 7 days',
        since: '2026-11-13T09:00:00.000Z',
      },
    ],
  },
};

const eastSpan: S['Span'] = { ...cbSpan, id: 62, span_id: 'east_span' };
const eastSensor: S['Sensor'] = { ...cbSensor, id: 53, span: eastSpan.id, sensor_id: 'CB-ACC-E' };
const eastStream: S['Datastream'] = {
  ...cbStream,
  id: 44,
  stream_id: 'CB-acc-east',
  sensors: [eastSensor.id],
  last_seen: null,
  sample_count: 0,
  trust: { state: 'never', sensor_status: 'active', findings: [] },
};

const openDashboard = () => renderApp(`/dashboard?bridge=${confederation.id}`);
const conditionIndex = async () =>
  within(await screen.findByRole('region', { name: 'Status of Confederation Bridge' })).getByRole(
    'region',
    { name: 'Bridge Condition Index' },
  );
const streamCard = async (streamId: string) =>
  (await screen.findAllByRole('article')).find((a) =>
    a.textContent?.includes(`Stream ${streamId},`),
  );

describe('data trust beside the condition (issue 36, items 1 and 7)', () => {
  it("badges a faulty, drifting sensor's card and counts it beside the condition", async () => {
    serveDashboard(server, {
      report: anAnomalyReport({ num_anomalies: 0 }),
      sensors: [cbSensor, strainSensor],
      datastreams: [accStream, strainStream],
    });
    await openDashboard();
    const index = await conditionIndex();
    expect(index).toHaveTextContent('2 of 2 streams reporting · 1 faulty');
    // The accelerometer still watches the span, so the evidence holds: Good stays.
    expect(index).toHaveTextContent('Good');
    const card = await streamCard('CB-str-2');
    expect(card).toBeDefined();
    const inCard = within(card as HTMLElement);
    expect(inCard.getByText('Faulty', { exact: true })).toBeVisible();
    expect(inCard.getByText('Drifting', { exact: true })).toBeVisible();
    expect(card).toHaveTextContent('drifting up by 2.5 µε per hour over 7 days');
    expect(card).not.toHaveTextContent('Reporting');
    const healthy = await streamCard('CB-acc-z');
    expect(healthy).toHaveTextContent('Reporting');
    expect(within(healthy as HTMLElement).queryByText('Faulty')).toBeNull();
  });

  it('reads Not assessed, not Good, when a span has no data to judge', async () => {
    serveDashboard(server, {
      report: anAnomalyReport({ num_anomalies: 0 }),
      sensors: [cbSensor, eastSensor],
      spans: [cbSpan, eastSpan],
      datastreams: [accStream, eastStream],
    });
    await openDashboard();
    const index = await conditionIndex();
    expect(index).toHaveTextContent('1 of 2 streams reporting · 1 never reported');
    expect(index).toHaveTextContent('Not assessed');
    expect(index).not.toHaveTextContent('Good');
    expect(index).toHaveTextContent('east_span not assessed');
    const strip = screen.getByRole('region', { name: 'Status of Confederation Bridge' });
    const situation = within(strip).getByRole('region', { name: 'Current situation' });
    expect(situation).not.toHaveTextContent('Normal Operation');
    expect(situation).toHaveTextContent('Not assessed');
    expect(within(strip).queryByRole('img', { name: /Health score/ })).toBeNull();
    const card = await streamCard('CB-acc-east');
    expect(card).toHaveTextContent('Installed, not reporting');
  });

  it('keeps the spec’s condition when anomalies were found, whatever is missing', async () => {
    serveDashboard(server, {
      report: anAnomalyReport({ num_anomalies: 4 }),
      sensors: [cbSensor, eastSensor],
      spans: [cbSpan, eastSpan],
      datastreams: [accStream, eastStream],
    });
    await openDashboard();
    const index = await conditionIndex();
    expect(index).toHaveTextContent('Poor');
    expect(index).toHaveTextContent('1 of 2 streams reporting · 1 never reported');
  });

  it('says beside the condition which twin gauges disagree, that neither is left out, and since when', async () => {
    const twinStream: S['Datastream'] = { ...strainStream, id: 45, stream_id: 'CB-str-2b' };
    const detail =
      "CB-str-2 and CB-str-2b disagree: CB-str-2's response grew by 10 % against CB-str-2b's " +
      "(window standard deviation ratios since the onset, against the reference's); a pair " +
      'cannot tell which of the two changed, so neither is called faulty on this alone';
    serveDashboard(server, {
      report: anAnomalyReport({
        num_anomalies: 0,
        sensor_disagreements: [
          { stream_ids: ['CB-str-2', 'CB-str-2b'], since: '2026-11-13T09:00:00.000Z', detail },
        ],
      }),
      sensors: [cbSensor],
      datastreams: [accStream, { ...twinStream, trust: reporting, sensors: [cbSensor.id] }],
    });
    await openDashboard();
    const index = await conditionIndex();
    const pairs = within(index).getByRole('list', { name: 'Twin sensors that disagree' });
    expect(pairs).toHaveTextContent(
      /^CB-str-2 and CB-str-2b disagree since Nov 13, 2026, \d+:00 [AP]M.*: one of them reads wrong; neither is left out of the condition analysis, the limits or the fatigue counting, so inspect both\./,
    );
    // The size, in the analysis' words, once: the pair is not named twice.
    expect(pairs).toHaveTextContent(
      /inspect both\.CB-str-2's response grew by 10 % against CB-str-2b's/,
    );
    // Neither is counted faulty: the trust line is the pair's, not a fault's.
    expect(index).toHaveTextContent('2 of 2 streams reporting');
    expect(index).not.toHaveTextContent('reporting · ');
  });

  it('shows no twin line when no pair disagrees', async () => {
    serveDashboard(server, {
      report: anAnomalyReport({ num_anomalies: 0 }),
      sensors: [cbSensor],
      datastreams: [accStream],
    });
    await openDashboard();
    const index = await conditionIndex();
    expect(index).toHaveTextContent('1 of 1 stream reporting');
    expect(within(index).queryByRole('list', { name: 'Twin sensors that disagree' })).toBeNull();
    expect(index).not.toHaveTextContent('Twin sensors');
  });
});
