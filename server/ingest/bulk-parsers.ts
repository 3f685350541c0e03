/**
 * The compact bulk forms for gateways, turned into the same items as the JSON form.
 * NDJSON: one JSON item per line. CSV: `stream_id,start,rate_hz,v1,v2,...` per line, with an
 * empty rate_hz for a single reading (`stream_id,ts,,value`); an optional header line starts
 * with `stream_id`. A line that cannot be read becomes a rejection, not a failed request.
 */

export interface ParsedLine {
  item?: unknown;
  error?: string;
}

export function parseNdjson(text: string): ParsedLine[] {
  const out: ParsedLine[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    try {
      out.push({ item: JSON.parse(trimmed) as unknown });
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
      out.push({
        item: { stream_id: streamId, start, rate_hz: csvNumber(rate), values: rest.map(csvNumber) },
      });
    }
  }
  return out;
}
