import { describe, expect, it } from 'vitest';
import { readingCsvValue, readingsCsvHeader } from '../../domain/readings-csv';

describe('the readings CSV export (decision 034)', () => {
  it.each([
    ['lions-gate-s2-str', 'strain', 'timestamp,lions-gate-s2-str (µε)\n'],
    ['deck-temp', 'temperature', 'timestamp,deck-temp (°C)\n'],
    ['north, west', 'tilt', 'timestamp,"north, west (mrad)"\n'],
    ['=HYPERLINK("x")', 'load', `timestamp,"'=HYPERLINK(""x"") (kN)"\n`],
    ['legacy', 'pressure', 'timestamp,legacy\n'],
  ])('names stream %j of type %s in the header: %j', (streamId, dataType, header) => {
    expect(readingsCsvHeader(streamId, dataType)).toBe(header);
  });

  it.each([
    [0.1 + 0.2, '0.3'],
    [260.123456789012, '260.123'],
    [-0.000123456789, '-0.000123457'],
    [1234567.8, '1234570'],
    [50, '50'],
    [-0, '0'],
    [2.5e-8, '2.5e-8'],
  ])('writes %d as %s: 6 significant digits, no trailing zeros', (value, text) => {
    expect(readingCsvValue(value)).toBe(text);
  });
});
