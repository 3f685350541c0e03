import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAnomalyReport, confederation, serveDashboard } from './fixtures';

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:png'), revokeObjectURL: vi.fn() });
});

const monitoring = async () =>
  within(await screen.findByRole('region', { name: 'Status of Confederation Bridge' })).getByRole(
    'region',
    { name: 'Bridge Monitoring Status' },
  );

describe('status strip after maintenance (issue 15)', () => {
  it("says 'Re-baselining, n of 7 days' while the bridge relearns", async () => {
    serveDashboard(server, {
      report: anAnomalyReport({
        num_anomalies: 0,
        rebaselining: { since: '2026-04-02', days: 3, of: 7 },
      }),
    });
    renderApp(`/dashboard?bridge=${confederation.id}`);
    expect(await monitoring()).toHaveTextContent('BaselineRe-baselining, 3 of 7 days');
  });

  it('says nothing of it once the baseline is learnt', async () => {
    serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 0 }) });
    renderApp(`/dashboard?bridge=${confederation.id}`);
    expect(await monitoring()).not.toHaveTextContent('Re-baselining');
  });
});
