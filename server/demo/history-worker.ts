import { parentPort, workerData } from 'node:worker_threads';
import { createHistoryEncoder, historyChunks } from './history-chunks.ts';
import type { DemoRates } from './demo-fleet.ts';
import type { DemoBridgeData } from './demo-streams.ts';

// Simulates and encodes the demo history on a second core while the main thread stores it.
// The main thread asks for each chunk, so at most a couple of encoded chunks wait in memory.

export interface HistoryWorkerInput {
  found: DemoBridgeData[];
  rates: DemoRates;
  start: number;
  end: number;
}

const input = workerData as HistoryWorkerInput;
const encodeChunk = createHistoryEncoder(input.found);
const chunks = historyChunks(input.start, input.end);
let next = 0;

parentPort?.on('message', () => {
  const chunk = chunks[next];
  next += 1;
  if (!chunk) {
    parentPort?.postMessage(null);
    return;
  }
  const batch = encodeChunk(chunk[0], chunk[1]);
  parentPort?.postMessage(batch, [batch.readings.buffer, batch.rollups.buffer]);
});
