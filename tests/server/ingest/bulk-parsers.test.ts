import { describe, expect, it } from 'vitest';
import { parseCsv, parseNdjson } from '../../../server/ingest/bulk-parsers.ts';
import { END_OF_RANGE, scanDecimalList } from '../../../server/ingest/decimal-list.ts';
import { Float8Elements, numbersOfElements } from '../../../server/readings/float8-elements.ts';
import { readBlockLine } from '../../../server/ingest/ndjson-block-line.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, streamOnBridge } from '../../helpers/readings-fixtures.ts';

const bytes = (text: string) => Buffer.from(text);

function scan(text: string) {
  const arena = new Float8Elements();
  const length = Buffer.byteLength(text);
  arena.room(length + 1);
  const list = scanDecimalList(bytes(text), 0, length, END_OF_RANGE, arena.view, arena.offset);
  return list && { ...list, numbers: numbersOfElements(arena.take(list.count)) };
}

function line(text: string) {
  const body = bytes(text);
  return readBlockLine(body, 0, body.length, new Float8Elements());
}

/** Deterministic numbers of every shape a gateway writes: short, long, tiny, negative, zero. */
function sampleNumbers(count: number): string[] {
  let seed = 12345;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: count }, (_, i) => {
    const magnitude = 10 ** Math.floor(next() * 12 - 6);
    const value = (next() - 0.5) * magnitude;
    const digits = 1 + Math.floor(next() * 19);
    return i % 7 === 0 ? String(value) : value.toFixed(Math.min(digits, 20));
  });
}

describe('scanDecimalList', () => {
  it('reads plain decimals with their count, extremes and sum', () => {
    expect(scan(' 1.5, -0.25,3 ')).toMatchObject({
      count: 3,
      min: -0.25,
      max: 3,
      sum: 4.25,
      numbers: [1.5, -0.25, 3],
    });
    expect(scan('')).toMatchObject({ count: 0, numbers: [] });
  });

  it('gives exactly the numbers JSON.parse gives', () => {
    const texts = sampleNumbers(5000).filter((text) => !/e/i.test(text));
    expect(scan(texts.join(','))?.numbers).toEqual(JSON.parse(`[${texts.join(',')}]`));
    expect(Object.is(scan('-0')?.numbers[0], -0)).toBe(true);
  });

  it.each(['+1', '01', '.5', '1.', '1e3', '1,', ',1', '1 2', '1,,2', '--1', 'NaN', '"1"'])(
    'leaves %j to the general path',
    (text) => expect(scan(text)).toBeNull(),
  );

  it('reads numbers too long for the quick way as JavaScript does', () => {
    const tiny = `0.${'0'.repeat(400)}1`;
    expect(scan(`1,${tiny}`)).toMatchObject({ count: 2, numbers: [1, 0] });
    expect(scan(`1${'0'.repeat(400)}`)?.numbers).toEqual([Infinity]);
    const long = '0.12345678901234567890';
    expect(scan(long)?.numbers).toEqual([Number(long)]);
  });
});

describe('readBlockLine', () => {
  const lines = [
    '{"stream_id":"s","start":"2026-10-01T00:00:00Z","rate_hz":100,"values":[1,2.5,-3]}',
    ' { "values" : [ 0.1 , 2 ] , "rate_hz" : 2.5e1 , "start" : "t" , "stream_id" : "é" } ',
    '{"stream_id":"s","rate_hz":1,"values":[]}',
  ];

  it.each(lines)('reads %s as JSON.parse does', (text) => {
    const read = line(text);
    const parsed = JSON.parse(text) as { values: number[] };
    const { values, ...fields } = parsed;
    expect(read).toMatchObject(fields);
    expect(read?.values).toMatchObject({ count: values.length });
  });

  it.each([
    '{"stream_id":"s\\u0041","start":"t","rate_hz":1,"values":[1]}',
    '{"stream_id":"s","start":"t","rate_hz":1,"values":[1],"x":{"values":[9]}}',
    '{"stream_id":"s","start":"t","rate_hz":1,"values":[1],"values":[2]}',
    '{"stream_id":"s","start":1700000000000,"rate_hz":1,"values":[1]}',
    '{"stream_id":"s","start":"t","rate_hz":1,"values":[1e-3]}',
    '{"stream_id":"s","ts":"t","value":1}',
    '{"stream_id":"s","start":"t","rate_hz":01,"values":[1]}',
    '{"stream_id":"s","start":"t","rate_hz":1,"values":[1]} x',
    '{"stream_id":"s","start":"t","rate_hz":1}',
    '[1,2]',
  ])('leaves %s to JSON.parse', (text) => expect(line(text)).toBeNull());

  it('writes the values as binary float8 elements, one block after another', () => {
    const arena = new Float8Elements();
    const body = bytes(
      '{"stream_id":"s","start":"t","rate_hz":1,"values":[ 1, 2.5 ]}\n{"stream_id":"s","start":"u","rate_hz":1,"values":[-7]}',
    );
    const newline = body.indexOf(10);
    const first = readBlockLine(body, 0, newline, arena);
    const second = readBlockLine(body, newline + 1, body.length, arena);
    expect(numbersOfElements(first?.elements ?? new Uint8Array())).toEqual([1, 2.5]);
    expect(numbersOfElements(second?.elements ?? new Uint8Array())).toEqual([-7]);
    expect([...(first?.elements.subarray(0, 4) ?? [])]).toEqual([0, 0, 0, 8]);
  });
});

