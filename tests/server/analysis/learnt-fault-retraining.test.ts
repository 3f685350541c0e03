import { describe, expect, it, vi } from 'vitest';
import { analyseBridge } from '../../../server/analysis/analyse-bridge.ts';
import { createBaselineVersions } from '../../../server/analysis/baseline-versions.ts';
import { loadBridgeStreams } from '../../../server/analysis/bridge-streams.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { evaluationDrivers } from '../../helpers/test-database.ts';
import { DAY_MS, START_MS, simulatedBridge, testScenario } from './analysis-fixtures.ts';

vi.setConfig({ testTimeout: 600_000, hookTimeout: 300_000 });

// Issue 30, decision 048 (2026-11-30): a fault found after the model was trained, with its
// onset inside the model's reference, means the model learnt part of its span. The evaluation
// trains once more without that span, and the new version says why.
describe.each(evaluationDrivers)('a model that learnt a sensor fault on %s', (kind) => {
  const t = setupTestApp(kind);

  it('is retrained once, the version naming the fault', async () => {
    const { bridge } = await simulatedBridge(t.services, {
      name: 'Learnt Fault Bridge',
      scenario: testScenario('slf'),
      days: 9,
    });
    const db = t.services.database.db;
    const versions = createBaselineVersions(db);
    expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');
    expect(await versions.list(bridge.id)).toHaveLength(1);

    // Found now (as an earlier check might have), begun on day 5 of the 7-day reference.
    const strain = (await loadBridgeStreams(db, bridge.id)).find(
      (s) => s.streamId === 'slf-s1-str',
    );
    await t.services.sensorFaults.record(
      bridge.id,
      [
        {
          datastreamId: strain?.id ?? 0,
          kind: 'offset',
          onsetMs: START_MS + 5 * DAY_MS,
          reason: 'stepped by 20.0 µε',
        },
      ],
      new Map(),
      new Date(),
    );

    expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');
    const after = await versions.list(bridge.id);
    expect(after).toHaveLength(2);
    expect(after[0]?.reason).toMatch(
      /^Retrained because the previous model learnt data from a sensor fault's span, found after it was trained \(slf-s1-str: Offset step since 2026-04-06 00:00 UTC: stepped by 20\.0 µε\); this training leaves that span out\. /,
    );

    // Trained after the fault was found: no further retraining for it.
    expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');
    expect(await versions.list(bridge.id)).toHaveLength(2);
  });
});
