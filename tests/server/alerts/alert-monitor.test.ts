import { describe, expect, it, vi } from 'vitest';
import { startAlertMonitor } from '../../../server/alerts/alert-monitor.ts';
import { createAlertService } from '../../../server/alerts/alert-service.ts';
import { createAlertsRepository } from '../../../server/alerts/alerts-repository.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { bridgeWithStreams, setLastSeen, storedAlerts } from './alert-fixtures.ts';

describe.each(drivers)('the alert monitor on %s', (kind) => {
  const t = setupTestApp(kind);

  it('checks for silent streams on its interval and stops cleanly', async () => {
    const { bridge, streams } = await bridgeWithStreams(t, 'Lions Gate');
    const [entry] = streams;
    if (!entry) throw new Error('no stream');
    await setLastSeen(t, entry.stream.id, new Date(Date.now() - 60 * 60 * 1000));
    const alerts = createAlertService({
      db: t.services.database.db,
      repository: createAlertsRepository(t.services.database.db),
      inspections: t.services.inspections,
      fatigueDetails: t.services.fatigueDetails,
    });
    const log = vi.fn();

    const monitor = startAlertMonitor(alerts, { checkSeconds: 1, log });
    expect(await storedAlerts(t, bridge.id)).toEqual([]);
    await vi.waitFor(
      async () => {
        const rows = await storedAlerts(t, bridge.id);
        expect(rows.map((a) => [a.type, a.state])).toEqual([['Sensor offline', 'active']]);
      },
      { timeout: 5000, interval: 100 },
    );
    await monitor.stop();
    expect(log).not.toHaveBeenCalled();
  });
});
