import { describe, expect, it } from 'vitest';
import {
  type AuditFilterValues,
  checkAuditFilters,
} from '../../../../src/features/audit/audit-filters-form';

const none: AuditFilterValues = { object_type: '', object_id: '', actor: '', from: '', to: '' };

describe('the audit filters check', () => {
  it.each<[string, Partial<AuditFilterValues>, ReturnType<typeof checkAuditFilters>]>([
    ['no filter at all', {}, {}],
    ['an object with its type', { object_type: 'sensor', object_id: '21' }, {}],
    [
      'an object id that is not a whole number from 1',
      { object_type: 'sensor', object_id: '0' },
      { object_id: 'Object ID must be a whole number from 1' },
    ],
    [
      'an object id without its type',
      { object_id: '21' },
      { object_id: 'Choose the object type too' },
    ],
    ['a period in order', { from: '2026-11-01', to: '2026-11-30' }, {}],
    [
      'a period the wrong way round',
      { from: '2026-11-30', to: '2026-11-01' },
      { to: 'From must not be after To' },
    ],
  ])('%s', (_, filters, errors) => {
    expect(checkAuditFilters({ ...none, ...filters })).toEqual(errors);
  });
});
