import { describe, expect, it, vi } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

vi.setConfig({ hookTimeout: 300_000 });

describe.each(drivers)("'Sensor fault' alerts from an analysis on %s", (kind) => {
  const t = setupTestApp(kind);

  it('raises one per broken stream, not a structural warning, and clears it once healthy', async () => {
    const { bridge, streams } = await bridgeWithStreams(t, 'Lions Gate', ['active', 'active']);
    const stream = streams[0]?.stream;
    if (!stream) throw new Error('no stream');
    await t.services.alerts.analysisCompleted({
      ...outcome(bridge.id, 0),
      sensorFaults: [
        {
          datastreamId: stream.id,
          streamId: stream.streamId,
          details: ['stuck at 101.25 for 4.0 h'],
        },
      ],
    });
    const raised = await storedAlerts(t, bridge.id);
    expect(raised.map((a) => [a.type, a.severity, a.state, a.message])).toEqual([
      [
        'Sensor fault',
        'Medium',
        'active',
        `Sensor fault on stream ${stream.streamId}: stuck at 101.25 for 4.0 h`,
      ],
    ]);
    expect(raised[0]?.cause).toMatchObject({
      datastreams: [{ id: stream.id, stream_id: stream.streamId, sensors: ['lions-gate-acc-1'] }],
    });

    await t.services.alerts.analysisCompleted({ ...outcome(bridge.id, 0), sensorFaults: [] });
    expect((await storedAlerts(t, bridge.id)).map((a) => a.state)).toEqual(['cleared']);
  });
});
