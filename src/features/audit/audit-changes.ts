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

export function changeLines(entry: AuditEntry): ChangeLine[] {
  return Object.entries(entry.changes).map(([field, change]) => ({
    field,
    text: isBeforeAfter(change)
      ? `${valueText(change.before)} → ${valueText(change.after)}`
      : valueText(change),
  }));
}

/** 'Sensor 12', with the record when it is not the object's own (an assignment, a calibration). */
export function objectText(entry: AuditEntry): string {
  const type = AUDIT_OBJECT_TYPES.find((t) => t.value === entry.object_type)?.label;
  const name = `${type ?? entry.object_type} ${entry.object_id}`;
  const ownRecord = `${entry.object_type}s`;
  return entry.record === ownRecord ? name : `${name} (${entry.record})`;
}
