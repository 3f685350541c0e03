import { configure, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser } from '../../../helpers/web-fixtures';
import { anAlert, confederation, serveDashboard } from './fixtures';

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:png'), revokeObjectURL: vi.fn() });
});

const ALERTS = [
  anAlert({ id: 21, type: 'Structural Warning', message: '3 anomaly episodes' }),
  anAlert({
    id: 22,
    message: '2 anomalies detected',
    state: 'acknowledged',
    acknowledged_at: '2026-11-20T10:00:00Z',
    acknowledged_by: { id: 7, username: 'ada' },
    comment: 'Bearings inspected',
  }),
];

function serveAs(isStaff: boolean) {
  serveDashboard(server, { alerts: ALERTS });
  server.use(
    http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser({ is_staff: isStaff }))),
  );
  return renderApp(`/dashboard?bridge=${confederation.id}`);
}

describe("alert rows' History on the dashboard (issue 20)", () => {
  it('link active and acknowledged alerts to the audit view filtered on them, for staff', async () => {
    await serveAs(true);
    const active = await screen.findByRole('list', { name: 'Active alerts' });
    expect(
      within(active).getByRole('link', {
        name: 'History of Structural Warning alert: 3 anomaly episodes',
      }),
    ).toHaveAttribute('href', '/audit?object_type=alert&object_id=21');
    const acknowledged = screen.getByRole('list', { name: 'Acknowledged alerts' });
    expect(
      within(acknowledged).getByRole('link', {
        name: 'History of Anomaly Detection alert: 2 anomalies detected',
      }),
    ).toHaveAttribute('href', '/audit?object_type=alert&object_id=22');
  });

  it('are not offered to users who cannot open the audit view', async () => {
    await serveAs(false);
    await screen.findByRole('list', { name: 'Active alerts' });
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^History of/ })).not.toBeInTheDocument();
  });
});
