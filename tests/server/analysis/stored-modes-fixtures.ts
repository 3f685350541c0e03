// A bridge whose main span carries decision 046's 11 vertical accelerometers, fed with windows
// of the 20-element beam's simulated accelerations (issue 31's simulator).
import { asc, eq } from 'drizzle-orm';
import { identifiedModes } from '../../../server/db/schema.ts';
import { trafficAndWindForces } from '../../../server/sim/beam-loads.ts';
import type { BeamModel } from '../../../server/sim/beam-model.ts';
import { simulateAccelerations } from '../../../server/sim/modal-response.ts';
import type { Schemas } from '../../../server/contract-types.ts';
import type { Services } from '../../../server/services.ts';
import type { TestContext } from '../../helpers/test-app.ts';
import { BEAM_SENSORS_M, BEAM_SPAN_M } from '../../helpers/beam-windows.ts';

export const MODAL_RATE_HZ = 50;
export const MODAL_WINDOW_MS = 600_000;
const BLOCK_SECONDS = 60;

export async function beamBridge(services: Services, name: string) {
  const bridge = await services.bridges.create({ name, location: 'Test river' });
  const span = await services.spans.create({
    bridgeId: bridge.id,
    label: 'main',
    length: BEAM_SPAN_M,
  });
  const streams: string[] = [];
  for (const [k, chainageM] of BEAM_SENSORS_M.entries()) {
    const sensor = await services.sensors.create({
      bridgeId: bridge.id,
      spanId: span.id,
      label: `acc-${k + 1}`,
      type: 'accelerometer',
      status: 'active',
      installationDate: '2025-01-01',
      chainageM,
      direction: 'vertical',
    });
    const streamId = `${name.toLowerCase().replaceAll(' ', '-')}-acc-${k + 1}`;
    await services.datastreams.create({
      streamId,
      dataType: 'acceleration',
      sensorIds: [sensor.id],
    });
    streams.push(streamId);
  }
  return { bridge, span, streams };
}

/**
 * One 10-minute window at 50 Hz from `startMs` (traffic and wind, 2 % noise, the seeds of
 * beam-windows.ts), ingested as one-minute blocks; `modes` keeps only the lowest modes excited;
 * `rateHz` and `seconds` record less (a slower or shorter record from the window's start).
 */
export async function ingestBeamWindow(
  services: Services,
  streams: readonly string[],
  model: BeamModel,
  options: { startMs: number; seed: number; modes?: number; rateHz?: number; seconds?: number },
): Promise<void> {
  const rateHz = options.rateHz ?? MODAL_RATE_HZ;
  const samples = rateHz * (options.seconds ?? MODAL_WINDOW_MS / 1000);
  const kept = options.modes ?? model.frequenciesHz.length;
  const structure = {
    frequenciesHz: model.frequenciesHz.slice(0, kept),
    dampingRatios: model.dampingRatios.slice(0, kept),
    shapes: model.shapes.slice(0, kept),
  };
  const modalForces = trafficAndWindForces(model, {
    spanM: BEAM_SPAN_M,
    rateHz,
    samples,
    seed: options.seed,
    vehiclesPerMinute: 6,
    windShare: 0.05,
  }).slice(0, kept);
  const record = simulateAccelerations(structure, {
    rateHz,
    samples,
    noise: 0.02,
    seed: options.seed + 7919,
    modalForces,
  });
  const perBlock = rateHz * BLOCK_SECONDS;
  const batch: unknown[] = [];
  record.forEach((channel, c) => {
    for (let b = 0; b * perBlock < samples; b += 1) {
      batch.push({
        stream_id: streams[c],
        start: new Date(options.startMs + b * BLOCK_SECONDS * 1000).toISOString(),
        rate_hz: rateHz,
        values: Array.from(channel.subarray(b * perBlock, (b + 1) * perBlock), (v) =>
          Number(v.toPrecision(7)),
        ),
      });
    }
  });
  const result = await services.ingest.ingest(batch, { anyBridge: true });
  if (result.rejected.length > 0) throw new Error(JSON.stringify(result.rejected[0]));
}

/** `GET /api/v1/bridges/{id}/modes` as platform staff (decision 059). */
export async function modesAnswer(t: TestContext, bridgeId: number) {
  const staff = await t.createUser({ staff: true });
  return t.request<Schemas['BridgeModes']>({
    method: 'GET',
    url: `/api/v1/bridges/${bridgeId}/modes`,
    token: staff.token,
  });
}

/** A bridge's stored mode rows, window by window, each window's by position. */
export async function storedRows(t: Pick<TestContext, 'services'>, bridgeId: number) {
  return t.services.database.db
    .select()
    .from(identifiedModes)
    .where(eq(identifiedModes.bridgeId, bridgeId))
    .orderBy(asc(identifiedModes.windowStart), asc(identifiedModes.position));
}
