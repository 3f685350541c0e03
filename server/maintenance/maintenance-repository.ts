import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { maintenanceEvents, sensors, spans } from '../db/schema.ts';

export type MaintenanceRow = typeof maintenanceEvents.$inferSelect;
export type NewMaintenance = Omit<typeof maintenanceEvents.$inferInsert, 'id' | 'createdAt'>;

/** The maintenance register of the bridges (docs/decisions/023-maintenance-rebaselining.md). */
export function createMaintenanceRepository(db: Db) {
  return {
    /** Newest first (by date, then by when it was recorded). */
    list(bridgeId: number): Promise<MaintenanceRow[]> {
      return db
        .select()
        .from(maintenanceEvents)
        .where(eq(maintenanceEvents.bridgeId, bridgeId))
        .orderBy(desc(maintenanceEvents.occurredOn), desc(maintenanceEvents.id));
    },

    async add(values: NewMaintenance): Promise<MaintenanceRow> {
      const [row] = await db.insert(maintenanceEvents).values(values).returning();
      if (!row) throw new Error('insert into maintenance_events returned no row');
      return row;
    },

    /** True when the sensor or span exists and is on this bridge. */
    async partIsOnBridge(part: 'sensor' | 'span', id: number, bridgeId: number): Promise<boolean> {
      const table = part === 'sensor' ? sensors : spans;
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), eq(table.bridgeId, bridgeId)));
      return row !== undefined;
    },

    /** True when the event existed on this bridge and is gone. */
    async remove(bridgeId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(maintenanceEvents)
        .where(and(eq(maintenanceEvents.id, id), eq(maintenanceEvents.bridgeId, bridgeId)))
        .returning({ id: maintenanceEvents.id });
      return rows.length > 0;
    },
  };
}

export type MaintenanceRepository = ReturnType<typeof createMaintenanceRepository>;
