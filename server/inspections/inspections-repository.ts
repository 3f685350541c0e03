import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { analysisResults, bridges, inspectionProgrammes, inspections } from '../db/schema.ts';
import { conditionOf } from '../../domain/health.ts';
import { type Viewer, visibleBridgeFilter } from '../repositories/visibility.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import type { Condition } from '../../domain/health.ts';
import type { InspectionKind } from '../../domain/inspection-regimes.ts';
import { type Programme, programmeOf } from './inspection-programme.ts';

export type InspectionRow = typeof inspections.$inferSelect;
export type NewInspection = Omit<typeof inspections.$inferInsert, 'id' | 'createdAt' | 'clientKey'>;

/** A bridge with what its schedule needs: programme, condition and newest inspection per kind. */
export interface BridgeSchedulePlan {
  bridgeId: number;
  bridgeName: string;
  programme: Programme;
  condition: Condition | null;
  newest: { kind: InspectionKind; inspectedOn: string }[];
}

interface NewestRow {
  bridge_id: number;
  kind: InspectionKind;
  inspected_on: string;
}

export function createInspectionsRepository(db: Db) {
  return {
    list(bridgeId: number): Promise<InspectionRow[]> {
      return db
        .select()
        .from(inspections)
        .where(eq(inspections.bridgeId, bridgeId))
        .orderBy(desc(inspections.inspectedOn), desc(inspections.id));
    },

    async findById(id: number): Promise<InspectionRow | undefined> {
      const [row] = await db.select().from(inspections).where(eq(inspections.id, id));
      return row;
    },

    async add(values: NewInspection): Promise<InspectionRow> {
      const [row] = await db.insert(inspections).values(values).returning();
      if (!row) throw new Error('insert into inspections returned no row');
      return row;
    },

    /**
     * Records the inspection once per client key: a second call with the key returns the row
     * the first stored (`created` false), even when both arrive at once (decision 053).
     */
    async addOnce(
      values: NewInspection,
      clientKey: string,
    ): Promise<{ row: InspectionRow; created: boolean }> {
      const [row] = await db
        .insert(inspections)
        .values({ ...values, clientKey })
        .onConflictDoNothing({ target: inspections.clientKey })
        .returning();
      if (row) return { row, created: true };
      const [existing] = await db
        .select()
        .from(inspections)
        .where(eq(inspections.clientKey, clientKey));
      if (!existing) throw new Error('an inspection client key conflicted with no row');
      return { row: existing, created: false };
    },

    async update(id: number, values: NewInspection): Promise<InspectionRow | undefined> {
      const [row] = await db
        .update(inspections)
        .set(values)
        .where(eq(inspections.id, id))
        .returning();
      return row;
    },

    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(inspections).where(eq(inspections.id, id)).returning();
      return rows.length > 0;
    },

    async programme(bridgeId: number): Promise<Programme> {
      const [row] = await db
        .select()
        .from(inspectionProgrammes)
        .where(eq(inspectionProgrammes.bridgeId, bridgeId));
      return programmeOf(bridgeId, row);
    },

    async setProgramme(programme: Omit<Programme, 'stored'>): Promise<Programme> {
      const values = { ...programme, updatedAt: new Date() };
      const [row] = await db
        .insert(inspectionProgrammes)
        .values(values)
        .onConflictDoUpdate({ target: inspectionProgrammes.bridgeId, set: values })
        .returning();
      return programmeOf(programme.bridgeId, row);
    },

    /** The viewer's bridges that have inspections (all bridges for staff and the alert check). */
    async schedulePlans(viewer: Viewer, bridgeId?: number): Promise<BridgeSchedulePlan[]> {
      const newest = rowsOf<NewestRow>(
        await db.execute(sql`
          SELECT DISTINCT ON (bridge_id, kind) bridge_id, kind, inspected_on::text AS inspected_on
            FROM inspections
           ${bridgeId === undefined ? sql`` : sql`WHERE bridge_id = ${bridgeId}`}
           ORDER BY bridge_id, kind, inspected_on DESC, id DESC`),
      );
      const byBridge = new Map<number, BridgeSchedulePlan['newest']>();
      for (const row of newest) {
        const id = Number(row.bridge_id);
        byBridge.set(id, [
          ...(byBridge.get(id) ?? []),
          { kind: row.kind, inspectedOn: row.inspected_on },
        ]);
      }
      if (byBridge.size === 0) return [];
      const rows = await db
        .select({
          id: bridges.id,
          name: bridges.name,
          numAnomalies: analysisResults.numAnomalies,
          programme: inspectionProgrammes,
        })
        .from(bridges)
        .leftJoin(analysisResults, eq(analysisResults.bridgeId, bridges.id))
        .leftJoin(inspectionProgrammes, eq(inspectionProgrammes.bridgeId, bridges.id))
        .where(
          and(
            visibleBridgeFilter(db, viewer, bridges.id),
            bridgeId === undefined ? undefined : eq(bridges.id, bridgeId),
          ),
        );
      return rows
        .filter((row) => byBridge.has(row.id))
        .map((row) => ({
          bridgeId: row.id,
          bridgeName: row.name,
          programme: programmeOf(row.id, row.programme ?? undefined),
          condition: conditionOf(row.numAnomalies),
          newest: byBridge.get(row.id) ?? [],
        }));
    },
  };
}

export type InspectionsRepository = ReturnType<typeof createInspectionsRepository>;
