import { asc, countDistinct, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bridges, companies, datastreamSensors, sensors } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';

/** What platform staff allow a company (issue 33); null is no limit. */
export interface CompanyLimits {
  maxBridges: number | null;
  maxDatastreams: number | null;
  /** Samples a minute through the company's ingest tokens, in each server process. */
  ingestSamplesPerMinute: number | null;
}

export interface CompanyUsage {
  bridges: number;
  /** Data streams fed by a sensor on one of the company's bridges. */
  datastreams: number;
}

type Counted = 'bridges' | 'datastreams';

const LIMIT_FIELD = { bridges: 'max_bridges', datastreams: 'max_datastreams' } as const;
const NOUN = { bridges: ['bridge', 'bridges'], datastreams: ['data stream', 'data streams'] };

async function countOf(db: Db, kind: Counted, companyId: number): Promise<number> {
  if (kind === 'bridges') {
    const [row] = await db
      .select({ n: countDistinct(bridges.id) })
      .from(bridges)
      .where(eq(bridges.companyId, companyId));
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: countDistinct(datastreamSensors.datastreamId) })
    .from(datastreamSensors)
    .innerJoin(sensors, eq(sensors.id, datastreamSensors.sensorId))
    .innerJoin(bridges, eq(bridges.id, sensors.bridgeId))
    .where(eq(bridges.companyId, companyId));
  return row?.n ?? 0;
}

/**
 * Refuses (409) one more of `kind` for any of these companies at its limit. Call it inside the
 * transaction that makes the new row: each company's row is locked until that transaction ends,
 * in id order, so parallel creations are counted one after another and never pass the limit
 * together.
 */
export async function assertUnderLimit(
  tx: Db,
  kind: Counted,
  companyIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(companyIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: companies.id, name: companies.name, max: companyLimitColumn(kind) })
    .from(companies)
    .where(inArray(companies.id, ids))
    .orderBy(asc(companies.id))
    .for('update');
  for (const company of rows) {
    if (company.max === null) continue;
    const used = await countOf(tx, kind, company.id);
    if (used >= company.max) {
      const [one, many] = NOUN[kind];
      throw new HttpError(
        409,
        `${LIMIT_FIELD[kind]}: ${company.name} has ${used} ${used === 1 ? one : many} and a limit of ${company.max}; platform staff can raise it`,
      );
    }
  }
}

const companyLimitColumn = (kind: Counted) =>
  kind === 'bridges' ? companies.maxBridges : companies.maxDatastreams;

export function createCompanyLimitsRepository(db: Db) {
  async function find(id: number): Promise<(CompanyLimits & CompanyUsage) | undefined> {
    const [row] = await db
      .select({
        maxBridges: companies.maxBridges,
        maxDatastreams: companies.maxDatastreams,
        ingestSamplesPerMinute: companies.ingestSamplesPerMinute,
      })
      .from(companies)
      .where(eq(companies.id, id));
    if (!row) return undefined;
    return {
      ...row,
      bridges: await countOf(db, 'bridges', id),
      datastreams: await countOf(db, 'datastreams', id),
    };
  }

  return {
    find,

    async save(
      id: number,
      limits: CompanyLimits,
    ): Promise<(CompanyLimits & CompanyUsage) | undefined> {
      const changed = await db
        .update(companies)
        .set(limits)
        .where(eq(companies.id, id))
        .returning({ id: companies.id });
      return changed.length === 0 ? undefined : find(id);
    },

    /** The company of a bridge and its ingest rate; undefined for a bridge that is gone. */
    async ingestRateOfBridge(
      bridgeId: number,
    ): Promise<{ companyId: number; samplesPerMinute: number | null } | undefined> {
      const [row] = await db
        .select({ companyId: companies.id, samplesPerMinute: companies.ingestSamplesPerMinute })
        .from(bridges)
        .innerJoin(companies, eq(companies.id, bridges.companyId))
        .where(eq(bridges.id, bridgeId));
      return row;
    },
  };
}

export type CompanyLimitsRepository = ReturnType<typeof createCompanyLimitsRepository>;