describe('bulk parsers', () => {
  it('reads NDJSON line by line, skipping blank lines, through either path', () => {
    const parsed = parseNdjson(
      bytes('{"a":1}\r\n\n[oops\n{"stream_id":"s","start":"t","rate_hz":1,"values":[1,2]}\n'),
    );
    expect(parsed.slice(0, 2)).toEqual([{ item: { a: 1 } }, { error: 'line 3 is not valid JSON' }]);
    expect(parsed[2]).toMatchObject({ scanned: { stream_id: 's', values: { count: 2, sum: 3 } } });
  });

  it('reads CSV blocks and single readings, naming a short line', () => {
    const parsed = parseCsv(
      bytes(
        'stream_id,start,rate_hz,values\na,2026-01-01T00:00:00Z,10,1,2\nb,2026-01-01T00:00:00Z,,5\nc,x\nd,t,10,1e3,nan\n',
      ),
    );
    expect(parsed[0]).toMatchObject({
      scanned: { stream_id: 'a', start: '2026-01-01T00:00:00Z', rate_hz: 10 },
    });
    const [first] = parsed;
    const elements = first && 'scanned' in first ? first.scanned.elements : new Uint8Array();
    expect(numbersOfElements(elements)).toEqual([1, 2]);
    expect(parsed.slice(1)).toEqual([
      { item: { stream_id: 'b', ts: '2026-01-01T00:00:00Z', value: 5 } },
      { error: 'line 4 needs stream_id, time, rate_hz and a value' },
      { item: { stream_id: 'd', start: 't', rate_hz: 10, values: [1000, NaN] } },
    ]);
  });

  it('reads CSV numbers as decimals only: 0x10 or 0b1 stay text for the checks to refuse', () => {
    const parsed = parseCsv(
      bytes('a,2026-01-01T00:00:00Z,,0x10\nb,2026-01-01T00:00:00Z,0x10,1,0b1\nc,t,, -2.5e1 \n'),
    );
    expect(parsed).toEqual([
      { item: { stream_id: 'a', ts: '2026-01-01T00:00:00Z', value: '0x10' } },
      {
        item: {
          stream_id: 'b',
          start: '2026-01-01T00:00:00Z',
          rate_hz: '0x10',
          values: [1, '0b1'],
        },
      },
      { item: { stream_id: 'c', ts: 't', value: -25 } },
    ]);
  });
});

describe.each(drivers)('bulk ingest stores exactly the numbers sent on %s', (kind) => {
  const t = setupTestApp(kind);

  it('stores the numbers JSON.parse reads, by either path', async () => {
    const staff = await t.createUser({ staff: true });
    const { stream } = await streamOnBridge(t, 'literal');
    const start = (s: number) => new Date(BASE_MS + s * 1000).toISOString();
    const tiny = `0.${'0'.repeat(400)}1`;
    const body = [
      `{"stream_id":"literal","start":"${start(0)}","rate_hz":2,"values":[ 0.1, -2.5 ]}`,
      `{"stream_id":"literal","start":"${start(1)}","rate_hz":2,"values":[1e-3,4]}`,
      `{"stream_id":"literal","start":"${start(2)}","rate_hz":2,"val\\u0075es":[7,8],"x":{"values":[9,9]}}`,
      // A decimal PostgreSQL would refuse as out of range as text: its number (0) is stored.
      `{"stream_id":"literal","start":"${start(3)}","rate_hz":2,"values":[${tiny},5]}`,
    ].join('\n');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/x-ndjson' },
      payload: body,
    });
    expect(response.json()).toMatchObject({ accepted_samples: 8, rejected: [] });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datastreams/${stream.id}/readings.csv?from=${start(0)}&to=${start(4)}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    const values = csv.body
      .trim()
      .split('\n')
      .slice(1)
      .map((row) => Number(row.split(',')[1]));
    expect(values).toEqual([0.1, -2.5, 0.001, 4, 7, 8, 0, 5]);
  });
});
