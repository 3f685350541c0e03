import { HttpError } from '../http-error.ts';
import type { Schemas } from '../contract-types.ts';

type MeasuringRange = Schemas['MeasuringRange'];

/**
 * The declared measuring range's columns (decision 030, 2026-12-01), low below high checked
 * here (the contract cannot say it). `within` names the body field holding it
 * ('measuring_range' on create; '' when the body is the range).
 */
export function rangeColumns(
  range: MeasuringRange | undefined,
  within: string,
): { rangeLow: number | null; rangeHigh: number | null } {
  const low = range?.low ?? null;
  const high = range?.high ?? null;
  if (low !== null && high !== null && low >= high) {
    const field = within ? `${within}.low` : 'low';
    throw new HttpError(400, `${field}: must be below high (${high}), got ${low}`);
  }
  return { rangeLow: low, rangeHigh: high };
}

/** The Sensor's `measuring_range`: present only when an edge is declared. */
export function rangeDto(row: {
  rangeLow: number | null;
  rangeHigh: number | null;
}): Pick<Schemas['Sensor'], 'measuring_range'> {
  if (row.rangeLow === null && row.rangeHigh === null) return {};
  return { measuring_range: { low: row.rangeLow, high: row.rangeHigh } };
}
