/**
 * Issue 34, logger-file import: each format read from a stream into blocks, the date order found
 * or refused, units read however the header writes them, Latin-1 and per-row errors.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { IngestResult } from '../../../server/ingest/ingest-service.ts';
import type { ImportItem } from '../../../server/import/block-builder.ts';
import { openLoggerFile } from '../../../server/import/file-source.ts';
import { ImportRefused } from '../../../server/import/import-refused.ts';
import { importLoggerFile, inspectLoggerFile } from '../../../server/import/logger-import.ts';
import { MAX_LINE_CHARS } from '../../../server/import/text-lines.ts';

/** A file's bytes in small chunks, as a stream delivers them (a line may span two). */
async function* chunked(content: string | Buffer, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** A stand-in for the ingest service that keeps what it is given. */
function keeper() {
  const items: ImportItem[] = [];
  const ingest = async (batch: ImportItem[]): Promise<IngestResult> => {
    items.push(...batch);
    const samples = batch.reduce((n, i) => n + ('values' in i ? i.values.length : 1), 0);
    return { accepted_samples: samples, duplicate_samples: 0, rejected: [] };
  };
  const valuesOf = (stream: string) =>
    items
      .filter((i) => i.stream_id === stream)
      .flatMap((i) => ('values' in i ? i.values : [i.value]));
  return { items, ingest, valuesOf };
}

const TOA5 = `"TOA5","Bridge_CR1000","CR1000","1234","CR1000.Std.32","CPU:bridge.CR1","4711","Table1"
"TIMESTAMP","RECORD","Strain_1","AirT"
"TS","RN","uStrain","Deg C"
"","","Smp","Avg"
"2022-04-13 10:00:00",0,12.5,8.1
"2022-04-13 10:00:01",1,12.75,NAN
"2022-04-13 10:00:02",2,13,8.3
`;

const CATMAN = `catman ASCII export;;
T0;13.04.2022 10:00:00;13.04.2022 10:00:00
Channel name;Time  1 - default sample rate;DMS_01
Unit;s;µm/m
0;1,5
0,5;2,25
1;-3,125
`;

describe('logger file formats', () => {
  it('reads a Campbell TOA5 file: units from its units line, year-month-day fixed, NAN a gap', async () => {
    const inspection = await inspectLoggerFile(chunked(TOA5));
    expect(inspection.formatName).toBe('Campbell Scientific TOA5');
    expect(inspection.channels.map((c) => [c.name, c.unit])).toEqual([
      ['Strain_1', 'uStrain'],
      ['AirT', 'Deg C'],
    ]);
    expect(inspection).toMatchObject({ dateOrder: 'ymd', rateHz: 1, problem: null });
    const k = keeper();
    const summary = await importLoggerFile(chunked(TOA5), {
      mapping: new Map([
        ['Strain_1', 'strain'],
        ['AirT', 'air'],
      ]),
      ingest: k.ingest,
    });
    expect(k.valuesOf('strain')).toEqual([12.5, 12.75, 13]);
    expect(k.items[0]).toMatchObject({ start: '2022-04-13T10:00:00.000Z', rate_hz: 1 });
    // The lost sample splits the temperature into two blocks; it is no error.
    expect(k.valuesOf('air')).toEqual([8.1, 8.3]);
    expect(summary).toMatchObject({ rows: 3, samples: 5, storedSamples: 5, errorTotal: 0 });
  });

  it('reads an HBM catman export: seconds from T0, semicolons and decimal commas', async () => {
    const inspection = await inspectLoggerFile(chunked(CATMAN));
    expect(inspection).toMatchObject({ format: 'catman', dateOrder: 'dmy', rateHz: 2 });
    expect(inspection.channels).toMatchObject([{ name: 'DMS_01', unit: 'µm/m' }]);
    const k = keeper();
    await importLoggerFile(chunked(CATMAN), {
      mapping: new Map([['DMS_01', 's']]),
      ingest: k.ingest,
    });
    expect(k.items).toEqual([
      {
        stream_id: 's',
        start: '2022-04-13T10:00:00.000Z',
        rate_hz: 2,
        values: [1.5, 2.25, -3.125],
      },
    ]);
  });

  it('reads generic CSV and TSV with units written [g], (um/m) and (um\\m)', async () => {
    const csv =
      'Time (-),ACC01_z [g],DMS_AS (um/m),DMS_CN (um\\m)\n2022-04-13 10:00:00.000,0.5,1,2\n';
    const tsv = 'timestamp\tS1 [kN]\n2022-04-13T10:00:00Z\t3\n';
    const fromCsv = await inspectLoggerFile(chunked(csv));
    expect(fromCsv.channels.map((c) => [c.name, c.unit])).toEqual([
      ['ACC01_z', 'g'],
      ['DMS_AS', 'µm/m'],
      ['DMS_CN', 'µm/m'],
    ]);
    expect(fromCsv.format).toBe('unibw');
    const fromTsv = await inspectLoggerFile(chunked(tsv));
    expect(fromTsv).toMatchObject({ format: 'tsv', dateOrder: 'ymd' });
    expect(fromTsv.channels).toMatchObject([{ name: 'S1', unit: 'kN' }]);
  });

  it('decodes a Latin-1 file, its degree sign included', async () => {
    const latin1 = Buffer.from(
      'Time (-),Air Temperature (\u00b0C),\r\n13.04.2022 08:36:25.984,1.6\r\n',
      'latin1',
    );
    const inspection = await inspectLoggerFile(chunked(latin1));
    expect(inspection.encoding).toBe('Latin-1');
    expect(inspection.channels).toMatchObject([{ name: 'Air Temperature', unit: '°C' }]);
  });

  it('refuses ambiguous dates, naming both readings, and reads them in the order given', async () => {
    const text =
      'Time (-),DMS_CN (um/m)\n2022-11-04 08:49:34.669,0.5\n2022-11-04 08:49:34.679,0.6\n';
    const refusal = importLoggerFile(chunked(text), { mapping: new Map([['DMS_CN', 's']]) });
    await expect(refusal).rejects.toThrow(ImportRefused);
    await expect(refusal).rejects.toThrow(
      "The dates in column 'Time (-)' are ambiguous: '2022-11-04 08:49:34.669' reads as 4 November 2022 as year-month-day (ymd) or 11 April 2022 as year-day-month (ydm). Give the date order.",
    );
    const k = keeper();
    await importLoggerFile(chunked(text), {
      mapping: new Map([['DMS_CN', 's']]),
      dateOrder: 'ydm',
      ingest: k.ingest,
    });
    expect(k.items[0]).toMatchObject({ start: '2022-04-11T08:49:34.669Z', rate_hz: 100 });
    // A day above 12 decides by itself; an order that does not fit is refused.
    expect((await inspectLoggerFile(chunked('date,x\n2022-03-31,1\n'))).dateOrder).toBe('ymd');
    const misfit = await inspectLoggerFile(chunked('date,x\n2022-03-31,1\n'), { dateOrder: 'ydm' });
    expect(misfit.problem).toContain('cannot be read in the date order given');
  });

  it('lists bad numbers, bad times and rows out of order with their lines, and goes on', async () => {
    const rows = [
      'time,x',
      '2022-04-13 10:00:00,1',
      '2022-04-13 10:00:01,abc',
      'yesterday,3',
      '2022-04-13 10:00:00,4',
      '2022-04-13 10:00:02,5',
    ];
    const k = keeper();
    const summary = await importLoggerFile(chunked(rows.join('\n')), {
      mapping: new Map([['x', 's']]),
      ingest: k.ingest,
    });
    expect(summary.errors).toEqual([
      { line: 3, message: "'abc' in column 'x' is not a number" },
      { line: 4, message: "'yesterday' is not a time" },
      { line: 5, message: '2022-04-13 10:00:00 is not after the row before: out of order' },
    ]);
    expect(k.valuesOf('s')).toEqual([1, 5]);
    expect(summary).toMatchObject({ rows: 5, samples: 2, errorTotal: 3 });
  });

  it('keeps a bounded number of errors and counts them all', async () => {
    const lines = [
      'time,x',
      ...Array.from(
        { length: 250 },
        (_, i) => `2022-04-13 10:00:${String(i % 60).padStart(2, '0')},x`,
      ),
    ];
    const summary = await importLoggerFile(chunked(lines.join('\n'), 4096), {
      mapping: new Map([['x', 's']]),
      dateOrder: 'ymd',
    });
    expect(summary.errors).toHaveLength(100);
    expect(summary.errorTotal).toBeGreaterThanOrEqual(250);
  });

  it('refuses a mapping to a column the file does not have, listing its columns', async () => {
    await expect(
      importLoggerFile(chunked(TOA5), { mapping: new Map([['Strain_9', 's']]) }),
    ).rejects.toThrow("No column 'Strain_9' in the file; its columns are 'Strain_1', 'AirT'");
  });

  it('refuses a line longer than a logger writes instead of holding it whole', async () => {
    const noBreak = 'x'.repeat(MAX_LINE_CHARS + 64 * 1024);
    await expect(inspectLoggerFile(chunked(noBreak, 16 * 1024))).rejects.toThrow(
      new ImportRefused(
        `Line 1 is longer than ${MAX_LINE_CHARS} characters: not a logger file's line`,
      ),
    );
  });
});

const MUNICH = '/work/shared/data/munich-bridge/';

describe.skipIf(!existsSync(MUNICH))('the Munich records', () => {
  it.each([
    ['ReferenceStateDMS_CNAt100Hz.csv.zip', undefined, 'UTF-8', [['DMS_CN', 'µm/m']]],
    [
      'UniBw_2022-04-11_ref_support_load_01AllM100Hz.csv.zip',
      undefined,
      'UTF-8',
      [
        ['ACC01_z', 'g'],
        ['DMS_AS', 'µm/m'],
        ['FRC-01', 'kN'],
        ['INC01', 'deg'],
      ],
    ],
    [
      'TemperatureData2022-04-11.zip',
      'UniBw_2022-04-11_ref_load_01.csv',
      'Latin-1',
      [['Air Temperature', '°C']],
    ],
  ])('inspects %s', async (file, entry, encoding, channels) => {
    const source = await openLoggerFile(MUNICH + file, entry);
    const inspection = await inspectLoggerFile(source.chunks);
    expect(inspection).toMatchObject({ format: 'unibw', encoding, dateOrder: null });
    expect(inspection.problem).toContain('ambiguous');
    expect(inspection.channels.map((c) => [c.name, c.unit])).toEqual(channels);
  });

  it('imports the load test day as 11 April 2022 at 100 Hz, every value as written', async () => {
    const source = await openLoggerFile(
      MUNICH + 'UniBw_2022-04-11_ref_support_load_01AllM100Hz.csv.zip',
    );
    const k = keeper();
    const summary = await importLoggerFile(source.chunks, {
      mapping: new Map([['DMS_AS', 'strain']]),
      dateOrder: 'ydm',
      ingest: k.ingest,
    });
    expect(summary).toMatchObject({ rows: 72_000, samples: 72_000, errorTotal: 0 });
    expect(k.items[0]).toMatchObject({ start: '2022-04-11T08:36:24.897Z', rate_hz: 100 });
    const values = k.valuesOf('strain');
    expect(values.slice(0, 2)).toEqual([-478.429168701172, -478.463500976562]);
    expect(values).toHaveLength(72_000);
  });

  it('names the files of a zip holding several', async () => {
    await expect(openLoggerFile(MUNICH + 'TemperatureData2022-04-11.zip')).rejects.toThrow(
      "Name the file to import in the zip archive (--entry); it holds 'UniBw_2022-04-11_ref_load_01.csv'",
    );
  });
});
