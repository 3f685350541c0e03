import { createSensorDisagreementsRepository } from '../repositories/sensor-disagreements-repository.ts';
import { parentPort, workerData } from 'node:worker_threads';
import { type DatabaseLink, openDatabaseLink } from '../db/client.ts';
import { serializeError, type SerializedError } from '../db/pglite-protocol.ts';
import { createAnalysisRepository } from '../analysis/analysis-repository.ts';
import { createFatigueRepository } from '../fatigue/fatigue-repository.ts';
import { createInspectionPhotosRepository } from '../inspections/inspection-photos-repository.ts';
import { createMaintenanceRepository } from '../maintenance/maintenance-repository.ts';
import { createSensorFaultsRepository } from '../repositories/sensor-faults-repository.ts';
import { lowerThreadPriority } from '../threads/lower-priority.ts';
import { gatherReportFacts, type ReportStores } from './report-gather.ts';
import type { ReportMonth } from './report-month.ts';
import { renderReportPdf } from './report-pdf.ts';

// Worker-thread entry (server/threads/start-worker.ts): one report per thread. Reading a month of
// roll-ups and histograms and drawing the PDF happen here, not on the thread that serves HTTP.

export interface ReportTask {
  link: DatabaseLink;
  bridgeId: number;
  month: ReportMonth;
  /** ISO time the request was made (what "the current month" and "generated" refer to). */
  now: string;
}

export type ReportAnswer = { ok: true; pdf: Uint8Array } | { ok: false; error: SerializedError };

lowerThreadPriority();
const task = workerData as ReportTask;
const database = openDatabaseLink(task.link);
// The thread's composition root: its repositories over its own database link, built once.
const stores: ReportStores = {
  db: database.db,
  analysis: createAnalysisRepository(database.db),
  fatigueDetails: createFatigueRepository(database.db),
  maintenance: createMaintenanceRepository(database.db),
  sensorFaults: createSensorFaultsRepository(database.db),
  sensorDisagreements: createSensorDisagreementsRepository(database.db),
  inspectionPhotos: createInspectionPhotosRepository(database.db),
};

async function build(): Promise<Uint8Array<ArrayBuffer>> {
  const facts = await gatherReportFacts(stores, task.bridgeId, task.month, new Date(task.now));
  return new Uint8Array(await renderReportPdf(facts));
}

build()
  .then(
    (pdf) => parentPort?.postMessage({ ok: true, pdf } satisfies ReportAnswer, [pdf.buffer]),
    (error: unknown) =>
      parentPort?.postMessage({ ok: false, error: serializeError(error) } satisfies ReportAnswer),
  )
  .finally(() => void database.close());
