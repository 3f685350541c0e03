import { describe, expect, it, vi } from 'vitest';
import {
  structuralAlertBlocks,
  structuralAlertSince,
  trainingExclusions,
} from '../../../server/analysis/training-exclusions.ts';
import { alerts } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { shiftScene } from '../routes/frequency-shift-scene.ts';

vi.setConfig({ hookTimeout: 300_000 });
const DAY_MS = 86_400_000;

// Decision 073: a latched trigger level is a structural alert to the reference's training. A
// loss the control charts had not judged (a cold snap below their coverage) but the cumulative
// shift had latched entered the next version, and the agreement rule accepted it.
describe.each(drivers)('a crossed trigger level and the next reference version on %s', (kind) => {
  const t = setupTestApp(kind);
  const { scene, evaluate, triggerAlerts } = shiftScene(t);

  it('keeps the next version from being accepted by itself and leaves the loss out of its training', async () => {
    const { bridgeId } = await scene();
    const db = t.services.database.db;
    const accepted = (await t.services.baselines.active(bridgeId))?.acceptedAt ?? new Date(0);
    expect(await structuralAlertSince(db, bridgeId, accepted)).toBe(false);
    expect(await trainingExclusions(db, bridgeId)).toEqual([]);

    // A uniform −2 % loss from day 2 latches amber and raises 'Trigger level crossed'.
    expect(await evaluate(bridgeId, 0, 4, (day) => (day >= 2 ? 0.98 : 1))).toEqual(
      Array(5).fill('amber'),
    );
    const [alert] = await triggerAlerts(bridgeId);
    expect(alert?.state).toBe('active');

    expect(await structuralAlertSince(db, bridgeId, accepted)).toBe(true);
    expect(await trainingExclusions(db, bridgeId)).toEqual([
      { from: alert?.raisedAt.getTime(), to: Number.POSITIVE_INFINITY },
    ]);
  });

  // Decision 073 amended: one false alarm, cleared by the data, froze a reference for good (33
  // versions of a tuning seed kept proposed); a retraining period quiet since ends that.
  it('stops keeping versions proposed once a cleared alert has been quiet for 30 days', async () => {
    const { bridgeId } = await scene();
    const db = t.services.database.db;
    const now = Date.now();
    const accepted = new Date(now - 90 * DAY_MS);
    const cleared = async (raisedDaysAgo: number, clearedDaysAgo: number) => {
      await db.insert(alerts).values({
        bridgeId,
        type: 'Anomaly Detection',
        severity: 'Medium',
        message: '1 anomaly detected (1 by the control charts alone)',
        state: 'cleared',
        cause: {},
        raisedAt: new Date(now - raisedDaysAgo * DAY_MS),
        clearedAt: new Date(now - clearedDaysAgo * DAY_MS),
      });
    };
    await cleared(50, 44);
    expect(await structuralAlertSince(db, bridgeId, accepted)).toBe(true);
    expect(await structuralAlertBlocks(db, bridgeId, accepted, new Date(now))).toBe(false);

    await cleared(20, 12);
    expect(await structuralAlertBlocks(db, bridgeId, accepted, new Date(now))).toBe(true);
  });
});
