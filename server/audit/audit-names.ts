import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../db/pg-arrays.ts';
import type { Db } from '../db/client.ts';
import {
  alerts,
  auditLog,
  bridges,
  companies,
  contactMessages,
  datastreams,
  ingestTokens,
  inspections,
  sensors,
  spans,
  users,
} from '../db/schema.ts';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

type AuditRow = typeof auditLog.$inferSelect;

/** The kinds of record an audit entry names by id: its object, or a field of its changes. */
type Kind =
  | 'user'
  | 'bridge'
  | 'span'
  | 'sensor'
  | 'datastream'
  | 'alert'
  | 'ingest_token'
  | 'contact_message'
  | 'company'
  | 'inspection';

const OBJECT_KINDS = new Set<string>([
  'user',
  'bridge',
  'span',
  'sensor',
  'datastream',
  'alert',
  'ingest_token',
  'contact_message',
]);

/**
 * Columns of the audited tables that hold another record's id. A reader of the log wants
 * "acknowledged by operator", not "acknowledged_by: 2" (issue 36, item 10).
 */
const REFERENCE_FIELDS: Readonly<Record<string, Kind>> = {
  user_id: 'user',
  actor_id: 'user',
  bridge_id: 'bridge',
  span_id: 'span',
  sensor_id: 'sensor',
  datastream_id: 'datastream',
  alert_id: 'alert',
  company_id: 'company',
  // A photo's entries name their inspection (decision 053).
  inspection_id: 'inspection',
};

/** `acknowledged_by`, `calibrated_by`, `accepted_by`, `rejected_by`: all name a user. */
const kindOfField = (field: string): Kind | undefined =>
  REFERENCE_FIELDS[field] ?? (field.endsWith('_by') ? 'user' : undefined);

/** The fields whose value names a deleted object when its row is gone, in order of preference. */
const OWN_NAME_FIELDS = ['name', 'username', 'label', 'stream_id', 'first_name'];

export interface ReferenceNames {
  before: string | null;
  after: string | null;
}

export interface EntryNames {
  /** The object's name now, or (deleted) the name its own entry recorded; null if neither. */
  objectName: string | null;
  /** For each changed field that holds an id, the names of the records before and after. */
  references: Record<string, ReferenceNames>;
}

