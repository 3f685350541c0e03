import { simulateBlocks } from '../../../server/sim/bridge-simulator.ts';
import type { BridgeScenario, DamageSpec } from '../../../server/sim/scenario.ts';
import { createScenario } from '../../../server/sim/scenarios.ts';
import type { Services } from '../../../server/services.ts';

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

export async function storeData(
  services: Services,
  scenario: BridgeScenario,
  from: number,
  to: number,
): Promise<void> {
  const { ingest } = services;
  let batch: unknown[] = [];
  const flush = async () => {
    const result = await ingest.ingest(batch, { anyBridge: true });
    if (result.rejected.length > 0) throw new Error(JSON.stringify(result.rejected[0]));
    batch = [];
  };
  for (const block of scenarioBlocks(scenario, from, to)) {
    // Five decimals is finer than the sensors' noise and halves what the database parses.
    const values = block.values.map((v) => Math.round(v * 1e5) / 1e5);
    batch.push({ stream_id: block.stream, start: block.start, rate_hz: block.rate_hz, values });
    if (batch.length >= 5000) await flush();
  }
  if (batch.length > 0) await flush();
}
