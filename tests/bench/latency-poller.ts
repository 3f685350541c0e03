import { spawn } from 'node:child_process';
import path from 'node:path';
import { percentile } from './bench-stats.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** One polled URL's answers: latency of each request, and when each answer arrived. */
export interface PollSeries {
  label: string;
  latencies: number[];
  arrivals: number[];
  failures: number;
}

export interface LatencySummary {
  label: string;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** Requests that took longer than one second (the goal allows none). */
  overOneSecond: number;
  /** The longest time without any answer, from the first request to the last answer. */
  longestGap: number;
  failures: number;
}

/**
 * Sends a request to every target every `everyMs` on a fixed clock, never waiting for the
 * previous answer: a stalled server shows as many slow requests, not as one (coordinated
 * omission). Requests still open when the time is up are awaited, up to `drainMs`, and an
 * unanswered one counts with the time it waited.
 */
export async function pollTargets(
  targets: { label: string; url: string; headers?: Record<string, string> }[],
  options: { everyMs: number; durationMs: number; drainMs?: number },
): Promise<PollSeries[]> {
  const series = targets.map((t) => ({
    label: t.label,
    latencies: [] as number[],
    arrivals: [] as number[],
    failures: 0,
  }));
  const open = new Set<Promise<void>>();
  const started = performance.now();
  const send = (index: number) => {
    const target = targets[index];
    const into = series[index];
    if (!target || !into) return;
    const sentAt = performance.now();
    const request = fetch(target.url, {
      ...(target.headers ? { headers: target.headers } : {}),
      signal: AbortSignal.timeout(options.durationMs + (options.drainMs ?? 60_000)),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) into.failures += 1;
      })
      .catch(() => {
        into.failures += 1;
      })
      .finally(() => {
        const now = performance.now();
        into.latencies.push(now - sentAt);
        into.arrivals.push(now - started);
        open.delete(request);
      });
    open.add(request);
  };
  for (let tick = 0; tick * options.everyMs < options.durationMs; tick += 1) {
    const due = started + tick * options.everyMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    targets.forEach((_, index) => send(index));
  }
  await Promise.all([...open]);
  return series;
}

export function summarise(series: PollSeries): LatencySummary {
  const sorted = [...series.latencies].sort((a, b) => a - b);
  const arrivals = [...series.arrivals].sort((a, b) => a - b);
  let longestGap = arrivals[0] ?? 0;
  for (let i = 1; i < arrivals.length; i += 1) {
    longestGap = Math.max(longestGap, (arrivals[i] ?? 0) - (arrivals[i - 1] ?? 0));
  }
  return {
    label: series.label,
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    overOneSecond: sorted.filter((ms) => ms > 1000).length,
    longestGap,
    failures: series.failures,
  };
}

/**
 * Polls `url` as pollTargets does, from a process of its own, so the caller's own work cannot
 * delay the requests or their answers' handling. `polling` resolves once the poller runs.
 */
export function pollInOwnProcess(url: string, options: { everyMs: number; durationMs: number }) {
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['tests/bench/health-poller-main.ts', JSON.stringify({ url, ...options })],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let printed = '';
  let started: () => void = () => undefined;
  const polling = new Promise<void>((resolve) => (started = resolve));
  const series = new Promise<PollSeries>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.startsWith('polling\n')) started();
    });
    child.once('exit', (code) => {
      const last = printed.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as PollSeries);
      else reject(new Error(`the health poller exited with ${code}: ${printed}`));
    });
  });
  return { polling, series };
}
