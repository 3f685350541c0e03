import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';

/**
 * The process's Prometheus metrics (docs/operations.md). One registry per process: the default
 * Node.js metrics (event-loop delay among them), HTTP latency by route, ingest, jobs.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

const httpDuration = new Histogram({
  name: 'spanwatch_http_request_duration_seconds',
  help: 'HTTP request latency by route template, method and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

const ingestSamples = new Counter({
  name: 'spanwatch_ingest_samples_total',
  help: 'Samples taken in (HTTP and MQTT): stored, or duplicates of stored ones',
  labelNames: ['outcome'] as const,
  registers,
});

const ingestRejected = new Counter({
  name: 'spanwatch_ingest_rejected_items_total',
  help: 'Ingest items rejected, by reason',
  labelNames: ['reason'] as const,
  registers,
});

const jobDuration = new Histogram({
  name: 'spanwatch_job_duration_seconds',
  help: 'Background job run time by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600],
  registers,
});

const jobFailures = new Counter({
  name: 'spanwatch_job_failures_total',
  help: 'Background jobs that failed, by queue',
  labelNames: ['queue'] as const,
  registers,
});

const rowSecurityBypasses = new Counter({
  name: 'spanwatch_row_security_bypass_requests_total',
  help: "Platform staff's requests that ran without row-level security, by operation (decision 072)",
  labelNames: ['operation'] as const,
  registers,
});

/** Counts a platform staff request that bypassed row-level security. */
export function recordRowSecurityBypass(operation: string): void {
  rowSecurityBypasses.inc({ operation });
}

/** Times one background job and counts it as failed when it throws. */
export async function measureJob<T>(queue: string, run: () => Promise<T>): Promise<T> {
  const stop = jobDuration.startTimer({ queue });
  try {
    const result = await run();
    stop({ outcome: 'completed' });
    return result;
  } catch (error) {
    stop({ outcome: 'failed' });
    jobFailures.inc({ queue });
    throw error;
  }
}

export function recordIngest(result: {
  accepted_samples: number;
  duplicate_samples: number;
  rejected: readonly { reason: string }[];
}): void {
  ingestSamples.inc({ outcome: 'stored' }, result.accepted_samples - result.duplicate_samples);
  ingestSamples.inc({ outcome: 'duplicate' }, result.duplicate_samples);
  for (const { reason } of result.rejected) ingestRejected.inc({ reason });
}

/** Latency of every answered request, labelled with its route template (not the raw URL). */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

let queueDb: Db | null = null;

new Gauge({
  name: 'spanwatch_analysis_queue_depth',
  help: 'Bridges queued for analysis and not yet running',
  registers,
  async collect() {
    if (!queueDb) return;
    try {
      const [row] = rowsOf<{ queued: string | number }>(
        await queueDb.execute(
          sql`select count(*) as queued from analysis_results where state = 'queued'`,
        ),
      );
      this.set(Number(row?.queued ?? 0));
    } catch {
      // A database that does not answer must not take the other metrics down with it.
    }
  },
});

/** Bridges waiting for analysis, read from the stored job states when Prometheus scrapes. */
export function watchAnalysisQueue(db: Db): void {
  queueDb = db;
}

/** GET /metrics on its own port, kept apart from the public API (METRICS_PORT). */
export async function startMetricsServer(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metricsRegistry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
