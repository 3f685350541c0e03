import type { Database } from '../db/client.ts';
import { restoreError } from '../db/pglite-protocol.ts';
import { startWorker } from '../threads/start-worker.ts';
import { createWorkQueue } from '../threads/work-queue.ts';
import type { ReportMonth } from './report-month.ts';
import type { ReportAnswer, ReportTask } from './report-thread.ts';

/**
 * One report is built at a time per process and a few wait their turn: each holds a thread, a
 * database link and a PDF in memory, so a burst of requests must not start a thread apiece.
 * Beyond the waiting ones the call throws QueueFull (the handler answers 503).
 */
const reportQueue = createWorkQueue({ concurrency: 1, maxWaiting: 4 });

/**
 * Builds a bridge's monthly report on a worker thread of its own and returns the PDF. Reports are
 * asked for a few times a month, so a thread per report costs less than keeping one alive, and
 * a report never waits behind an analysis on the analysis thread.
 */
export function buildReportOffThread(
  database: Database,
  bridgeId: number,
  month: ReportMonth,
  now: Date,
): Promise<Buffer> {
  return reportQueue.run(() => buildOnThread(database, bridgeId, month, now));
}

async function buildOnThread(
  database: Database,
  bridgeId: number,
  month: ReportMonth,
  now: Date,
): Promise<Buffer> {
  const link = await database.link();
  const task: ReportTask = { link, bridgeId, month, now: now.toISOString() };
  const thread = startWorker('report', {
    workerData: task,
    transferList: link.kind === 'pglite' ? [link.port] : [],
  });
  try {
    const answer = await new Promise<ReportAnswer>((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
      thread.once('exit', (code) =>
        reject(new Error(`the report thread stopped (exit code ${code})`)),
      );
    });
    if (!answer.ok) throw restoreError(answer.error);
    return Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
  } finally {
    await thread.terminate();
  }
}

/** Monthly reports of the process's database, built off the event loop. */
export function createReportService(database: Database) {
  return {
    build: (bridgeId: number, month: ReportMonth, now: Date) =>
      buildReportOffThread(database, bridgeId, month, now),
  };
}

export type ReportService = ReturnType<typeof createReportService>;
