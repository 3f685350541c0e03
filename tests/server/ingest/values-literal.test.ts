import { describe, expect, it } from 'vitest';
import { parseCsv, parseNdjson } from '../../../server/ingest/bulk-parsers.ts';
import { plainDecimalList, valuesTextOfJsonLine } from '../../../server/ingest/values-literal.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, streamOnBridge } from '../../helpers/readings-fixtures.ts';

describe('values kept as received', () => {
  it('keeps a plain decimal list and refuses anything PostgreSQL could read differently', () => {
    expect(plainDecimalList('1.5, -0.25,3', 3)).toBe('1.5, -0.25,3');
    expect(plainDecimalList('1e-400,2', 2)).toBeUndefined();
    expect(plainDecimalList('1,2', 3)).toBeUndefined();
    expect(plainDecimalList('1,"2"', 2)).toBeUndefined();
  });

  it('takes the top-level values of a JSON line only when that key is unambiguous', () => {
    const line = (rest: string) => `{"stream_id":"s","start":"2026-10-01T00:00:00Z",${rest}}`;
    expect(valuesTextOfJsonLine(line('"rate_hz":1,"values": [1, 2.5]'), 2)).toBe('1, 2.5');
    // An escaped key hides the real array; a nested "values" must not be taken for it.
    expect(
      valuesTextOfJsonLine(line('"rate_hz":1,"val\\u0075es":[1,2],"x":{"values":[9,9]}'), 2),
    ).toBeUndefined();
    expect(
      valuesTextOfJsonLine(line('"x":{"values":[9,9]},"rate_hz":1,"values":[1,2]'), 2),
    ).toBeUndefined();
  });

  it('offers the text from NDJSON and CSV bodies', () => {
    expect(parseNdjson('{"stream_id":"s","start":"t","rate_hz":1,"values":[1,2]}')).toEqual([
      { item: { stream_id: 's', start: 't', rate_hz: 1, values: [1, 2] }, valuesText: '1,2' },
    ]);
    expect(parseCsv('s,2026-10-01T00:00:00Z,1,0.5,-1.25')[0]?.valuesText).toBe('0.5,-1.25');
    expect(parseCsv('s,2026-10-01T00:00:00Z,1,1e3,2')[0]?.valuesText).toBeUndefined();
  });
});

describe.each(drivers)('bulk ingest stores exactly the parsed numbers on %s', (kind) => {
  const t = setupTestApp(kind);

  it('stores the same values whether or not the received text was reused', async () => {
    const staff = await t.createUser({ staff: true });
    const { stream } = await streamOnBridge(t, 'literal');
    const start = (s: number) => new Date(BASE_MS + s * 1000).toISOString();
    const body = [
      `{"stream_id":"literal","start":"${start(0)}","rate_hz":2,"values":[ 0.1, -2.5 ]}`,
      `{"stream_id":"literal","start":"${start(1)}","rate_hz":2,"values":[1e-3,4]}`,
      `{"stream_id":"literal","start":"${start(2)}","rate_hz":2,"val\\u0075es":[7,8],"x":{"values":[9,9]}}`,
    ].join('\n');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/x-ndjson' },
      payload: body,
    });
    expect(response.json()).toMatchObject({ accepted_samples: 6, rejected: [] });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datastreams/${stream.id}/readings.csv?from=${start(0)}&to=${start(3)}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    const values = csv.body
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[1]));
    expect(values).toEqual([0.1, -2.5, 0.001, 4, 7, 8]);
  });
});
