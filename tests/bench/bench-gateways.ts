/**
 * Gateway-sized HTTP ingest (issue 16): one body per gateway second (one one-second block per
 * channel), many gateways in flight, against servers that differ only in group commit. Rounds
 * alternate the servers so both see the same machine load; the median round is reported.
 */
import type { BlockBody } from '../helpers/readings-fixtures.ts';
import { resetReadings } from './bench-copy.ts';
import { ndjsonBodies, sendBodies, sendPaced } from './bench-http.ts';
import { commandCpuSeconds, percentile, processTreeCpuSeconds } from './bench-stats.ts';

export interface GatewayTarget {
  name: string;
  baseUrl: string;
  /** The server's pid, to split the round's CPU between load generator, server and database. */
  pid?: number;
}

interface RoundFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU milliseconds per request: this load generator, the server, PostgreSQL's processes. */
  cpuMsPerRequest?: { client: number; server: number; postgres: number };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function gatewayRounds(options: {
  url: string;
  ingestToken: string;
  blocks: BlockBody[];
  channels: number;
  inFlight: number;
  rounds: number;
  targets: GatewayTarget[];
}) {
  const bodies = ndjsonBodies(options.blocks, options.channels);
  const perTarget = new Map<string, RoundFigures[]>(options.targets.map((t) => [t.name, []]));
  const speedups: number[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    const rates = new Map<string, number>();
    for (const target of options.targets) {
      await resetReadings(options.url);
      const latencies: number[] = [];
      const serverCpu = () => {
        const used = target.pid ? processTreeCpuSeconds(target.pid) : { user: 0, system: 0 };
        return used.user + used.system;
      };
      const cpuBefore = { client: process.cpuUsage(), server: serverCpu() };
      const postgresBefore = commandCpuSeconds('postgres');
      const began = performance.now();
      await sendBodies(target.baseUrl, options.ingestToken, bodies, options.inFlight, latencies);
      const seconds = (performance.now() - began) / 1000;
      const client = process.cpuUsage(cpuBefore.client);
      const perRequest = (cpuSeconds: number) =>
        Number(((cpuSeconds * 1000) / bodies.length).toFixed(2));
      latencies.sort((a, b) => a - b);
      const figures = {
        requestsPerSecond: Math.round(bodies.length / seconds),
        p50Ms: Math.round(percentile(latencies, 50)),
        p99Ms: Math.round(percentile(latencies, 99)),
        cpuMsPerRequest: {
          client: perRequest((client.user + client.system) / 1e6),
          server: perRequest(serverCpu() - cpuBefore.server),
          postgres: perRequest(commandCpuSeconds('postgres') - postgresBefore),
        },
      };
      perTarget.get(target.name)?.push(figures);
      rates.set(target.name, figures.requestsPerSecond);
    }
    const [first, second] = options.targets;
    if (first && second)
      speedups.push((rates.get(first.name) ?? 0) / (rates.get(second.name) ?? 1));
  }
  const summary: Record<string, unknown> = {
    requests: bodies.length,
    blocksPerRequest: options.channels,
    inFlight: options.inFlight,
    rounds: options.rounds,
  };
  for (const [name, figures] of perTarget) {
    summary[name] = {
      requestsPerSecond: median(figures.map((f) => f.requestsPerSecond)),
      p50Ms: median(figures.map((f) => f.p50Ms)),
      p99Ms: median(figures.map((f) => f.p99Ms)),
      cpuMsPerRequest: {
        client: median(figures.map((f) => f.cpuMsPerRequest?.client ?? NaN)),
        server: median(figures.map((f) => f.cpuMsPerRequest?.server ?? NaN)),
        postgres: median(figures.map((f) => f.cpuMsPerRequest?.postgres ?? NaN)),
      },
      rounds: figures,
    };
  }
  summary.medianSpeedup = Number(median(speedups).toFixed(2));
  return summary;
}

/**
 * The goal's own terms: gateways sending at `ratePerSecond` in all (open loop, bench-http.ts),
 * each target in turn, `rounds` times; the round with the median p99 is reported per target.
 */
export async function pacedGatewayRounds(options: {
  url: string;
  ingestToken: string;
  blocks: BlockBody[];
  channels: number;
  ratePerSecond: number;
  rounds: number;
  targets: GatewayTarget[];
}) {
  const bodies = ndjsonBodies(options.blocks, options.channels);
  const summary: Record<string, unknown> = {
    requests: bodies.length,
    blocksPerRequest: options.channels,
    targetRequestsPerSecond: options.ratePerSecond,
  };
  const perTarget = new Map<string, RoundFigures[]>(options.targets.map((t) => [t.name, []]));
  for (let round = 0; round < options.rounds; round += 1) {
    for (const target of options.targets) {
      await resetReadings(options.url);
      const paced = await sendPaced(
        target.baseUrl,
        options.ingestToken,
        bodies,
        options.ratePerSecond,
      );
      const latencies = paced.latencies.sort((a, b) => a - b);
      perTarget.get(target.name)?.push({
        requestsPerSecond: Math.round(paced.requestsPerSecond),
        p50Ms: Math.round(percentile(latencies, 50)),
        p99Ms: Math.round(percentile(latencies, 99)),
      });
    }
  }
  for (const [name, figures] of perTarget) {
    const byP99 = [...figures].sort((a, b) => a.p99Ms - b.p99Ms);
    summary[name] = { median: byP99[Math.floor(byP99.length / 2)], rounds: figures };
  }
  return summary;
}
