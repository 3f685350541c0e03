import type { Database } from '../db/client.ts';
import { createBulkBlockWriter, type EncodedBatch } from '../readings/bulk-block-writer.ts';
import { DEMO_RATES, type DemoRates } from './demo-fleet.ts';
import { findDemoBridges } from './demo-streams.ts';
import { createHistoryEncoder, historyChunks } from './history-chunks.ts';
import type { HistoryWorkerInput } from './history-worker.ts';
import { startWorker } from '../threads/start-worker.ts';

export interface HistoryOptions {
  days: number;
  rates?: DemoRates;
  log?: (message: string) => void;
  /** Simulate on a worker thread while the main thread stores (falls back to one thread). */
  parallel?: boolean;
}

export interface HistoryResult {
  samples: number;
  bridges: string[];
}

function* inlineChunks(input: HistoryWorkerInput): Generator<EncodedBatch> {
  const encodeChunk = createHistoryEncoder(input.found);
  for (const [from, to] of historyChunks(input.start, input.end)) yield encodeChunk(from, to);
}

/** The worker's chunks, two requested ahead; throws when the worker fails. */
async function* workerChunks(input: HistoryWorkerInput): AsyncGenerator<EncodedBatch> {
  const worker = startWorker('history', { workerData: input });
  const arrived: (EncodedBatch | null)[] = [];
  let waiting: ((batch: EncodedBatch | null) => void) | null = null;
  let failure: Error | null = null;
  const deliver = (batch: EncodedBatch | null) => {
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(batch);
    } else arrived.push(batch);
  };
  worker.on('message', (batch: EncodedBatch | null) => deliver(batch));
  worker.on('error', (error) => {
    failure = error;
    deliver(null);
  });
  worker.on('exit', () => deliver(null));
  const receive = () =>
    arrived.length > 0
      ? Promise.resolve(arrived.shift() ?? null)
      : new Promise<EncodedBatch | null>((resolve) => (waiting = resolve));
  try {
    worker.postMessage('next');
    worker.postMessage('next');
    for (;;) {
      const batch = await receive();
      if (failure) throw failure;
      if (batch === null) return;
      worker.postMessage('next');
      yield batch;
    }
  } finally {
    await worker.terminate();
  }
}

async function* encodedChunks(
  input: HistoryWorkerInput,
  parallel: boolean,
  log: (message: string) => void,
): AsyncGenerator<EncodedBatch> {
  if (!parallel) return yield* inlineChunks(input);
  let delivered = 0;
  try {
    for await (const batch of workerChunks(input)) {
      delivered += 1;
      yield batch;
    }
  } catch (error) {
    // A runtime without TypeScript workers (a test runner) still gets its history, on one thread.
    if (delivered > 0) throw error;
    log(`  (simulating on the main thread: ${error instanceof Error ? error.message : error})`);
    yield* inlineChunks(input);
  }
}

/**
 * Simulates and stores the demo bridges' last `days` days, up to the moment they were seeded:
 * duty-cycled accelerometers and continuous strain and temperature, with the scenarios' cold
 * spell, damage and sensor faults. Meant for a freshly seeded database (see the bulk writer).
 */
export async function writeDemoHistory(
  database: Database,
  options: HistoryOptions,
): Promise<HistoryResult> {
  const rates = options.rates ?? DEMO_RATES;
  const log = options.log ?? (() => undefined);
  const found = await findDemoBridges(database.db, options.days, rates);
  if (options.days <= 0 || found.length === 0) return { samples: 0, bridges: [] };
  // The detailed bridges' longer history sets the start; light ones join later (history-chunks).
  const start = Math.min(...found.map((d) => d.timeline.start));
  const end = Math.max(...found.map((d) => d.timeline.end));
  const names = found.map((d) => d.bridge.name);
  log(`Writing ${options.days} days of demo sensor history for ${names.join(', ')}...`);
  const writer = createBulkBlockWriter(database);
  const input: HistoryWorkerInput = { found, rates, start, end };

  let samples = 0;
  let reportedDay = 0;
  for await (const batch of encodedChunks(input, options.parallel ?? false, log)) {
    samples += await writer.writeEncoded(batch);
    const day = Math.floor((batch.lastMs - start) / 86_400_000);
    if (day >= reportedDay + 10) {
      reportedDay = day;
      log(`  demo history: ${day} of ${options.days} days stored`);
    }
  }
  await writer.finish();
  log(`  demo history: ${options.days} of ${options.days} days stored`);
  return { samples, bridges: names };
}
