import type { TestContext } from './test-app.ts';

let counter = 0;

/** A bridge with a span, an accelerometer and a data stream fed by it. */
export async function streamOnBridge(t: Pick<TestContext, 'services'>, label?: string) {
  counter += 1;
  const bridge = await t.services.bridges.create({
    name: `Ingest Bridge ${counter}`,
    location: 'Test river',
  });
  const span = await t.services.spans.create({ bridgeId: bridge.id, label: 'main', length: 40 });
  const sensor = await t.services.sensors.create({
    bridgeId: bridge.id,
    spanId: span.id,
    label: `acc-${counter}`,
    type: 'accelerometer',
    status: 'active',
    installationDate: '2025-01-01',
  });
  const stream = await t.services.datastreams.create({
    streamId: label ?? `acc-stream-${counter}`,
    dataType: 'acceleration',
    sensorIds: [sensor.id],
  });
  return { bridge, sensor, stream };
}

export interface BlockBody {
  stream_id: string;
  start: string;
  rate_hz: number;
  values: number[];
}

/**
 * `count` consecutive blocks of `blockSeconds` at `rateHz`, values a deterministic sine (so
 * tests and benchmarks do not depend on the simulator), starting at `startMs`.
 */
export function sineBlocks(
  streamId: string,
  startMs: number,
  count: number,
  rateHz = 100,
  blockSeconds = 1,
): BlockBody[] {
  const perBlock = Math.round(rateHz * blockSeconds);
  return Array.from({ length: count }, (_, b) => ({
    stream_id: streamId,
    start: new Date(startMs + b * blockSeconds * 1000).toISOString(),
    rate_hz: rateHz,
    values: Array.from({ length: perBlock }, (_, i) =>
      Number(Math.sin((2 * Math.PI * (b * perBlock + i)) / 50).toFixed(6)),
    ),
  }));
}

export const HOUR_MS = 60 * 60 * 1000;
/** A fixed hour well in the past, so "future time" never interferes. */
export const BASE_MS = Date.UTC(2026, 9, 1, 12, 0, 0);
