// npm run bench:fatigue (second part) — rainflow counting from the database path (stored 1 s
// blocks read an hour at a time by server/fatigue/strain-counting.ts, on an in-memory PGlite in
// this process) against counting the same samples in memory; CPU seconds of this process, so
// the database's own work is included. BENCH_DB_HOURS (default 6) of 100 Hz strain.
import { RainflowCounter } from '../../server/analytics/fatigue/rainflow.ts';
import { openDatabase } from '../../server/db/client.ts';
import { countStrainStream, STRAIN_BIN_WIDTH } from '../../server/fatigue/strain-counting.ts';
import { createBridgesRepository } from '../../server/repositories/bridges-repository.ts';
import { createDatastreamsRepository } from '../../server/repositories/datastreams-repository.ts';
import { createSensorsRepository } from '../../server/repositories/sensors-repository.ts';
import { createSpansRepository } from '../../server/repositories/spans-repository.ts';
import { createServices } from '../../server/services.ts';
import { TrafficStrainGenerator } from '../../server/sim/traffic-strain.ts';
import { testConfig } from '../helpers/test-app.ts';
import { fmt } from './bench-stats.ts';

const HOURS = Number(process.env.BENCH_DB_HOURS ?? 6);
const RATE_HZ = 100;
const DAY = Date.parse('2026-11-16T00:00:00Z');
const cpuSeconds = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

const database = openDatabase({});
await database.migrate();
const { db } = database;
const bridge = await createBridgesRepository(db).create({ name: 'Bench', location: 'Bench' });
const span = await createSpansRepository(db).create({
  bridgeId: bridge.id,
  label: 'S1',
  length: 40,
});
const sensor = await createSensorsRepository(db).create({
  bridgeId: bridge.id,
  spanId: span.id,
  label: 'bench-str',
  type: 'strain_gauge',
  status: 'active',
  installationDate: '2025-01-01',
});
const stream = await createDatastreamsRepository(db).create({
  streamId: 'bench-str',
  dataType: 'strain',
  sensorIds: [sensor.id],
});

const generator = new TrafficStrainGenerator({ seed: 19, rateHz: RATE_HZ }, DAY);
const blocks: number[][] = [];
const { ingest } = createServices(testConfig, database);
const buffer = new Float64Array(RATE_HZ);
let batch: unknown[] = [];
for (let s = 0; s < HOURS * 3600; s += 1) {
  generator.fill(buffer);
  const values = Array.from(buffer, (v) => Math.round(v * 1000) / 1000);
  blocks.push(values);
  batch.push({
    stream_id: 'bench-str',
    start: new Date(DAY + s * 1000).toISOString(),
    rate_hz: RATE_HZ,
    values,
  });
  if (batch.length === 3600) {
    await ingest.ingest(batch, { anyBridge: true });
    batch = [];
  }
}
if (batch.length > 0) await ingest.ingest(batch, { anyBridge: true });
const samples = HOURS * 3600 * RATE_HZ;

let cpu = cpuSeconds();
const memory = new RainflowCounter({ binWidth: STRAIN_BIN_WIDTH });
for (const block of blocks) memory.push(block);
const memoryCpu = cpuSeconds() - cpu;

cpu = cpuSeconds();
const counted = await countStrainStream(db, stream.id, DAY + 86_400_000 + 1);
const dbCpu = cpuSeconds() - cpu;
await database.close();

if (counted.daysCounted !== 1)
  throw new Error(`expected one day counted, got ${counted.daysCounted}`);
console.log(
  `Counting ${fmt(samples)} samples (${HOURS} h at 100 Hz, 1 s blocks): in memory ${fmt(samples / memoryCpu)} samples per CPU second; from the database (PGlite in this process, an hour per query) ${fmt(samples / dbCpu)} per CPU second; in memory / database = ${(dbCpu / memoryCpu).toFixed(1)}.`,
);
