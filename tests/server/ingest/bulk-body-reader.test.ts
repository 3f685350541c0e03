/**
 * A bulk body read and its lines counted chunk by chunk as it arrives (issue 37): wherever the
 * chunks break, the count is the parsers' own (blank lines and CSV's header are no items), and
 * a limit is found at the chunk and line that pass it.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  readBoundedBulkBody,
  RefusedBulkBody,
  tooManyBytes,
} from '../../../server/ingest/bulk-body-reader.ts';
import { parseCsv, parseNdjson } from '../../../server/ingest/bulk-parsers.ts';
import { BulkLineCounter } from '../../../server/ingest/bulk-line-counter.ts';

const generous = { maxLines: 1000, maxLineBytes: 1000 };

/** Counts `body` cut into chunks at `cuts`; the refusal if a limit was passed. */
function countInChunks(body: Buffer, csv: boolean, cuts: number[], limits = generous) {
  const counter = new BulkLineCounter(csv, limits);
  let from = 0;
  for (const cut of [...cuts, body.length]) {
    const refusal = counter.add(body.subarray(from, cut));
    if (refusal) return { refusal, lines: counter.itemLines };
    from = cut;
  }
  return { refusal: counter.end(), lines: counter.itemLines };
}

const ndjson = Buffer.from('{"a":1}\n\n  \r\n{"b":2}\r\n x \n\t\n{"c":3}');
const csvBodies = [
  'stream_id,start,rate_hz,values\nacc,2026-01-01T00:00:00Z,,1\n\nacc,2026-01-01T00:00:01Z,,2\n',
  '  stream_id,ts\r\nacc,t,,1\n',
  // A first line that only starts like the header, or is blank, makes the next line no header.
  'stream_i\nacc,t,,1\n',
  '\nstream_id,t,,1\n',
  'stream_id',
  'acc,t,,1\nstream_id,t,,2',
].map((text) => Buffer.from(text));

describe('BulkLineCounter', () => {
  it('counts what the parsers read, wherever the chunks break (every single and paired cut)', () => {
    const cases: [Buffer, boolean, number][] = [
      [ndjson, false, parseNdjson(ndjson).length],
      ...csvBodies.map((body): [Buffer, boolean, number] => [body, true, parseCsv(body).length]),
    ];
    for (const [body, csv, expected] of cases) {
      for (let a = 0; a <= body.length; a += 1) {
        for (let b = a; b <= body.length; b += 1) {
          expect(countInChunks(body, csv, [a, b]), `${body.toString()} cut at ${a}, ${b}`).toEqual({
            refusal: null,
            lines: expected,
          });
        }
      }
    }
  });

  it('finds the first line past the items limit as soon as it starts', () => {
    const body = Buffer.from('1\n\n2\n3\n4\n5\n');
    const limits = { maxLines: 3, maxLineBytes: 10 };
    expect(countInChunks(body.subarray(0, 7), false, [], limits).refusal).toBeNull();
    // The fourth item, on line 5, begins at byte 7: its first byte is enough.
    const counter = new BulkLineCounter(false, limits);
    expect(counter.add(body.subarray(0, 7))).toBeNull();
    expect(counter.add(body.subarray(7, 8))).toEqual({ limit: 'lines', line: 5 });
  });

  it('refuses a line longer than the limit even when no chunk holds it whole', () => {
    const limits = { maxLines: 10, maxLineBytes: 8 };
    const body = Buffer.from(`ok\n${'y'.repeat(9)}\nok\n`);
    const cuts = Array.from({ length: body.length - 1 }, (_, i) => i + 1);
    expect(countInChunks(body, false, cuts, limits)).toEqual({
      refusal: { limit: 'line_bytes', line: 2 },
      lines: 2,
    });
    // Eight bytes (a carriage return included) are still one line's worth.
    expect(countInChunks(Buffer.from('1234567\r\n'), false, [3], limits).refusal).toBeNull();
  });
});

describe('readBoundedBulkBody', () => {
  const limits = { maxBytes: 16, maxLines: 3, maxLineBytes: 8 };
  const read = (stream: PassThrough, declaredBytes = 0) =>
    readBoundedBulkBody(stream, { csv: false, declaredBytes, limits });

  it('gives the body whole when it keeps within every limit', async () => {
    const stream = new PassThrough();
    const body = read(stream);
    stream.write('a\nb');
    stream.end('\nc\n');
    expect((await body).toString()).toBe('a\nb\nc\n');
  });

  it('refuses at the chunk that passes the byte limit and reads no further', async () => {
    const stream = new PassThrough();
    const body = read(stream);
    stream.write('1\n2\n3\n');
    stream.write(' '.repeat(11));
    stream.write('never read');
    expect(await body).toEqual(new RefusedBulkBody(tooManyBytes(16), 17));
    expect(stream.read()?.toString()).toBe('never read');
  });

  it('refuses a declared length over the limit before reading a byte', async () => {
    const stream = new PassThrough();
    stream.write('1\n');
    await expect(read(stream, 17)).rejects.toMatchObject({ statusCode: 413 });
    expect(stream.read()?.toString()).toBe('1\n');
  });
});
