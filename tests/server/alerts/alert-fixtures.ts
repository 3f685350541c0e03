import { eq } from 'drizzle-orm';
import type { AnalysisOutcome } from '../../../server/alerts/analysis-outcome.ts';
import { alerts, datastreams, userBridges } from '../../../server/db/schema.ts';
import { companyOfUser } from '../../../server/repositories/companies-repository.ts';
import { TEST_COMPANY, type TestContext } from '../../helpers/test-app.ts';

type SensorStatus = 'active' | 'inactive' | 'maintenance' | 'faulty';

/** A bridge with one span and, per entry, a sensor feeding a data stream of its own. */
export async function bridgeWithStreams(
  t: TestContext,
  name: string,
  sensorStatuses: SensorStatus[] = ['active'],
) {
  // Owned by the company of the test users (test-app.ts), as a bridge its users are assigned is.
  const companyId = await companyOfUser(t.services.database.db, TEST_COMPANY);
  const bridge = await t.services.bridges.create({ companyId, name, location: 'Test river' });
  const span = await t.services.spans.create({ bridgeId: bridge.id, label: 'main', length: 40 });
  const streams = [];
  for (const [index, status] of sensorStatuses.entries()) {
    const sensor = await t.services.sensors.create({
      bridgeId: bridge.id,
      spanId: span.id,
      label: `${name.toLowerCase().replace(/\W+/g, '-')}-acc-${index + 1}`,
      type: 'accelerometer',
      status,
      installationDate: '2025-01-01',
    });
    const stream = await t.services.datastreams.create({
      streamId: `${bridge.id}-stream-${index + 1}`,
      dataType: 'acceleration',
      sensorIds: [sensor.id],
    });
    streams.push({ sensor, stream });
  }
  return { bridge, span, streams };
}

export const EVALUATED_AT = new Date('2026-03-01T10:00:00Z');

export function outcome(
  bridgeId: number,
  numAnomalies: number,
  contributingStreams: string[] = [],
): AnalysisOutcome {
  const windows = Array.from({ length: numAnomalies }, (_, i) => ({
    start: new Date(EVALUATED_AT.getTime() - (i + 1) * 600_000),
    end: new Date(EVALUATED_AT.getTime() - i * 600_000),
    error: 2.5 + i,
  }));
  return {
    bridgeId,
    numAnomalies,
    evaluatedAt: EVALUATED_AT,
    anomalousWindows: windows,
    contributingStreams,
  };
}

/** The stored rows of a bridge, oldest first: what the tests assert on. */
export async function storedAlerts(t: TestContext, bridgeId: number) {
  return t.services.database.db
    .select()
    .from(alerts)
    .where(eq(alerts.bridgeId, bridgeId))
    .orderBy(alerts.id);
}

export async function setLastSeen(t: TestContext, streamId: number, at: Date | null) {
  await t.services.database.db
    .update(datastreams)
    .set({ lastSeenAt: at })
    .where(eq(datastreams.id, streamId));
}

export async function assignBridge(t: TestContext, userId: number, bridgeId: number) {
  await t.services.database.db.insert(userBridges).values({ userId, bridgeId });
}
