import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../../domain/formats';
import { setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAlert, anAnomalyReport, confederation, serveDashboard } from './fixtures';

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

const since = '2026-11-23T22:00:00.000Z';
const limitAlert = anAlert({
  id: 31,
  type: 'Limit exceeded',
  severity: 'Critical',
  message: `Sensor CB-SG-1 (stream CB-str) above its high limit of 300 since ${since} (3.5 h): 10-minute mean up to 461.2`,
  cause: { windows: [], datastreams: [{ id: 42, stream_id: 'CB-str', sensors: ['CB-SG-1'] }] },
});

describe("a 'Limit exceeded' alert on the dashboard", () => {
  it('shows the limit, the value, since when and how long, where from and what to do', async () => {
    serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 0 }), alerts: [limitAlert] });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const list = await screen.findByRole('list', { name: 'Active alerts' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('Limit exceeded');
    expect(item).toHaveTextContent('Critical');
    expect(item).toHaveTextContent(
      `Sensor CB-SG-1 (stream CB-str) above its high limit of 300 since ${formatDateTime(since)} (3.5 h): 10-minute mean up to 461.2`,
    );
    expect(item).not.toHaveTextContent(since);
    // One card per alert (issue 36): the stream and the trigger it was judged against.
    expect(item).toHaveTextContent('Stream CB-str');
    expect(item).toHaveTextContent("The sensor's limits set in Bridge Management");
    expect(item).toHaveTextContent(/rule out a sensor fault, then have an engineer assess/);
  });
});
