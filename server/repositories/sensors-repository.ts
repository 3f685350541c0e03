import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uniqueViolation } from '../db/errors.ts';
import { bridges, datastreamSensors, datastreams, sensors, spans } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { lookupsChanged } from './lookup-cache.ts';
import { type Viewer, visibleBridgeFilter } from './visibility.ts';

export type SensorRow = typeof sensors.$inferSelect;
export type NewSensor = typeof sensors.$inferInsert;

export type SensorLimitsValues = Pick<
  SensorRow,
  'limitLow' | 'limitHigh' | 'limitSustainedMinutes'
>;

export type SensorGeometryValues = Pick<SensorRow, 'chainageM' | 'transverseOffsetM' | 'direction'>;

export function createSensorsRepository(db: Db) {
  const setColumns = async (
    id: number,
    values:
      | SensorLimitsValues
      | SensorGeometryValues
      | Pick<SensorRow, 'cable'>
      | Pick<SensorRow, 'rangeLow' | 'rangeHigh'>,
    what: string,
  ): Promise<SensorRow> => {
    const [row] = await db.update(sensors).set(values).where(eq(sensors.id, id)).returning();
    if (!row) throw new Error(`sensor ${id} vanished while its ${what} were set`);
    return row;
  };

  return {
    /** The sensors the viewer may see; with `bridgeId`, only that bridge's. */
    async list(viewer: Viewer, bridgeId?: number): Promise<SensorRow[]> {
      return db
        .select()
        .from(sensors)
        .where(
          and(
            visibleBridgeFilter(db, viewer, sensors.bridgeId),
            bridgeId === undefined ? undefined : eq(sensors.bridgeId, bridgeId),
          ),
        )
        .orderBy(sensors.bridgeId, sensors.spanId, sensors.id);
    },

    async findById(id: number): Promise<SensorRow | undefined> {
      const [row] = await db.select().from(sensors).where(eq(sensors.id, id));
      return row;
    },

    async create(values: NewSensor): Promise<SensorRow> {
      const [bridge] = await db
        .select({ id: bridges.id })
        .from(bridges)
        .where(eq(bridges.id, values.bridgeId));
      if (!bridge) throw new HttpError(400, `bridge: no bridge with id ${values.bridgeId}`);
      const [span] = await db.select().from(spans).where(eq(spans.id, values.spanId));
      if (!span) throw new HttpError(400, `span: no span with id ${values.spanId}`);
      if (span.bridgeId !== values.bridgeId) {
        throw new HttpError(
          400,
          `span: span ${values.spanId} does not belong to bridge ${values.bridgeId}`,
        );
      }
      try {
        const [row] = await db.insert(sensors).values(values).returning();
        if (!row) throw new Error('insert into sensors returned no row');
        return row;
      } catch (error) {
        if (uniqueViolation(error) !== null) {
          throw new HttpError(
            400,
            `sensor_id: bridge ${values.bridgeId} already has a sensor '${values.label}'`,
          );
        }
        throw error;
      }
    },

    setLimits: (id: number, limits: SensorLimitsValues) => setColumns(id, limits, 'limits'),

    /** Where the sensor sits on its span and what it measures (decision 057). */
    setGeometry: (id: number, geometry: SensorGeometryValues) =>
      setColumns(id, geometry, 'position'),

    /** The stay or hanger it is on and its tension limits (decision 079). */
    setCable: (id: number, cable: SensorRow['cable']) => setColumns(id, { cable }, 'cable'),

    /** The declared measuring range, in its unit (decision 030, 2026-12-01). */
    setRange: (id: number, range: Pick<SensorRow, 'rangeLow' | 'rangeHigh'>) =>
      setColumns(id, range, 'measuring range'),

    /** Refuses (409) while data streams are fed by the sensor; cascade unlinks them. */
    async delete(id: number, cascade: boolean): Promise<boolean> {
      const deleted = await db.transaction(async (tx) => {
        const [sensor] = await tx.select().from(sensors).where(eq(sensors.id, id));
        if (!sensor) return false;
        const linked = await tx
          .select({ streamId: datastreams.streamId })
          .from(datastreamSensors)
          .innerJoin(datastreams, eq(datastreams.id, datastreamSensors.datastreamId))
          .where(eq(datastreamSensors.sensorId, id));
        if (linked.length > 0 && !cascade) {
          throw new HttpError(
            409,
            `Sensor '${sensor.label}' still feeds data stream${linked.length === 1 ? '' : 's'} ${linked.map((l) => l.streamId).join(', ')}; unlink them first or pass cascade=true`,
          );
        }
        await tx.delete(datastreamSensors).where(eq(datastreamSensors.sensorId, id));
        await tx.delete(sensors).where(eq(sensors.id, id));
        return true;
      });
      // The ingest's cached streams may still list this sensor's bridge.
      if (deleted) lookupsChanged('streams');
      return deleted;
    },
  };
}

export type SensorsRepository = ReturnType<typeof createSensorsRepository>;
