import type { AuditEntry } from '../../api/queries/audit';
import { AUDIT_OBJECT_TYPES } from './audit-search';

/** One changed field as a reader sees it: `name: before → after`, or just 'changed' for a secret. */
export interface ChangeLine {
  field: string;
  text: string;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const isBeforeAfter = (value: unknown): value is { before: unknown; after: unknown } =>
  typeof value === 'object' && value !== null && 'before' in value && 'after' in value;

/** An id with the name of its record: 'operator (2)'; the id alone when the record is gone. */
function referenceText(value: unknown, name: string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return name ? `${name} (${valueText(value)})` : valueText(value);
}

export function changeLines(entry: AuditEntry): ChangeLine[] {
  return Object.entries(entry.changes).map(([field, change]) => {
    if (!isBeforeAfter(change)) return { field, text: valueText(change) };
    const names = entry.names?.[field];
    const before = names ? referenceText(change.before, names.before) : valueText(change.before);
    const after = names ? referenceText(change.after, names.after) : valueText(change.after);
    return { field, text: `${before} → ${after}` };
  });
}

/**
 * 'Sensor 12 · S2 strain, Lions Gate Bridge', with the record when it is not the object's own
 * (an assignment, a calibration).
 */
export function objectText(entry: AuditEntry): string {
  const type = AUDIT_OBJECT_TYPES.find((t) => t.value === entry.object_type)?.label;
  const id = `${type ?? entry.object_type} ${entry.object_id}`;
  const name = entry.object_name ? `${id} · ${entry.object_name}` : id;
  const ownRecord = `${entry.object_type}s`;
  return entry.record === ownRecord ? name : `${name} (${entry.record})`;
}
