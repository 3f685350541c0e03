/**
 * `npm run -s pack-readings`: the migration of stored arrays to packed blocks (issue 34,
 * decision 052) run now, with its progress, on the database the server uses (DATABASE_URL, or
 * the embedded one in DATA_DIR, which must not be open in a running server at the same time).
 * The server runs the same migration itself (pack-stored-arrays-schedule.ts); this command is
 * for watching it, or for an embedded database before the server starts. Stopped (Ctrl-C), it
 * ends after the batch in flight, and the next run takes up what is left.
 */
import { openCommandDatabase } from './cli-database.ts';
import { arraysLeft, packStoredArrays } from './readings/pack-stored-arrays.ts';

const PROGRESS_EVERY_MS = 2000;

const { database } = openCommandDatabase();
let stopping = false;
process.once('SIGINT', () => {
  stopping = true;
});
try {
  const left = await arraysLeft(database.db);
  console.log(
    `${left.blocks} blocks (${left.samples} samples) of streams with a resolution are arrays`,
  );
  const started = performance.now();
  let loggedAt = started;
  const rate = (samples: number) =>
    Math.round(samples / Math.max(0.001, (performance.now() - started) / 1000));
  const totals = await packStoredArrays(database.db, {
    stopped: () => stopping,
    onBatch: ({ blocks, samples, unpackable }) => {
      if (performance.now() - loggedAt < PROGRESS_EVERY_MS) return;
      loggedAt = performance.now();
      const percent = left.samples === 0 ? 100 : Math.round((100 * samples) / left.samples);
      console.log(
        `  ${blocks} blocks, ${samples} samples packed (${percent} %, ${rate(samples)} samples/s), ${unpackable} left as arrays`,
      );
    },
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${totals.finished ? 'Done' : 'Stopped'}: ${totals.blocks} blocks (${totals.samples} samples) packed in ${seconds.toFixed(1)} s (${rate(totals.samples)} samples/s); ${totals.unpackable} blocks could not be packed and stay arrays`,
  );
} finally {
  await database.close();
}
