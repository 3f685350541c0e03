import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startMetricsServer, watchAnalysisQueue } from '../../../server/ops/metrics.ts';
import { createIngestTokensRepository } from '../../../server/repositories/ingest-tokens-repository.ts';
import { BASE_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

/** Prometheus text: the value of one series, given its name and labels as printed. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(drivers)('Prometheus metrics (%s)', (kind) => {
  const t = setupTestApp(kind);
  let server: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  afterAll(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))));

  it('counts requests by route, ingested samples, rejections by reason and the queue', async () => {
    // Blocks of their own per driver: both runs share this process's counters.
    const label = `metrics-${kind}`;
    const start = BASE_MS + (kind === 'postgres' ? 3_600_000 : 0);
    watchAnalysisQueue(t.services.database.db);
    server = await startMetricsServer(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    const scrape = async () => (await fetch(url)).text();
    const before = await scrape();

    const { bridge } = await streamOnBridge(t, label);
    const { token } = await createIngestTokensRepository(t.services.database.db).create(
      bridge.id,
      'metrics',
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { 'content-type': 'application/json', 'x-ingest-token': token },
      payload: JSON.stringify([
        ...sineBlocks(label, start, 2),
        { ...sineBlocks(label, start, 1)[0], stream_id: 'nowhere' },
      ]),
    });
    expect(response.statusCode).toBeLessThan(300);
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    await t.services.analysisJobs.enqueue(bridge.id);

    let after = await scrape();
    const delta = (series: string) =>
      (seriesValue(after, series) ?? 0) - (seriesValue(before, series) ?? 0);
    // On PostgreSQL a batch may be committed just after its answer (a writer shared by requests).
    const stored = 'spanwatch_ingest_samples_total{outcome="stored"}';
    for (let i = 0; i < 40 && delta(stored) < 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await scrape();
    }
    expect(delta('spanwatch_ingest_samples_total{outcome="stored"}')).toBe(200);
    expect(delta('spanwatch_ingest_rejected_items_total{reason="unknown_stream"}')).toBe(1);
    expect(
      delta(
        'spanwatch_http_request_duration_seconds_count{method="GET",route="/api/v1/health",status="200"}',
      ),
    ).toBe(1);
    expect(seriesValue(after, 'spanwatch_analysis_queue_depth')).toBe(1);
    expect(after).toContain('nodejs_eventloop_lag_p99_seconds');
  });
});
