import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uniqueViolation } from '../db/errors.ts';
import { bridges, datastreamSensors, datastreams, sensors } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { unassignedCompany } from './companies-repository.ts';
import { assertUnderLimit } from './company-limits-repository.ts';
import { lookupsChanged } from './lookup-cache.ts';
import { type Viewer, visibleDatastreamFilter } from './visibility.ts';

export interface DatastreamWithSensors {
  id: number;
  streamId: string;
  dataType: string;
  sensorIds: number[];
  lastSeenAt: Date | null;
  sampleCount: number;
  /** The step its values are stored on; null: exactly (decision 052). */
  resolution: number | null;
}

/** The companies whose bridges these sensors are on. */
async function companiesOfSensors(db: Db, sensorIds: number[]): Promise<number[]> {
  if (sensorIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ companyId: bridges.companyId })
    .from(sensors)
    .innerJoin(bridges, eq(bridges.id, sensors.bridgeId))
    .where(inArray(sensors.id, sensorIds));
  return rows.map((row) => row.companyId);
}

/**
 * The company a new stream belongs to: that of its sensors' bridges, which must be one company
 * (migration 0061's trigger refuses a link across companies, decision 072); a stream fed by no
 * sensor (platform staff's) joins the holding company of unassigned bridges, as a bridge made
 * without a company does.
 */
async function companyOfNewStream(db: Db, sensorIds: number[]): Promise<number> {
  const companyIds = await companiesOfSensors(db, sensorIds);
  if (companyIds.length > 1) {
    throw new HttpError(
      400,
      "sensors: a data stream's sensors must all be on one company's bridges",
    );
  }
  return companyIds[0] ?? (await unassignedCompany(db));
}

