import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_STAFF as STAFF, newSignedInPage } from '../helpers/e2e-session';

// Issue 34: a real Munich logger file imported from the UI, its values read back equal.
const FILE = '/work/shared/data/munich-bridge/ReferenceStateForceAt100Hz.csv.zip';
const tag = Date.now().toString(36);
const STREAM = `e2e-frc-${tag}`;

/** The file as the logger wrote it: `unzip -p` prints its one entry. */
const fileText = () => execFileSync('unzip', ['-p', FILE], { maxBuffer: 64 * 1024 * 1024 });

/** FRC-01's values, row by row. */
const fileValues = (text: string) =>
  text
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => Number(line.split(',')[1]));

test.skip(!existsSync(FILE), 'the Munich records are not on this machine');

test('staff import a Munich logger file from Bridge Management; the readings equal the file', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newSignedInPage(browser, STAFF, '/bridges');
  const access = await page.evaluate(() => window.localStorage.getItem('access'));
  const headers = { authorization: `Bearer ${access ?? ''}` };
  const api = async <T>(method: 'get' | 'post', url: string, data?: object): Promise<T> => {
    const response = await page.request[method](url, { headers, data });
    expect(response.ok(), `${method} ${url}`).toBe(true);
    return (await response.json()) as T;
  };
  // A load cell on one of the demo's bridges, feeding a new data stream.
  const [bridge] = await api<{ id: number; name: string }[]>('get', '/api/v1/bridges');
  if (!bridge) throw new Error('the demo has no bridge');
  const [span] = await api<{ id: number }[]>('get', `/api/v1/spans?bridge=${bridge.id}`);
  const sensor = await api<{ id: number }>('post', '/api/v1/sensors/create', {
    bridge: bridge.id,
    span: span?.id,
    sensor_id: `E2E-FRC-${tag}`,
    type: 'load_cell',
    status: 'active',
    installation_date: '2022-01-01',
  });
  const stream = await api<{ id: number }>('post', '/api/v1/datastreams/create', {
    stream_id: STREAM,
    data_type: 'load',
    sensors: [sensor.id],
  });

  await page.reload();
  await page.getByLabel('Search bridges').fill(bridge.name);
  await page.getByRole('button', { name: `Import logger file into ${bridge.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Import logger file into ${bridge.name}` });
  const text = fileText();
  await dialog.getByLabel('Logger file').setInputFiles({
    name: 'ReferenceStateForceAt100Hz.csv',
    mimeType: 'text/csv',
    buffer: text,
  });
  // The format found, not the dialog's note that lists the formats it reads.
  await expect(dialog.getByText('UniBw Munich logger CSV', { exact: true })).toBeVisible();
  // 2022-03-07 reads as 7 March or 3 July: the screen asks.
  await dialog.getByLabel('Date order').selectOption({ label: 'year-month-day' });
  // The rate is found from the rows once their times can be read (this file's: 99.99 Hz).
  await expect(dialog.getByText(/^\d+(\.\d+)? Hz$/)).toBeVisible();
  await dialog.getByLabel('Data stream for FRC-01').selectOption(STREAM);
  await dialog.getByRole('button', { name: 'Import' }).click();
  const summary = dialog.getByRole('region', { name: 'Import summary' });
  await expect(summary).toBeVisible({ timeout: 120_000 });
  await expect(summary.getByText('60000')).toHaveCount(2);

  // Raw samples (at most 20 per point are answered raw): the first 10 s, value for value.
  const fromMs = Date.parse('2022-03-07T16:35:15.601Z');
  const toMs = fromMs + 10_000;
  const readings = await api<{ points: { mean: number; count: number }[] }>(
    'get',
    `/api/v1/datastreams/${stream.id}/readings?from=${new Date(fromMs).toISOString()}&to=${new Date(toMs).toISOString()}&max_points=10000`,
  );
  // The window starts at the file's first row, so the points are its first rows.
  const means = readings.points.map((p) => p.mean);
  expect(means.length).toBeGreaterThan(990);
  expect(readings.points.every((p) => p.count === 1)).toBe(true);
  expect(means).toEqual(fileValues(text.toString('utf8')).slice(0, means.length));
});
