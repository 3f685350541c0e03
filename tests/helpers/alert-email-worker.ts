// A worker process sending queued alert emails, configured as the server is (loadConfig reads
// SMTP_URL, ALERT_SEND_TIMEOUT_SECONDS, ...), for the test that kills a worker mid-send.
import { createAlertOutlets } from '../../server/alerts/alert-outlets.ts';
import { createAlertsRepository } from '../../server/alerts/alerts-repository.ts';
import { loadConfig } from '../../server/config/config.ts';
import { openDatabase } from '../../server/db/client.ts';

const config = loadConfig(process.env);
const database = openDatabase({ databaseUrl: config.databaseUrl ?? '' });
const outlets = createAlertOutlets(config, database, createAlertsRepository(database.db), {
  queued: true,
  log: (message) => process.stderr.write(`${message}\n`),
});
await outlets.queuedNotifier?.work();
process.stdout.write('working\n');
