import { describe, expect, it } from 'vitest';
import { modalSpanOf } from '../../../server/analysis/modal-channels.ts';
import { createModesStore, type NewStoredMode } from '../../../server/analysis/modes-store.ts';
import { baselineVersions } from '../../../server/db/schema.ts';
import { gatherReportFacts } from '../../../server/report/report-gather.ts';
import { localisationBeam } from '../../helpers/beam-windows.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { beamBridge } from '../analysis/stored-modes-fixtures.ts';
import { pdfText, storesOf } from './report-text.ts';

const APRIL = { label: '2026-04', startMs: Date.UTC(2026, 3, 1), endMs: Date.UTC(2026, 4, 1) };
const MAY = { label: '2026-05', startMs: APRIL.endMs, endMs: Date.UTC(2026, 5, 1) };
const MARCH = { label: '2026-03', startMs: Date.UTC(2026, 2, 1), endMs: APRIL.startMs };
const NOW = new Date('2026-05-20T00:00:00Z');
const WINDOW_MS = 600_000;
const healthy = localisationBeam(-1, 1);

/** A version as the training stores it, accepted at `acceptedAt`. */
async function storeVersion(t: TestContext, bridgeId: number, version: number, acceptedAt: Date) {
  await t.services.database.db.insert(baselineVersions).values({
    bridgeId,
    version,
    status: version === 2 ? 'active' : 'superseded',
    trainedFrom: new Date(acceptedAt.getTime() - 14 * 86_400_000),
    trainedTo: acceptedAt,
    windowsUsed: 100,
    modes: [],
    model: {},
    trainingSeconds: 1,
    createdAt: acceptedAt,
    acceptedAt,
    reason: 'test',
  });
}

/** One stored window of the healthy beam's three modes, matched against `referenceVersion`. */
async function storeWindow(
  t: TestContext,
  bridgeId: number,
  startMs: number,
  referenceVersion: number,
  isReference = false,
) {
  const channels = (await modalSpanOf(t.services.database.db, bridgeId))?.channels ?? [];
  const rows: NewStoredMode[] = [0, 1, 2].map((mode) => {
    const values = channels.map((c) => healthy.shapeAt(mode, c.chainageM));
    const top = Math.max(...values.map(Math.abs));
    return {
      bridgeId,
      windowStart: new Date(startMs),
      windowEnd: new Date(startMs + WINDOW_MS),
      referenceVersion,
      position: mode,
      frequencyHz: healthy.frequenciesHz[mode] ?? 0,
      dampingRatio: 0.01,
      mpc: 0.99,
      shape: channels.map((c, j) => ({
        datastream_id: c.datastreamId,
        stream_id: c.streamId,
        chainage_m: c.chainageM,
        value: (values[j] ?? 0) / top,
      })),
      referenceMode: mode,
      referenceMac: isReference ? 1 : 0.99,
      isReference,
    };
  });
  await createModesStore(t.services.database.db).saveWindow(bridgeId, rows);
}

// Decision 021 (b): a past month's report names the reference version in force at its cut (the
// month's end), not the one in force today, even when the later version's baseline backfill
// (modal-backfill.ts) stored windows of that month matched against the later version.
describe.each(drivers)(
  'the report names the reference version in force at its cut on %s',
  (kind) => {
    const t = setupTestApp(kind);

    it('names version 1 for the month before version 2 came into force', async () => {
      const { bridge } = await beamBridge(t.services, 'Versioned Beam');
      await storeVersion(t, bridge.id, 1, new Date('2026-04-01T06:00:00Z'));
      await storeVersion(t, bridge.id, 2, new Date('2026-05-10T00:00:00Z'));
      await storeWindow(t, bridge.id, Date.UTC(2026, 3, 1, 8), 1, true);
      await storeWindow(t, bridge.id, Date.UTC(2026, 3, 10, 8), 1);
      // Version 2's reference window, then its backfill of its baseline's late-April windows.
      await storeWindow(t, bridge.id, Date.UTC(2026, 4, 10, 8), 2, true);
      await storeWindow(t, bridge.id, Date.UTC(2026, 3, 28, 8), 2);
      await storeWindow(t, bridge.id, Date.UTC(2026, 3, 29, 8), 2);
      // Version 1's backfill of its baseline's late-March window, before any version was in force.
      await storeWindow(t, bridge.id, Date.UTC(2026, 2, 30, 8), 1);

      const april = await gatherReportFacts(storesOf(t), bridge.id, APRIL, NOW);
      expect(april.modes.referenceVersion).toBe(1);
      expect(april.modes.referenceWindowStart).toBe(
        new Date(Date.UTC(2026, 3, 1, 8)).toISOString(),
      );
      expect(april.modes.latestWindowStart).toBe(new Date(Date.UTC(2026, 3, 10, 8)).toISOString());
      const aprilText = await pdfText(april);
      expect(aprilText).toContain('the first after reference version 1 became active.');
      expect(aprilText).not.toContain('reference version 2');

      const march = await gatherReportFacts(storesOf(t), bridge.id, MARCH, NOW);
      expect(march.modes.referenceVersion).toBeNull();
      expect(march.modes.absent).toBe(
        "The month's 1 identified 10-minute window was matched, after the month, against a " +
          'reference version that came into force after its end, so none is compared here with a ' +
          'reference: none had been accepted by the end of the month.',
      );

      const may = await gatherReportFacts(storesOf(t), bridge.id, MAY, NOW);
      expect(may.modes.referenceVersion).toBe(2);
      expect(await pdfText(may)).toContain('the first after reference version 2 became active.');
    });
  },
);