export function createDatastreamsRepository(db: Db) {
  async function withSensors(
    rows: (typeof datastreams.$inferSelect)[],
  ): Promise<DatastreamWithSensors[]> {
    if (rows.length === 0) return [];
    const links = await db
      .select()
      .from(datastreamSensors)
      .where(
        inArray(
          datastreamSensors.datastreamId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(datastreamSensors.sensorId);
    return rows.map((row) => ({
      id: row.id,
      streamId: row.streamId,
      dataType: row.dataType,
      lastSeenAt: row.lastSeenAt,
      sampleCount: row.sampleCount,
      resolution: row.resolution,
      sensorIds: links.filter((l) => l.datastreamId === row.id).map((l) => l.sensorId),
    }));
  }

  async function findById(id: number): Promise<DatastreamWithSensors | undefined> {
    const rows = await db.select().from(datastreams).where(eq(datastreams.id, id));
    const [found] = await withSensors(rows);
    return found;
  }

  async function assertSensorsExist(ids: number[]) {
    if (ids.length === 0) return;
    const found = await db.select({ id: sensors.id }).from(sensors).where(inArray(sensors.id, ids));
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0)
      throw new HttpError(400, `sensors: no sensor with id ${missing.join(', ')}`);
  }

  return {
    findById,

    /** True when the stream exists and the viewer may see it. */
    async isVisible(viewer: Viewer, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: datastreams.id })
        .from(datastreams)
        .where(and(eq(datastreams.id, id), visibleDatastreamFilter(db, viewer, datastreams.id)));
      return row !== undefined;
    },

    /** The streams the viewer may see; with `bridgeId`, only those fed by that bridge's sensors. */
    async list(viewer: Viewer, bridgeId?: number): Promise<DatastreamWithSensors[]> {
      const ofBridge =
        bridgeId === undefined
          ? undefined
          : inArray(
              datastreams.id,
              db
                .select({ id: datastreamSensors.datastreamId })
                .from(datastreamSensors)
                .innerJoin(sensors, eq(sensors.id, datastreamSensors.sensorId))
                .where(eq(sensors.bridgeId, bridgeId)),
            );
      const rows = await db
        .select()
        .from(datastreams)
        .where(and(visibleDatastreamFilter(db, viewer, datastreams.id), ofBridge))
        .orderBy(datastreams.streamId);
      return withSensors(rows);
    },

    async create(values: {
      streamId: string;
      dataType: string;
      sensorIds: number[];
      resolution?: number | null;
    }): Promise<DatastreamWithSensors> {
      const sensorIds = [...new Set(values.sensorIds)];
      await assertSensorsExist(sensorIds);
      try {
        const id = await db.transaction(async (tx) => {
          const companyId = await companyOfNewStream(tx, sensorIds);
          await assertUnderLimit(tx, 'datastreams', [companyId]);
          const [row] = await tx
            .insert(datastreams)
            .values({
              companyId,
              streamId: values.streamId,
              dataType: values.dataType,
              resolution: values.resolution ?? null,
            })
            .returning({ id: datastreams.id });
          if (!row) throw new Error('insert into datastreams returned no row');
          if (sensorIds.length > 0) {
            await tx
              .insert(datastreamSensors)
              .values(sensorIds.map((sensorId) => ({ datastreamId: row.id, sensorId })));
          }
          return row.id;
        });
        const created = await findById(id);
        if (!created) throw new Error('created data stream vanished');
        return created;
      } catch (error) {
        if (uniqueViolation(error) !== null) {
          throw new HttpError(400, `stream_id: a data stream '${values.streamId}' already exists`);
        }
        throw error;
      }
    },

    async linkSensor(datastreamId: number, sensorId: number): Promise<DatastreamWithSensors> {
      const [sensor] = await db
        .select({ id: sensors.id })
        .from(sensors)
        .where(eq(sensors.id, sensorId));
      if (!sensor) throw new HttpError(404, `Sensor ${sensorId} not found`);
      const [stream] = await db
        .select({ id: datastreams.id, companyId: datastreams.companyId })
        .from(datastreams)
        .where(eq(datastreams.id, datastreamId));
      if (!stream) throw new HttpError(404, `Data stream ${datastreamId} not found`);
      await db.transaction(async (tx) => {
        const [sensorCompany] = await companiesOfSensors(tx, [sensorId]);
        if (sensorCompany !== undefined && sensorCompany !== stream.companyId) {
          // A stream fed by no sensor yet (platform staff's) joins its first sensor's company.
          const [fed] = await tx
            .select({ id: datastreamSensors.sensorId })
            .from(datastreamSensors)
            .where(eq(datastreamSensors.datastreamId, datastreamId))
            .limit(1);
          if (fed) {
            throw new HttpError(
              400,
              `sensor_id: sensor ${sensorId} is on another company's bridge than data stream ${datastreamId}'s sensors`,
            );
          }
          await assertUnderLimit(tx, 'datastreams', [sensorCompany]);
          await tx
            .update(datastreams)
            .set({ companyId: sensorCompany })
            .where(eq(datastreams.id, datastreamId));
        }
        await tx.insert(datastreamSensors).values({ datastreamId, sensorId }).onConflictDoNothing();
      });
      lookupsChanged('streams');
      const linked = await findById(datastreamId);
      if (!linked) throw new Error('linked data stream vanished');
      return linked;
    },

    /** The stream with its new resolution (null: exact), or undefined when there is none. */
    async setResolution(
      id: number,
      resolution: number | null,
    ): Promise<DatastreamWithSensors | undefined> {
      const rows = await db
        .update(datastreams)
        .set({ resolution })
        .where(eq(datastreams.id, id))
        .returning({ id: datastreams.id });
      if (rows.length === 0) return undefined;
      // The ingest caches each stream's resolution with its row (ingest-service.ts).
      lookupsChanged('streams');
      return findById(id);
    },

    /** Refuses (409) while readings are stored, naming how many; cascade deletes them too. */
    async delete(id: number, cascade: boolean): Promise<boolean> {
      const [stream] = await db
        .select({ streamId: datastreams.streamId, sampleCount: datastreams.sampleCount })
        .from(datastreams)
        .where(eq(datastreams.id, id));
      if (!stream) return false;
      if (stream.sampleCount > 0 && !cascade) {
        throw new HttpError(
          409,
          `Data stream '${stream.streamId}' has ${stream.sampleCount.toLocaleString('en-CA')} readings; pass cascade=true to delete them with it`,
        );
      }
      const rows = await db
        .delete(datastreams)
        .where(eq(datastreams.id, id))
        .returning({ id: datastreams.id });
      lookupsChanged('streams');
      return rows.length > 0;
    },
  };
}

export type DatastreamsRepository = ReturnType<typeof createDatastreamsRepository>;
