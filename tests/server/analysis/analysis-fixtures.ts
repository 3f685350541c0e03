import { simulateBlocks } from '../../../server/sim/bridge-simulator.ts';
import type { BridgeScenario, DamageSpec } from '../../../server/sim/scenario.ts';
import { createScenario } from '../../../server/sim/scenarios.ts';
import type { Services } from '../../../server/services.ts';
import { drivers } from '../../helpers/test-database.ts';

export const DAY_MS = 86_400_000;
/** Midnight UTC, well in the past, so no sample is "from the future". */
export const START_MS = Date.UTC(2026, 3, 1);
const MINUTE_MS = 60_000;
const BURST_EVERY_MS = 10 * MINUTE_MS;

const SENSOR_TYPE: Record<string, string> = {
  acceleration: 'accelerometer',
  strain: 'strain_gauge',
  displacement: 'displacement',
  temperature: 'temperature',
};

/**
 * A small two-span bridge as the demo feeds it: accelerometers duty-cycled (a 60-second burst
 * at 10 Hz at each 10-minute boundary), strain and displacement at 0.2 Hz, temperature once a
 * minute. Low rates keep a week of history to seconds of simulation and storage.
 */
export function testScenario(
  prefix: string,
  damage: DamageSpec[] = [],
  accelerationRateHz = 10,
): BridgeScenario {
  const base = createScenario({ seed: 11, prefix, spans: 2, accelerationRateHz, damage });
  const keep = [`${prefix}-s1-acc`, `${prefix}-s2-acc`, `${prefix}-s1-str`, `${prefix}-s2-disp`];
  return {
    ...base,
    streams: base.streams
      .filter((s) => keep.includes(s.id) || s.dataType === 'temperature')
      .map((s) =>
        s.dataType === 'strain' || s.dataType === 'displacement' ? { ...s, rateHz: 0.2 } : s,
      ),
  };
}

function* scenarioBlocks(scenario: BridgeScenario, from: number, to: number) {
  const bursty = scenario.streams.filter((s) => s.dataType === 'acceleration').map((s) => s.id);
  const steady = scenario.streams.filter((s) => !bursty.includes(s.id)).map((s) => s.id);
  yield* simulateBlocks(scenario, { from, to, blockSeconds: 600, streams: steady });
  for (let burst = from; burst < to; burst += BURST_EVERY_MS) {
    yield* simulateBlocks(scenario, {
      from: burst,
      to: burst + MINUTE_MS,
      blockSeconds: 60,
      streams: bursty,
    });
  }
}

/** Creates the bridge, its spans, sensors and data streams, and stores [from, to) of data. */
export async function simulatedBridge(
  services: Services,
  options: { name: string; scenario: BridgeScenario; from?: number; days: number },
) {
  const bridge = await services.bridges.create({ name: options.name, location: 'Test river' });
  const spanIds = new Map<string, number>();
  for (const span of options.scenario.spans) {
    const row = await services.spans.create({ bridgeId: bridge.id, label: span.id, length: 35 });
    spanIds.set(span.id, row.id);
  }
  const sensors = new Map<string, number>();
  for (const stream of options.scenario.streams) {
    const sensor = await services.sensors.create({
      bridgeId: bridge.id,
      spanId: spanIds.get(stream.span) ?? 0,
      label: stream.id,
      type: SENSOR_TYPE[stream.dataType] ?? 'accelerometer',
      status: 'active',
      installationDate: '2025-01-01',
    });
    sensors.set(stream.id, sensor.id);
    await services.datastreams.create({
      streamId: stream.id,
      dataType: stream.dataType,
      sensorIds: [sensor.id],
    });
  }
  const from = options.from ?? START_MS;
  await storeData(services, options.scenario, from, from + options.days * DAY_MS);
  return { bridge, sensors, from, to: from + options.days * DAY_MS };
}

/** One ingest item as storeData sends it. */
interface StoredBlock {
  stream_id: string;
  start: string;
  rate_hz: number;
  values: readonly number[];
}

/** The ingest's batch size: 5,000 blocks. */
const BATCH_BLOCKS = 5000;

/**
 * The batches of a scenario's [from, to), kept for the next file of this worker that asks:
 * an API test file stores the same bridges once per database (PGlite, then PostgreSQL), and the
 * simulation, deterministic for the scenario and interval, cost about as much CPU as the ingest
 * of what it made (decision 033, 2026-11-30). An entry is dropped once each database has taken
 * it, and at most `KEPT` stay (a 9-day bridge is about 2 M values, 20 MB): the worker's files
 * share its memory (isolate: false). The batches are frozen, so an ingest that changed what it
 * was given would throw here instead of storing other data on the second database.
 */
const simulated = new Map<string, { batches: readonly (readonly StoredBlock[])[]; uses: number }>();
const KEPT = 6;

function simulatedBatches(scenario: BridgeScenario, from: number, to: number) {
  const key = JSON.stringify([scenario, from, to]);
  const kept = simulated.get(key);
  if (kept) {
    kept.uses += 1;
    if (kept.uses >= drivers.length) simulated.delete(key);
    return kept.batches;
  }
  const batches: StoredBlock[][] = [[]];
  for (const block of scenarioBlocks(scenario, from, to)) {
    // Five decimals is finer than the sensors' noise and halves what the database parses.
    const values = Object.freeze(block.values.map((v) => Math.round(v * 1e5) / 1e5));
    let batch = batches.at(-1) ?? [];
    if (batch.length >= BATCH_BLOCKS) batches.push((batch = []));
    batch.push(
      Object.freeze({
        stream_id: block.stream,
        start: block.start,
        rate_hz: block.rate_hz,
        values,
      }),
    );
  }
  const frozen = Object.freeze(batches.map((batch) => Object.freeze(batch)));
  if (drivers.length > 1) {
    simulated.set(key, { batches: frozen, uses: 1 });
    for (const old of simulated.keys()) {
      if (simulated.size <= KEPT) break;
      simulated.delete(old);
    }
  }
  return frozen;
}

export async function storeData(
  services: Services,
  scenario: BridgeScenario,
  from: number,
  to: number,
): Promise<void> {
  for (const batch of simulatedBatches(scenario, from, to)) {
    if (batch.length === 0) continue;
    const result = await services.ingest.ingest([...batch], { anyBridge: true });
    if (result.rejected.length > 0) throw new Error(JSON.stringify(result.rejected[0]));
  }
}
