import type { EntryNames } from '../audit/audit-names.ts';
import { type AuditFilter, type AuditRow } from '../audit/audit-repository.ts';
import { parseIsoTime } from '../ingest/iso-time.ts';
import { HttpError } from '../http-error.ts';
import { requireStaff } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import { toCsv } from '../../domain/csv.ts';
import type { Handlers, Schemas } from '../contract-types.ts';

const CSV_LIMIT = 100_000;

function timeOf(field: 'from' | 'to', text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = parseIsoTime(text);
  if (ms === null) throw new HttpError(400, `${field}: must be an ISO 8601 date-time`);
  return ms;
}

interface AuditQuery {
  object_type?: Schemas['AuditObjectType'];
  object_id?: string;
  actor?: number;
  from?: string;
  to?: string;
}

function filterOf(query: AuditQuery): AuditFilter {
  if (query.object_id !== undefined && query.object_type === undefined) {
    throw new HttpError(400, 'object_type: is required with object_id');
  }
  const fromMs = timeOf('from', query.from);
  const toMs = timeOf('to', query.to);
  if (fromMs !== undefined && toMs !== undefined && !(fromMs < toMs)) {
    throw new HttpError(400, 'from: must be before to');
  }
  return {
    objectType: query.object_type,
    objectId: query.object_id,
    actorId: query.actor,
    fromMs,
    toMs,
  };
}

function entryDto(row: AuditRow, names: EntryNames): Schemas['AuditEntry'] {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor: row.actorName,
    operation: row.operation,
    action: row.action as Schemas['AuditEntry']['action'],
    object_type: row.objectType as Schemas['AuditObjectType'],
    object_id: row.objectId,
    record: row.record,
    changes: row.changes,
    object_name: names.objectName,
    names: names.references,
  };
}

/** Staff read the audit log; nothing here writes it (the triggers do). */
export function auditHandlers(
  services: Pick<RouteServices, 'audit'>,
): Handlers<'listAuditEntries' | 'exportAuditCsv'> {
  const { audit } = services;
  return {
    async listAuditEntries(request) {
      requireStaff(request);
      const page = request.query.page ?? 1;
      const pageSize = request.query.page_size ?? 50;
      const { rows, total } = await audit.page(filterOf(request.query), page, pageSize);
      const names = await audit.namesOf(rows);
      const items = rows.map((row, i) =>
        entryDto(row, names[i] ?? { objectName: null, references: {} }),
      );
      return { items, total, page, page_size: pageSize };
    },

    async exportAuditCsv(request, reply) {
      requireStaff(request);
      const rows = await audit.upTo(filterOf(request.query), CSV_LIMIT);
      const csv = toCsv(
        [
          'id',
          'at',
          'actor_id',
          'actor',
          'operation',
          'action',
          'object_type',
          'object_id',
          'record',
          'changes',
        ],
        rows.map((r) => [
          r.id,
          r.at.toISOString(),
          r.actorId,
          r.actorName,
          r.operation,
          r.action,
          r.objectType,
          r.objectId,
          r.record,
          JSON.stringify(r.changes),
        ]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  };
}
