import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../server/analytics/csv-table.ts';
import { readLoggerColumn } from '../../../../server/analytics/fatigue/logger-csv.ts';
import { splitHeader } from '../../../../server/analytics/logger-header.ts';

describe('reading one channel of a logger CSV', () => {
  it('finds a column by name whatever form its unit takes in the header', () => {
    expect(splitHeader('DMS_CN (um\\m)')).toEqual({ name: 'DMS_CN', unit: 'um\\m' });
    expect(splitHeader('DMS_AS [um/m]')).toEqual({ name: 'DMS_AS', unit: 'um/m' });
    expect(splitHeader('S1 in MPa')).toEqual({ name: 'S1', unit: 'MPa' });
    expect(splitHeader('S2 / µε')).toEqual({ name: 'S2', unit: 'µε' });
    const text = 'Time (-),ACC01_z [g],DMS_AS [um/m],S3 {N/mm²}\n0,1,2,3\n';
    expect(readLoggerColumn(text, 'DMS_AS')).toMatchObject({
      header: 'DMS_AS [um/m]',
      headerUnit: 'microstrain',
    });
    expect(readLoggerColumn(text, 's3')).toMatchObject({ headerUnit: 'MPa' });
    expect(readLoggerColumn(text, 'ACC01_z [g]')).toMatchObject({
      headerUnit: null,
      headerUnitText: 'g',
    });
  });

  it('reads semicolon files with decimal commas, quotes, a BOM and CRLF', () => {
    const text = '\uFEFFtime;"S1 (um/m)"\r\n0;1,5\r\n1;"-2,25"\r\n2;3e1\r\n';
    expect(Array.from(readLoggerColumn(text, 'S1').samples)).toEqual([1.5, -2.25, 30]);
  });

  it('makes empty, short and unparseable cells gaps, never zeros', () => {
    const text = 'time,S1,S2\n0,1,1\n1,,1\n2\n3,n/a,1\n4,Infinity,1\n5,2,1\n';
    const column = readLoggerColumn(text, 'S1');
    expect(Array.from(column.samples)).toEqual([1, NaN, NaN, NaN, NaN, 2]);
    expect(column.gaps).toBe(4);
  });

  it('names the columns when the one asked for is missing or ambiguous', () => {
    expect(() => readLoggerColumn('time,S1\n0,1\n', 'S2')).toThrow(
      new InputError("No column 'S2' in the CSV header; the columns are 'time', 'S1'"),
    );
    expect(() => readLoggerColumn('time,S1 [MPa],S1 (um/m)\n0,1,2\n', 'S1')).toThrow(
      /matches more than one column/,
    );
    expect(() => readLoggerColumn('', 'S1')).toThrow('The CSV file is empty');
  });
});
