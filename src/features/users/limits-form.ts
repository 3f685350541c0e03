import type { CompanyLimits, CompanyLimitsUpdate } from '../../api/queries/company-limits';

export const LIMIT_FIELDS = [
  'max_bridges',
  'max_datastreams',
  'ingest_samples_per_minute',
] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];

/** What staff type: digits, or nothing for no limit. */
export type LimitsFormValues = Record<LimitField, string>;

export const LIMITS_SAVED = 'Company limits saved';

export const LIMIT_LABELS: Record<LimitField, string> = {
  max_bridges: 'Bridges',
  max_datastreams: 'Data streams',
  ingest_samples_per_minute: 'Ingest, samples a minute',
};

export function limitsFormValuesOf(limits: CompanyLimits): LimitsFormValues {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    max_bridges: text(limits.max_bridges),
    max_datastreams: text(limits.max_datastreams),
    ingest_samples_per_minute: text(limits.ingest_samples_per_minute),
  };
}

/**
 * The PUT's body, or the first field that is not a whole number. Empty is no limit; spaces and
 * thousands separators typed by a person are read past. The server checks the bounds.
 */
export function limitsUpdateOf(
  values: LimitsFormValues,
): { body: CompanyLimitsUpdate } | { field: LimitField; message: string } {
  const body: Partial<Record<LimitField, number | null>> = {};
  for (const field of LIMIT_FIELDS) {
    const typed = values[field].replace(/[\s,_]/g, '');
    if (typed === '') {
      body[field] = null;
    } else if (/^\d+$/.test(typed)) {
      body[field] = Number(typed);
    } else {
      return { field, message: 'Enter a whole number, or leave it empty for no limit' };
    }
  }
  return { body: body as CompanyLimitsUpdate };
}

/** "3 of 5", "3, no limit": what a company uses of one limit. */
export function usageOf(used: number, limit: number | null): string {
  const count = used.toLocaleString('en-CA');
  return limit === null ? `${count}, no limit` : `${count} of ${limit.toLocaleString('en-CA')}`;
}
