import type { SensorStatus } from '../../../domain/enums.ts';
import type { Services } from '../../../server/services.ts';
import { STRAIN_BIN_WIDTH } from '../../../server/fatigue/strain-counting.ts';
import { TrafficStrainGenerator } from '../../../server/sim/traffic-strain.ts';

export const DAY_MS = 86_400_000;
/** Midnight UTC, months in the past, so every day is a whole past day. */
export const START_MS = Date.UTC(2026, 3, 1);

export interface StrainBlock {
  start: number;
  values: number[];
}

/**
 * Traffic strain blocks (60 s at `rateHz`) over [from, to), with an optional gap: what a gauge
 * sends. Values rounded to 1e-3 µε so the stored numbers are the ones the reference counts.
 */
export function trafficBlocks(
  from: number,
  to: number,
  options: { rateHz?: number; gap?: { from: number; to: number }; seed?: number } = {},
): StrainBlock[] {
  const rateHz = options.rateHz ?? 5;
  const generator = new TrafficStrainGenerator({ seed: options.seed ?? 7, rateHz }, from);
  const buffer = new Float64Array(60 * rateHz);
  const blocks: StrainBlock[] = [];
  for (let start = from; start < to; start += 60_000) {
    generator.fill(buffer);
    if (options.gap && start >= options.gap.from && start < options.gap.to) continue;
    blocks.push({ start, values: Array.from(buffer, (v) => Math.round(v * 1000) / 1000) });
  }
  return blocks;
}

/** A bridge with one span and one strain gauge feeding `streamId`, installed 2025-01-01. */
export async function strainBridge(
  services: Services,
  name: string,
  streamId: string,
  status: SensorStatus = 'active',
) {
  const bridge = await services.bridges.create({ name, location: 'Test river' });
  const span = await services.spans.create({ bridgeId: bridge.id, label: 'Span 1', length: 40 });
  const sensor = await services.sensors.create({
    bridgeId: bridge.id,
    spanId: span.id,
    label: `${streamId} gauge`,
    type: 'strain_gauge',
    status,
    installationDate: '2025-01-01',
  });
  const stream = await services.datastreams.create({
    streamId,
    dataType: 'strain',
    sensorIds: [sensor.id],
  });
  return { bridge, span, sensor, datastreamId: stream.id };
}

export async function storeStrain(
  services: Services,
  streamId: string,
  blocks: StrainBlock[],
  rateHz = 5,
) {
  const { ingest } = services;
  for (let i = 0; i < blocks.length; i += 2000) {
    const batch = blocks.slice(i, i + 2000).map((b) => ({
      stream_id: streamId,
      start: new Date(b.start).toISOString(),
      rate_hz: rateHz,
      values: b.values,
    }));
    const result = await ingest.ingest(batch, { anyBridge: true });
    if (result.rejected.length > 0) throw new Error(JSON.stringify(result.rejected[0]));
  }
}

/** The largest stress range of a stored day, in µε. */
export const largest = (bins: [number, number][]) =>
  Math.max(0, ...bins.map(([bin]) => bin * STRAIN_BIN_WIDTH));

/** Σ n·Δε³ of stored days' bins: proportional to the damage on a slope-3 curve. */
export const cubes = (bins: [number, number][]) =>
  bins.reduce((sum, [bin, cycles]) => sum + cycles * (bin * STRAIN_BIN_WIDTH) ** 3, 0);

/** A faulty gauge's blocks: every 50th sample +2,000 µε. */
export const spiked = (b: StrainBlock): StrainBlock => ({
  start: b.start,
  values: b.values.map((v, i) => (i % 50 === 0 ? v + 2000 : v)),
});
