// A worker process that takes one analysis job and never finishes it, for the test of a worker
// that dies mid-job: the test kills it with SIGKILL once it says which bridge it holds.
import { openDatabase } from '../../server/db/client.ts';
import { createAnalysisRepository } from '../../server/analysis/analysis-repository.ts';
import { createPgBossJobs } from '../../server/analysis/pg-boss-jobs.ts';

const database = openDatabase({ databaseUrl: process.env.DATABASE_URL ?? '' });
const jobs = createPgBossJobs(database, createAnalysisRepository(database.db), {
  pollingIntervalSeconds: 0.5,
});
await jobs.start(async ({ bridgeId }) => {
  process.stdout.write(`holding bridge ${bridgeId}\n`);
  await new Promise(() => undefined);
});
