import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAnomalyReport, cbSensor, cbStream, confederation, serveDashboard } from './fixtures';

type S = components['schemas'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });
// The dashboard's first render is slow on a loaded machine (the first test of data-trust.test.tsx
// misses 4 s too at a load average of 35).
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:png'), revokeObjectURL: vi.fn() });
});

const reporting: S['StreamTrust'] = { state: 'reporting', sensor_status: 'active', findings: [] };

/** Two strain gauges 0.3 m apart at midspan of one girder line: twins by their positions. */
const gauge = (id: number, sensorId: string, chainageM: number): S['Sensor'] => ({
  ...cbSensor,
  id,
  sensor_id: sensorId,
  type: 'strain_gauge',
  chainage_m: chainageM,
  transverse_offset_m: -4,
  direction: 'longitudinal',
});
const strainA = gauge(71, 'CB-STR-1', 125);
const strainB = gauge(72, 'CB-STR-1B', 125.3);
const streamOf = (id: number, streamId: string, sensor: S['Sensor']): S['Datastream'] => ({
  ...cbStream,
  id,
  stream_id: streamId,
  data_type: 'strain',
  sensors: [sensor.id],
  trust: reporting,
});
const streams = [
  { ...cbStream, trust: reporting },
  streamOf(81, 'CB-str-1', strainA),
  streamOf(82, 'CB-str-1b', strainB),
];
const detail =
  "CB-str-1 and CB-str-1b disagree: CB-str-1's response grew by 10 % against CB-str-1b's " +
  "(window standard deviation ratios since the onset, against the reference's); a pair cannot " +
  'tell which of the two changed, so neither is called faulty on this alone';

const openDashboard = () => renderApp(`/dashboard?bridge=${confederation.id}`);
const streamCard = async (streamId: string) => {
  const card = (await screen.findAllByRole('article', {}, { timeout: 30_000 })).find((a) =>
    a.textContent?.includes(`Stream ${streamId},`),
  );
  if (!card) throw new Error(`no card for ${streamId}`);
  return card;
};

// Decision 074's 'Left': the stream cards mark the two gauges of a twin pair, each naming the
// other, and say on both cards when the pair disagrees.
describe('twin gauges on the stream cards', () => {
  it('marks each gauge of a pair with the other, and that they agree', async () => {
    serveDashboard(server, {
      report: anAnomalyReport({ num_anomalies: 0 }),
      sensors: [cbSensor, strainA, strainB],
      datastreams: streams,
    });
    await openDashboard();
    const first = within(await streamCard('CB-str-1')).getByRole('list', {
      name: 'Twin gauges of CB-str-1',
    });
    expect(first).toHaveTextContent('Twin gauge of CB-str-1b: the two agree.');
    const second = within(await streamCard('CB-str-1b')).getByRole('list', {
      name: 'Twin gauges of CB-str-1b',
    });
    expect(second).toHaveTextContent('Twin gauge of CB-str-1: the two agree.');
    // The accelerometer has no twin: its card says nothing of one.
    const accelerometer = await streamCard('CB-acc-z');
    expect(within(accelerometer).queryByRole('list', { name: /Twin gauges/ })).toBeNull();
    expect(accelerometer).not.toHaveTextContent('Twin gauge');
  });

  it('says on both cards that the pair disagrees, since when, and to inspect both', async () => {
    serveDashboard(server, {
      report: anAnomalyReport({
        num_anomalies: 0,
        sensor_disagreements: [
          { stream_ids: ['CB-str-1', 'CB-str-1b'], since: '2026-11-13T09:00:00.000Z', detail },
        ],
      }),
      sensors: [cbSensor, strainA, strainB],
      datastreams: streams,
    });
    await openDashboard();
    for (const [mine, other] of [
      ['CB-str-1', 'CB-str-1b'],
      ['CB-str-1b', 'CB-str-1'],
    ] as const) {
      const twins = within(await streamCard(mine)).getByRole('list', {
        name: `Twin gauges of ${mine}`,
      });
      expect(twins).toHaveTextContent(
        new RegExp(
          `^Twin gauge of ${other}\\. ${mine} and ${other} disagree since Nov 13, 2026, \\d+:00 [AP]M.*: one of them reads wrong; neither is left out of the condition analysis, the limits or the fatigue counting, so inspect both\\.$`,
        ),
      );
      expect(twins).not.toHaveTextContent('the two agree');
    }
  });

  it('names no twin for gauges too far apart to be one place', async () => {
    serveDashboard(server, {
      report: anAnomalyReport({ num_anomalies: 0 }),
      sensors: [cbSensor, strainA, { ...strainB, chainage_m: 126 }],
      datastreams: streams,
    });
    await openDashboard();
    expect(await streamCard('CB-str-1')).not.toHaveTextContent('Twin gauge');
    expect(await streamCard('CB-str-1b')).not.toHaveTextContent('Twin gauge');
  });
});
