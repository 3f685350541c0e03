// Run by history-worker.test.ts under tsx, as `npm start` runs the server: writes a short demo
// history with the simulation on a worker thread and prints what it stored as JSON.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../server/db/client.ts';
import { writeDemoHistory } from '../../../server/demo/history-writer.ts';
import { seedDemo } from '../../../server/seed/demo-seed.ts';
import { createSecretBox } from '../../../server/services/secret-box.ts';
import { LIGHT_RATES } from './light-rates.ts';

const database = openDatabase({});
await database.migrate();
await seedDemo(database.db, createSecretBox('parallel-history-run-secret-0123456789'));
const messages: string[] = [];
const result = await writeDemoHistory(database, {
  days: 3,
  rates: LIGHT_RATES,
  parallel: true,
  log: (message) => messages.push(message),
});
const stored = await database.db.execute(
  sql`SELECT coalesce(sum(n), 0)::float8 AS samples FROM readings`,
);
await database.close();
console.log(
  JSON.stringify({
    samples: result.samples,
    stored: (stored as unknown as { rows: { samples: number }[] }).rows[0]?.samples,
    messages,
  }),
);
