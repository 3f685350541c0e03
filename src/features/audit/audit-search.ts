import type { AuditObjectType, AuditQuery } from '../../api/queries/audit';

/** The audit view's state in its URL, so a row's 'History' link opens it filtered. */
export interface AuditSearch {
  object_type?: AuditObjectType;
  /** A number, not text: the router would write a numeric text quoted in the URL. */
  object_id?: number;
  actor?: number;
  /** Calendar days (YYYY-MM-DD) in the reader's time zone, both included. */
  from?: string;
  to?: string;
  page?: number;
}

export const AUDIT_OBJECT_TYPES: { value: AuditObjectType; label: string }[] = [
  { value: 'user', label: 'User' },
  { value: 'bridge', label: 'Bridge' },
  { value: 'span', label: 'Span' },
  { value: 'sensor', label: 'Sensor' },
  { value: 'datastream', label: 'Data stream' },
  { value: 'ingest_token', label: 'Ingest token' },
  { value: 'alert', label: 'Alert' },
  { value: 'contact_message', label: 'Contact message' },
  { value: 'settings', label: 'Settings' },
  { value: 'company', label: 'Company' },
  { value: 'rota', label: 'On-call rota' },
  { value: 'contact_group', label: 'Contact group' },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_ID = 2_147_483_647;

const isObjectType = (value: unknown): value is AuditObjectType =>
  AUDIT_OBJECT_TYPES.some((t) => t.value === value);

function positiveInteger(value: unknown, max: number): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
}

const day = (value: unknown): string | undefined =>
  typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : undefined;

/** Keeps what a hand-edited URL got right and drops the rest, so the view always loads. */
export function parseAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const search: AuditSearch = {
    object_type: isObjectType(raw.object_type) ? raw.object_type : undefined,
    object_id: positiveInteger(raw.object_id, MAX_ID),
    actor: positiveInteger(raw.actor, MAX_ID),
    from: day(raw.from),
    to: day(raw.to),
    page: positiveInteger(raw.page, 100_000),
  };
  // The API takes an object id only with its type.
  if (search.object_type === undefined) search.object_id = undefined;
  return Object.fromEntries(
    Object.entries(search).filter(([, value]) => value !== undefined),
  ) as AuditSearch;
}

const localMidnight = (ymd: string, addDays = 0): string => {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + addDays).toISOString();
};

/** The API's filters for the view's: a period of whole local days, `to` day included. */
export function auditQueryOf(search: AuditSearch): AuditQuery {
  const query: AuditQuery = {};
  if (search.object_type) query.object_type = search.object_type;
  if (search.object_type && search.object_id) query.object_id = String(search.object_id);
  if (search.actor) query.actor = search.actor;
  if (search.from) query.from = localMidnight(search.from);
  if (search.to) query.to = localMidnight(search.to, 1);
  return query;
}
