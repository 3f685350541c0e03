import type { ReadingsRange } from '../../api/queries/readings';

export type RangeKey = '24h' | '7d' | '30d';

const HOUR_MS = 3_600_000;

export const RANGES: readonly { key: RangeKey; label: string; hours: number }[] = [
  { key: '24h', label: '24 h', hours: 24 },
  { key: '7d', label: '7 d', hours: 24 * 7 },
  { key: '30d', label: '30 d', hours: 24 * 30 },
];

/**
 * The chosen span ending at the stream's newest sample (or `now` before it has one), so a stream
 * that went quiet still shows its last data. `to` is exclusive, hence the extra millisecond.
 */
export function rangeFor(key: RangeKey, lastSeen: string | null, now: number): ReadingsRange {
  const hours = RANGES.find((r) => r.key === key)?.hours ?? 24;
  const end = lastSeen ? Math.min(Date.parse(lastSeen) + 1, now) : now;
  return {
    from: new Date(end - hours * HOUR_MS).toISOString(),
    to: new Date(end).toISOString(),
  };
}
