import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uniqueViolation } from '../db/errors.ts';
import { bridges, datastreamSensors, sensors, spans } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { type Viewer, visibleBridgeFilter } from './visibility.ts';

export type SpanRow = typeof spans.$inferSelect;

export function createSpansRepository(db: Db) {
  return {
    /** The spans the viewer may see; with `bridgeId`, only that bridge's. */
    async list(viewer: Viewer, bridgeId?: number): Promise<SpanRow[]> {
      return db
        .select()
        .from(spans)
        .where(
          and(
            visibleBridgeFilter(db, viewer, spans.bridgeId),
            bridgeId === undefined ? undefined : eq(spans.bridgeId, bridgeId),
          ),
        )
        .orderBy(spans.bridgeId, spans.id);
    },

    async findById(id: number): Promise<SpanRow | undefined> {
      const [row] = await db.select().from(spans).where(eq(spans.id, id));
      return row;
    },

    async create(values: { bridgeId: number; label: string; length: number }): Promise<SpanRow> {
      const [bridge] = await db
        .select({ id: bridges.id })
        .from(bridges)
        .where(eq(bridges.id, values.bridgeId));
      if (!bridge) throw new HttpError(400, `bridge: no bridge with id ${values.bridgeId}`);
      try {
        const [row] = await db.insert(spans).values(values).returning();
        if (!row) throw new Error('insert into spans returned no row');
        return row;
      } catch (error) {
        if (uniqueViolation(error) !== null) {
          throw new HttpError(
            400,
            `span_id: bridge ${values.bridgeId} already has a span '${values.label}'`,
          );
        }
        throw error;
      }
    },

    /** Refuses (409) while sensors are mounted on the span, unless cascade. */
    async delete(id: number, cascade: boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [span] = await tx.select().from(spans).where(eq(spans.id, id));
        if (!span) return false;
        const mounted = await tx
          .select({ id: sensors.id, label: sensors.label })
          .from(sensors)
          .where(eq(sensors.spanId, id));
        if (mounted.length > 0 && !cascade) {
          throw new HttpError(
            409,
            `Span '${span.label}' still has ${mounted.length} sensor${mounted.length === 1 ? '' : 's'} (${mounted.map((s) => s.label).join(', ')}); delete them first or pass cascade=true`,
          );
        }
        const ids = mounted.map((s) => s.id);
        if (ids.length > 0) {
          await tx.delete(datastreamSensors).where(inArray(datastreamSensors.sensorId, ids));
          await tx.delete(sensors).where(inArray(sensors.id, ids));
        }
        await tx.delete(spans).where(eq(spans.id, id));
        return true;
      });
    },
  };
}

export type SpansRepository = ReturnType<typeof createSpansRepository>;
