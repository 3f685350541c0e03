import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { formatDateTime } from '../../../../domain/formats';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderPage } from '../users/render-page';
import { datastreams, sensors, serveStructures } from './fixtures';

type S = components['schemas'];

const server = setupMswServer();

/** Two strain gauges 0.3 m apart on one girder line of Lions Gate's north span: twins. */
const gauge = (id: number, sensorId: string, chainageM: number): S['Sensor'] => ({
  ...(sensors[0] as S['Sensor']),
  id,
  sensor_id: sensorId,
  type: 'strain_gauge',
  status: 'active',
  chainage_m: chainageM,
  transverse_offset_m: -4,
  direction: 'longitudinal',
});
const stream = (
  id: number,
  streamId: string,
  sensorId: number,
  twins: S['Datastream']['twin_disagreements'] = [],
): S['Datastream'] => ({
  id,
  stream_id: streamId,
  data_type: 'strain',
  sensors: [sensorId],
  last_seen: null,
  sample_count: 0,
  twin_disagreements: twins,
});
const SINCE = '2026-11-13T09:00:00.000Z';

async function openStreams(
  gauges: S['Sensor'][],
  streams: S['Datastream'][],
): Promise<HTMLElement> {
  serveStructures(server);
  server.use(
    http.get(apiUrl('/api/v1/sensors'), () => HttpResponse.json([...sensors, ...gauges])),
    http.get(apiUrl('/api/v1/datastreams'), () => HttpResponse.json([...datastreams, ...streams])),
  );
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  await user.click(screen.getByRole('tab', { name: 'Datastreams' }));
  return screen.getByRole('table', { name: /Datastreams/ });
}

const twinCell = (table: HTMLElement, streamId: string) => {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryAllByRole('cell')[0]?.textContent === streamId);
  if (!row) throw new Error(`no row for ${streamId}`);
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
  const cell = within(row).getAllByRole('cell')[headers.indexOf('Twin gauge')];
  if (!cell) throw new Error('no Twin gauge column');
  return cell;
};

// Issue 30 / decision 074, amended 2026-12-01: the staff data streams table marks twin gauges
// as the dashboard's stream cards do, the disagreement from the stored episodes.
describe('twin gauges in the Bridge Management data streams table', () => {
  it('names each gauge of a pair with the other, and that they agree', async () => {
    const table = await openStreams(
      [gauge(71, 'LG-STR-1', 60), gauge(72, 'LG-STR-1B', 60.3)],
      [stream(81, 'LG-str-1', 71), stream(82, 'LG-str-1b', 72)],
    );
    expect(
      within(twinCell(table, 'LG-str-1')).getByRole('list', { name: 'Twin gauges of LG-str-1' }),
    ).toHaveTextContent(/^Twin gauge of LG-str-1b: the two agree\.$/);
    expect(twinCell(table, 'LG-str-1b')).toHaveTextContent(
      /^Twin gauge of LG-str-1: the two agree\.$/,
    );
    // The accelerometer and the orphan stream have no twin.
    expect(twinCell(table, 'LG-acc-x')).toHaveTextContent(/^$/);
    expect(twinCell(table, 'orphan')).toHaveTextContent(/^$/);
  });

  it('says on both rows that the pair disagrees, since when, and to inspect both', async () => {
    const table = await openStreams(
      [gauge(71, 'LG-STR-1', 60), gauge(72, 'LG-STR-1B', 60.3)],
      [
        stream(81, 'LG-str-1', 71, [{ stream_id: 'LG-str-1b', since: SINCE }]),
        stream(82, 'LG-str-1b', 72, [{ stream_id: 'LG-str-1', since: SINCE }]),
      ],
    );
    for (const [mine, other] of [
      ['LG-str-1', 'LG-str-1b'],
      ['LG-str-1b', 'LG-str-1'],
    ] as const) {
      const cell = twinCell(table, mine);
      expect(cell).toHaveTextContent(
        `Twin gauge of ${other}. ${mine} and ${other} disagree since ${formatDateTime(SINCE)}: ` +
          'one of them reads wrong; neither is left out of the condition analysis, the limits ' +
          'or the fatigue counting, so inspect both.',
      );
      expect(within(cell).getByText(`${formatDateTime(SINCE)}`)).toHaveAttribute('dateTime', SINCE);
      expect(cell).not.toHaveTextContent('the two agree');
    }
  });

  it('names no twin for gauges too far apart to be one place', async () => {
    const table = await openStreams(
      [gauge(71, 'LG-STR-1', 60), gauge(72, 'LG-STR-1B', 61)],
      [stream(81, 'LG-str-1', 71), stream(82, 'LG-str-1b', 72)],
    );
    expect(twinCell(table, 'LG-str-1')).toHaveTextContent(/^$/);
    expect(twinCell(table, 'LG-str-1b')).toHaveTextContent(/^$/);
  });
});