const idOf = (value: unknown): number | null => {
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

const isBeforeAfter = (value: unknown): value is { before: unknown; after: unknown } =>
  typeof value === 'object' && value !== null && 'before' in value && 'after' in value;

type Lookup = Map<Kind, Map<number, string>>;

/** One query per kind for the ids a page of entries names (a page holds at most 500). */
async function lookUp(db: Db, wanted: Map<Kind, Set<number>>): Promise<Lookup> {
  const found: Lookup = new Map();
  const put = (kind: Kind, rows: { id: number; name: string }[]) =>
    found.set(kind, new Map(rows.map((row) => [row.id, row.name])));
  const ids = (kind: Kind) => [...(wanted.get(kind) ?? [])];
  /** A record named by its label and its bridge: 'S2 strain, Lions Gate Bridge'. */
  const onBridge =
    (table: PgTable, id: PgColumn, label: PgColumn, bridgeId: PgColumn) => async (list: number[]) =>
      (
        await db
          .select({ id, label, bridge: bridges.name })
          .from(table)
          .innerJoin(bridges, eq(bridges.id, bridgeId))
          .where(inArray(id, list))
      ).map((row) => ({ id: Number(row.id), name: `${String(row.label)}, ${row.bridge}` }));
  /** A record named by one column of its own. */
  const own = (table: PgTable, id: PgColumn, name: PgColumn) => async (list: number[]) =>
    (await db.select({ id, name }).from(table).where(inArray(id, list))).map((row) => ({
      id: Number(row.id),
      name: String(row.name),
    }));
  const queries: Record<Kind, (list: number[]) => Promise<{ id: number; name: string }[]>> = {
    user: own(users, users.id, users.username),
    bridge: own(bridges, bridges.id, bridges.name),
    span: onBridge(spans, spans.id, spans.label, spans.bridgeId),
    sensor: onBridge(sensors, sensors.id, sensors.label, sensors.bridgeId),
    datastream: own(datastreams, datastreams.id, datastreams.streamId),
    alert: onBridge(alerts, alerts.id, alerts.type, alerts.bridgeId),
    ingest_token: onBridge(ingestTokens, ingestTokens.id, ingestTokens.name, ingestTokens.bridgeId),
    contact_message: async (list) =>
      (
        await db
          .select({
            id: contactMessages.id,
            first: contactMessages.firstName,
            last: contactMessages.lastName,
          })
          .from(contactMessages)
          .where(inArray(contactMessages.id, list))
      ).map((row) => ({ id: row.id, name: [row.first, row.last].filter(Boolean).join(' ') })),
    company: own(companies, companies.id, companies.name),
    inspection: async (list) =>
      (
        await db
          .select({
            id: inspections.id,
            kind: inspections.kind,
            on: inspections.inspectedOn,
            inspector: inspections.inspector,
          })
          .from(inspections)
          .where(inArray(inspections.id, list))
      ).map((row) => ({
        id: row.id,
        name: `${row.kind.replace('_', '-')} inspection of ${row.on} by ${row.inspector}`,
      })),
  };
  await Promise.all(
    (Object.keys(queries) as Kind[]).map(async (kind) => {
      const list = ids(kind);
      if (list.length > 0) put(kind, await queries[kind](list));
    }),
  );
  return found;
}

const recordedNameSql = sql.raw(
  `coalesce(${OWN_NAME_FIELDS.map(
    (field) => `changes -> '${field}' ->> 'after', changes -> '${field}' ->> 'before'`,
  ).join(', ')})`,
);

/**
 * The last name the log recorded for objects whose rows are gone: a deleted bridge's entries
 * keep naming it. Only entries of the object's own table count (an assignment's `name` is not
 * the user's).
 */
async function recordedNames(
  db: Db,
  missing: readonly { type: string; id: string }[],
): Promise<Map<string, string>> {
  if (missing.length === 0) return new Map();
  const byType = new Map<string, string[]>();
  for (const { type, id } of missing) byType.set(type, [...(byType.get(type) ?? []), id]);
  const wanted = sql.join(
    [...byType].map(
      ([type, ids]) =>
        sql`(${auditLog.objectType} = ${type} and ${auditLog.objectId} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
    ),
    sql` or `,
  );
  const rows = rowsOf<{ object_type: string; object_id: string; name: string | null }>(
    await db.execute(sql`
      select distinct on (object_type, object_id) object_type, object_id, ${recordedNameSql} as name
      from audit_log
      where (${wanted}) and record = object_type || 's' and ${recordedNameSql} is not null
      order by object_type, object_id, id desc`),
  );
  return new Map(
    rows.flatMap((row) => (row.name ? [[`${row.object_type}:${row.object_id}`, row.name]] : [])),
  );
}

/**
 * Names for a page of audit entries: each entry's object and every id its changes hold. Read
 * at listing time, so a renamed bridge shows its current name; an object deleted since shows
 * the name its entries recorded.
 */
export async function namesOfEntries(db: Db, rows: readonly AuditRow[]): Promise<EntryNames[]> {
  const wanted = new Map<Kind, Set<number>>();
  const want = (kind: Kind, id: number | null) => {
    if (id === null) return;
    const set = wanted.get(kind) ?? new Set<number>();
    set.add(id);
    wanted.set(kind, set);
  };
  for (const row of rows) {
    if (OBJECT_KINDS.has(row.objectType)) want(row.objectType as Kind, idOf(row.objectId));
    for (const [field, change] of Object.entries(row.changes as Record<string, unknown>)) {
      const kind = kindOfField(field);
      if (!kind || !isBeforeAfter(change)) continue;
      want(kind, idOf(change.before));
      want(kind, idOf(change.after));
    }
  }
  const found = await lookUp(db, wanted);
  const nameOf = (kind: Kind, value: unknown): string | null => {
    const id = idOf(value);
    return id === null ? null : (found.get(kind)?.get(id) ?? null);
  };

  const objectNames = new Map<string, string>();
  for (const row of rows) {
    const name = OBJECT_KINDS.has(row.objectType)
      ? nameOf(row.objectType as Kind, row.objectId)
      : null;
    if (name !== null) objectNames.set(`${row.objectType}:${row.objectId}`, name);
  }
  const missing = [
    ...new Map(
      rows
        .filter((row) => !objectNames.has(`${row.objectType}:${row.objectId}`))
        .map((row) => [
          `${row.objectType}:${row.objectId}`,
          { type: row.objectType, id: row.objectId },
        ]),
    ).values(),
  ];
  for (const [key, name] of await recordedNames(db, missing)) objectNames.set(key, name);

  return rows.map((row) => {
    const references: Record<string, ReferenceNames> = {};
    for (const [field, change] of Object.entries(row.changes as Record<string, unknown>)) {
      const kind = kindOfField(field);
      if (!kind || !isBeforeAfter(change)) continue;
      references[field] = {
        before: nameOf(kind, change.before),
        after: nameOf(kind, change.after),
      };
    }
    return { objectName: objectNames.get(`${row.objectType}:${row.objectId}`) ?? null, references };
  });
}
