import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { bridges, datastreamSensors, sensors, userBridges, userDatastreams } from '../db/schema.ts';

/**
 * Who is asking: staff see everything, a company administrator every bridge of its company,
 * other users what is assigned to them (ARCHITECTURE.md, Roles; decision 040).
 */
export interface Viewer {
  id: number;
  isStaff: boolean;
  /** The company this viewer administers; absent or null for everyone else. */
  companyAdminOf?: number | null;
}

/** The ids of the bridges the viewer sees (not for staff, who see every bridge). */
function bridgesOf(db: Db, viewer: Viewer) {
  if (viewer.companyAdminOf != null) {
    return db
      .select({ id: bridges.id })
      .from(bridges)
      .where(eq(bridges.companyId, viewer.companyAdminOf));
  }
  return db
    .select({ id: userBridges.bridgeId })
    .from(userBridges)
    .where(eq(userBridges.userId, viewer.id));
}

/** A filter on a bridge-id column: undefined for staff (no filter). */
export function visibleBridgeFilter(
  db: Db,
  viewer: Viewer,
  bridgeColumn: PgColumn,
): SQL | undefined {
  if (viewer.isStaff) return undefined;
  return inArray(bridgeColumn, bridgesOf(db, viewer));
}

/**
 * Data streams fed by sensors on the viewer's bridges, plus those assigned to the viewer (a
 * company administrator: only those of its company's bridges).
 */
export function visibleDatastreamFilter(
  db: Db,
  viewer: Viewer,
  datastreamColumn: PgColumn,
): SQL | undefined {
  if (viewer.isStaff) return undefined;
  const assignedBridges = bridgesOf(db, viewer);
  const viaSensors = db
    .select({ id: datastreamSensors.datastreamId })
    .from(datastreamSensors)
    .innerJoin(sensors, eq(sensors.id, datastreamSensors.sensorId))
    .where(inArray(sensors.bridgeId, assignedBridges));
  if (viewer.companyAdminOf != null) return inArray(datastreamColumn, viaSensors);
  const assignedStreams = db
    .select({ id: userDatastreams.datastreamId })
    .from(userDatastreams)
    .where(eq(userDatastreams.userId, viewer.id));
  return or(inArray(datastreamColumn, viaSensors), inArray(datastreamColumn, assignedStreams));
}
