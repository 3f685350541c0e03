import type { FieldErrors } from '../../../domain/form-rules';
import type { AuditSearch } from './audit-search';

/** The filters as typed; applied together, so half-typed filters never fetch. */
export type AuditFilterValues = Record<
  'object_type' | 'object_id' | 'actor' | 'from' | 'to',
  string
>;

export const auditFilterValues = (search: AuditSearch): AuditFilterValues => ({
  object_type: search.object_type ?? '',
  object_id: search.object_id === undefined ? '' : String(search.object_id),
  actor: search.actor === undefined ? '' : String(search.actor),
  from: search.from ?? '',
  to: search.to ?? '',
});

/** What keeps the filters from being applied; empty when they can be. */
export function checkAuditFilters(values: AuditFilterValues): FieldErrors<keyof AuditFilterValues> {
  const errors: FieldErrors<keyof AuditFilterValues> = {};
  if (values.object_id !== '' && !/^[1-9][0-9]{0,9}$/.test(values.object_id)) {
    errors.object_id = 'Object ID must be a whole number from 1';
  } else if (values.object_id !== '' && values.object_type === '') {
    errors.object_id = 'Choose the object type too';
  }
  if (values.from && values.to && values.from > values.to) errors.to = 'From must not be after To';
  return errors;
}
