import { describe, expect, it } from 'vitest';
import {
  createCsvTimeFormatter,
  decimalsOfStep,
  readingCsvValue,
  readingsCsvHeader,
} from '../../domain/readings-csv';

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

  // Decision 052: a stream stored to a step keeps the step's digits where 6 digits would not.
  it.each([
    [1234.567, 0.001, '1234.567'],
    [1234567.8, 0.1, '1234567.8'],
    [260.12, 0.01, '260.12'],
    [0.000123457, 0.01, '0.000123457'],
    [-52.25, 0.25, '-52.25'],
  ])('writes %d stored to %d as %s', (value, step, text) => {
    expect(readingCsvValue(value, decimalsOfStep(step))).toBe(text);
  });

  it.each([
    [0.01, 2],
    [0.25, 2],
    [5, 0],
    [1e-5, 5],
    [0.1 + 0.2, 1],
    [1 / 3, 15],
  ])("counts %d's decimals as %d", (step, decimals) => {
    expect(decimalsOfStep(step)).toBe(decimals);
  });

  it('writes every time as toISOString does, in order or not, fractions of a millisecond cut', () => {
    const format = createCsvTimeFormatter();
    const times: number[] = [
      0,
      59_999.9,
      60_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 2, 1),
      Date.UTC(2026, 10, 29, 8, 0, 0, 7.5),
      Date.UTC(2026, 10, 29, 7, 59, 0, 42),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    // Samples of blocks at 1 kHz, 100 Hz and 3 Hz across minute, hour and year boundaries.
    for (const [start, rate, count] of [
      [Date.UTC(2025, 11, 31, 23, 59, 58, 500), 1000, 3000],
      [Date.UTC(2026, 5, 1, 12, 59, 59), 100, 300],
      [Date.UTC(2026, 5, 1, 12, 59, 59), 3, 30],
    ] as const) {
      for (let i = 0; i < count; i += 1) times.push(start + (i * 1000) / rate);
    }
    let seed = 37;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 2000; i += 1) times.push(random() * Date.UTC(9999, 11, 31));
    for (const ms of times) expect(format(ms), String(ms)).toBe(new Date(ms).toISOString());
  });
});
