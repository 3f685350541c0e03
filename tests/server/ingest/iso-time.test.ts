import { describe, expect, it } from 'vitest';
import { parseIsoTime } from '../../../server/ingest/iso-time.ts';

// A lower-case `t` is valid ISO 8601 but not the gateways' form: the general reader takes it.
const generally = (text: string) => parseIsoTime(text.replace('T', 't'));

describe('parseIsoTime, the gateways’ form read without a regular expression', () => {
  it.each([
    ['2026-10-10T00:00:00Z', Date.UTC(2026, 9, 10)],
    ['2024-02-29T23:59:59.999Z', Date.UTC(2024, 1, 29, 23, 59, 59, 999)],
    ['2000-02-29T01:02:03.04Z', Date.UTC(2000, 1, 29, 1, 2, 3, 40)],
    ['1969-12-31T23:59:59.123456789Z', -877],
    ['0050-06-01T00:00:00Z', Date.parse('0050-06-01T00:00:00Z')],
  ])('reads %s as the general reader does', (text, expected) => {
    expect(parseIsoTime(text)).toBe(expected);
    expect(generally(text)).toBe(expected);
  });

  it.each([
    '2026-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T00:60:00Z',
    '2026-01-01T00:00:60Z',
  ])('refuses %s, a time that does not exist', (text) => {
    expect(parseIsoTime(text)).toBeNull();
  });

  it.each(['2026-01-01T00:00:00.Z', '2026-01-01T00:00:00.1234567890Z', '20x6-01-01T00:00:00Z'])(
    'refuses %s as the general reader does',
    (text) => {
      expect(parseIsoTime(text)).toBeNull();
      expect(generally(text)).toBeNull();
    },
  );

  it('agrees with Date for times across ten thousand years', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i += 1) {
      const ms = Math.floor((next() - 0.6) * 1.5e14);
      const text = new Date(ms).toISOString();
      if (text.length !== 24) continue;
      expect(parseIsoTime(text)).toBe(ms);
      expect(parseIsoTime(text.replace(/\.\d{3}Z$/, 'Z'))).toBe(ms - (((ms % 1000) + 1000) % 1000));
    }
  });
});
