/**
 * Issue 34: staff upload a logger file to a bridge: inspected (format, columns with units, a
 * preview, the date order asked when ambiguous), then imported through the ingest scoped to the
 * bridge, and imported again storing nothing new.
 */
import { storedBlocks } from '../../helpers/stored-blocks.ts';
import { describe, expect, it } from 'vitest';
import { assertMatchesContract } from '../../helpers/contract-validator.ts';
import { streamOnBridge } from '../../helpers/readings-fixtures.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

/** `rows` rows at 10 Hz from `day` (a date written year first), two channels with units. */
function loggerCsv(day: string, rows: number, bad: Record<number, string> = {}): string {
  const start = Date.parse(`${day}T10:00:00Z`);
  const lines = ['Time,Strain (um/m),Temp [°C]'];
  for (let i = 0; i < rows; i += 1) {
    const time = new Date(start + i * 100).toISOString().replace('T', ' ').replace('Z', '');
    lines.push(`${time},${bad[i] ?? (i * 0.5).toFixed(1)},${(20 + i / 100).toFixed(2)}`);
  }
  return `${lines.join('\n')}\n`;
}

// PGlite only (run without DATABASE_URL): the upload path is the same on either driver.
describe('uploading a logger file to a bridge', () => {
  const t = setupTestApp('pglite');

  async function upload<T>(url: string, body: string | Buffer, token?: string) {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/octet-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: body,
    });
    const parsed: unknown = response.json();
    assertMatchesContract('POST', url.split('?')[0] ?? url, response.statusCode, parsed);
    return { status: response.statusCode, body: parsed as T };
  }

  async function samplesOf(streamId: number): Promise<number[]> {
    const rows = await storedBlocks(t.services.database.db, 'datastream_id = $1', [streamId]);
    return rows.flatMap((row) => row.values);
  }

  it('shows the format, the columns with their units and a preview', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge } = await streamOnBridge(t);
    const answer = await upload(
      `/api/v1/bridges/${bridge.id}/imports/inspect`,
      loggerCsv('2026-03-15', 20),
      staff.token,
    );
    expect(answer).toMatchObject({
      status: 200,
      body: {
        format_name: 'generic CSV',
        encoding: 'UTF-8',
        time_column: 'Time',
        date_order: 'ymd',
        date_order_question: null,
        rate_hz: 10,
        columns: [
          { key: '#2', name: 'Strain', unit: 'µm/m' },
          { key: '#3', name: 'Temp', unit: '°C' },
        ],
      },
    });
    const preview = (answer.body as { preview: { time: string; cells: string[] }[] }).preview;
    expect(preview[1]).toEqual({ time: '2026-03-15 10:00:00.100', cells: ['0.5', '20.01'] });
  });

  it('asks for the date order when the dates read two ways, and imports once it is given', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, stream } = await streamOnBridge(t, 'strain-a');
    const file = loggerCsv('2026-03-04', 30);
    const inspect = await upload(`/api/v1/bridges/${bridge.id}/imports/inspect`, file, staff.token);
    expect(inspect.body).toMatchObject({ date_order: null, date_order_choices: ['ymd', 'ydm'] });
    expect((inspect.body as { date_order_question: string }).date_order_question).toMatch(
      /4 March 2026.*3 April 2026/,
    );
    const url = `/api/v1/bridges/${bridge.id}/imports?map=%232%3Dstrain-a`;
    const refused = await upload<{ detail: string }>(url, file, staff.token);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/^date_order: .*4 March 2026.*3 April 2026/);
    expect(await samplesOf(stream.id)).toEqual([]);

    const stored = await upload(`${url}&date_order=ymd`, file, staff.token);
    expect(stored).toMatchObject({
      status: 200,
      body: { rows: 30, samples: 30, stored_samples: 30, duplicate_samples: 0, error_count: 0 },
    });
    const values = Array.from({ length: 30 }, (_, i) => i * 0.5);
    expect(await samplesOf(stream.id)).toEqual(values);
  });

  it('lists the rows it could not read with their lines, and a re-import stores nothing new', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, stream } = await streamOnBridge(t, 'strain-b');
    const file = loggerCsv('2026-03-15', 40, { 5: 'x5' });
    const url = `/api/v1/bridges/${bridge.id}/imports?map=Strain%3Dstrain-b`;
    const first = await upload(url, file, staff.token);
    expect(first).toMatchObject({
      status: 200,
      body: {
        rows: 40,
        stored_samples: 39,
        error_count: 1,
        errors: [{ line: 7, message: "'x5' in column 'Strain (um/m)' is not a number" }],
      },
    });
    const again = await upload(url, file, staff.token);
    expect(again.body).toMatchObject({ stored_samples: 0, duplicate_samples: 39 });
    expect(await samplesOf(stream.id)).toHaveLength(39);
  });

  it('refuses a stream of another bridge, a missing column and a zip, naming the field', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge } = await streamOnBridge(t, 'here');
    await streamOnBridge(t, 'elsewhere');
    const base = `/api/v1/bridges/${bridge.id}/imports`;
    const file = loggerCsv('2026-03-15', 10);
    expect(await upload(`${base}?map=%232%3Delsewhere`, file, staff.token)).toEqual({
      status: 400,
      body: { detail: `map: no data stream 'elsewhere' on bridge ${bridge.id}` },
    });
    const missing = await upload<{ detail: string }>(`${base}?map=Depth%3Dhere`, file, staff.token);
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/^map: No column 'Depth' in the file/);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    expect(await upload(`${base}/inspect`, zip, staff.token)).toEqual({
      status: 400,
      body: { detail: 'body: the file is a zip archive; unzip it and upload the file inside' },
    });
  });

  it('answers 401, 403 and 404 before reading the file, and 413 past the size limit', async () => {
    const operator = await t.createUser();
    const staff = await t.createUser({ staff: true });
    const { bridge } = await streamOnBridge(t, 'guarded');
    const file = loggerCsv('2026-03-15', 10);
    const url = (id: number) => `/api/v1/bridges/${id}/imports?map=%232%3Dguarded`;
    expect((await upload(url(bridge.id), file)).status).toBe(401);
    expect(await upload(url(bridge.id), file, operator.token)).toEqual({
      status: 403,
      body: { detail: 'Only staff users may do this' },
    });
    expect(await upload(url(999_999), file, staff.token)).toEqual({
      status: 404,
      body: { detail: 'Bridge 999999 not found' },
    });
    const huge = Buffer.alloc(64 * 1024 * 1024 + 1, 0x41);
    const tooLarge = await upload<{ detail: string }>(
      `/api/v1/bridges/${bridge.id}/imports/inspect`,
      huge,
      staff.token,
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.detail).toMatch(/^body: the file is larger than 64 MiB/);
  });
});
