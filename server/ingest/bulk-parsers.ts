/**
 * The compact bulk forms for gateways, turned into the same items as the JSON form.
 * NDJSON: one JSON item per line. CSV: `stream_id,start,rate_hz,v1,v2,...` per line, with an
 * empty rate_hz for a single reading (`stream_id,ts,,value`); an optional header line starts
 * with `stream_id`. A line that cannot be read becomes a rejection, not a failed request.
 */

import { plainDecimalList, valuesTextOfJsonLine } from './values-literal.ts';

export interface ParsedLine {
  item?: unknown;
  error?: string;
  /** The block's values as received, when safe to store as they are (see values-literal.ts). */
  valuesText?: string;
}

function valueCountOf(item: unknown): number {
  const values = (item as { values?: unknown } | null)?.values;
  return Array.isArray(values) ? values.length : -1;
}

export function parseNdjson(text: string): ParsedLine[] {
  const out: ParsedLine[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    try {
      const item = JSON.parse(trimmed) as unknown;
      const count = valueCountOf(item);
      const valuesText = count > 0 ? valuesTextOfJsonLine(trimmed, count) : undefined;
      out.push(valuesText === undefined ? { item } : { item, valuesText });
    } catch {
      out.push({ error: `line ${index + 1} is not valid JSON` });
    }
  }
  return out;
}

/** `NaN`, `inf` and friends become NaN/Infinity so the validation names them precisely. */
function csvNumber(field: string): number | string {
  const value = Number(field);
  if (!Number.isNaN(value) && field.trim() !== '') return value;
  const lowered = field.trim().toLowerCase();
  if (lowered === 'nan') return NaN;
  if (/^[+-]?inf(inity)?$/.test(lowered)) return lowered.startsWith('-') ? -Infinity : Infinity;
  return field;
}

export function parseCsv(text: string): ParsedLine[] {
  const out: ParsedLine[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || (index === 0 && trimmed.startsWith('stream_id'))) continue;
    const [streamId = '', start = '', rate = '', ...rest] = trimmed.split(',');
    if (rest.length === 0) {
      out.push({ error: `line ${index + 1} needs stream_id, time, rate_hz and a value` });
    } else if (rate.trim() === '') {
      out.push({ item: { stream_id: streamId, ts: start, value: csvNumber(rest[0] ?? '') } });
    } else {
      const item = {
        stream_id: streamId,
        start,
        rate_hz: csvNumber(rate),
        values: rest.map(csvNumber),
      };
      const valuesText = plainDecimalList(rest.join(','), rest.length);
      out.push(valuesText === undefined ? { item } : { item, valuesText });
    }
  }
  return out;
}
