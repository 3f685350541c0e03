import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { datastreamSensors, sensors, userBridges, userDatastreams } from '../db/schema.ts';

/** Who is asking: staff see everything, other users what is assigned to them (ARCHITECTURE.md, Roles). */
export interface Viewer {
  id: number;
  isStaff: boolean;
}

/** A filter on a bridge-id column: undefined for staff (no filter). */
export function visibleBridgeFilter(
  db: Db,
  viewer: Viewer,
  bridgeColumn: PgColumn,
): SQL | undefined {
  if (viewer.isStaff) return undefined;
  const assigned = db
    .select({ id: userBridges.bridgeId })
    .from(userBridges)
    .where(eq(userBridges.userId, viewer.id));
  return inArray(bridgeColumn, assigned);
}

/** Data streams fed by sensors on the viewer's bridges, plus those assigned to the viewer. */
export function visibleDatastreamFilter(
  db: Db,
  viewer: Viewer,
  datastreamColumn: PgColumn,
): SQL | undefined {
  if (viewer.isStaff) return undefined;
  const assignedBridges = db
    .select({ id: userBridges.bridgeId })
    .from(userBridges)
    .where(eq(userBridges.userId, viewer.id));
  const viaSensors = db
    .select({ id: datastreamSensors.datastreamId })
    .from(datastreamSensors)
    .innerJoin(sensors, eq(sensors.id, datastreamSensors.sensorId))
    .where(inArray(sensors.bridgeId, assignedBridges));
  const assignedStreams = db
    .select({ id: userDatastreams.datastreamId })
    .from(userDatastreams)
    .where(eq(userDatastreams.userId, viewer.id));
  return or(inArray(datastreamColumn, viaSensors), inArray(datastreamColumn, assignedStreams));
}
