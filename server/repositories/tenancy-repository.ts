import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  bridges,
  datastreamSensors,
  datastreams,
  ingestTokens,
  sensors,
  spans,
  users,
} from '../db/schema.ts';

/** The records a company administrator reaches by id (decision 040). */
export type TenantRecord = 'user' | 'bridge' | 'span' | 'sensor' | 'datastream' | 'token';

/** A company's id; `undefined` when the record does not exist; `null` when it is no company's. */
export type Owner = number | null | undefined;

export function createTenancyRepository(db: Db) {
  const first = (rows: { companyId: number }[]): Owner => rows[0]?.companyId;

  /**
   * A stream belongs to a company when every sensor feeding it sits on that company's bridges;
   * one fed by no sensor, or by sensors of two companies, is no company's (platform staff only).
   */
  async function streamOwner(id: number): Promise<Owner> {
    const [stream] = await db
      .select({ id: datastreams.id })
      .from(datastreams)
      .where(eq(datastreams.id, id));
    if (!stream) return undefined;
    const rows = await db
      .selectDistinct({ companyId: bridges.companyId })
      .from(datastreamSensors)
      .innerJoin(sensors, eq(sensors.id, datastreamSensors.sensorId))
      .innerJoin(bridges, eq(bridges.id, sensors.bridgeId))
      .where(eq(datastreamSensors.datastreamId, id));
    return rows.length === 1 ? first(rows) : null;
  }

  /** The company of the bridge a span, sensor or token hangs off. */
  async function ownerViaBridge(
    table: typeof spans | typeof sensors | typeof ingestTokens,
    id: number,
  ): Promise<Owner> {
    return first(
      await db
        .select({ companyId: bridges.companyId })
        .from(table)
        .innerJoin(bridges, eq(bridges.id, table.bridgeId))
        .where(eq(table.id, id)),
    );
  }

  return {
    async ownerOf(record: TenantRecord, id: number): Promise<Owner> {
      switch (record) {
        case 'user':
          return first(
            await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, id)),
          );
        case 'bridge':
          return first(
            await db
              .select({ companyId: bridges.companyId })
              .from(bridges)
              .where(eq(bridges.id, id)),
          );
        case 'span':
          return ownerViaBridge(spans, id);
        case 'sensor':
          return ownerViaBridge(sensors, id);
        case 'token':
          return ownerViaBridge(ingestTokens, id);
        case 'datastream':
          return streamOwner(id);
      }
    },
  };
}

export type TenancyRepository = ReturnType<typeof createTenancyRepository>;
