/**
 * The gateways of `npm run bench:fleet`: every bridge's gateway sends once a second, at its own
 * offset within the second, what its sensors measured in that second. Accelerometers record
 * 100 Hz in bursts (10 s in every minute, as a traffic-triggered logger does), strain gauges
 * 10 Hz all the time, thermometers one reading a minute.
 */
import mqtt from 'mqtt';
import type { FleetBridge, FleetStream } from './fleet-setup.ts';

const BURST_SECONDS = 10;
const BURST_EVERY_SECONDS = 60;

export interface GatewayBlock {
  stream: FleetStream;
  block: { start: string; rate_hz: number; values: number[] };
}

const wave = (seed: number, n: number, scale: number) =>
  Array.from({ length: n }, (_, i) => Number((Math.sin((seed + i) / 7) * scale).toFixed(4)));

/** What bridge number `b` sends for second `s` (seconds since the run's start time). */
export function blocksOf(bridge: FleetBridge, b: number, s: number, t0Ms: number): GatewayBlock[] {
  const start = new Date(t0Ms + s * 1000).toISOString();
  const phase = (s + b * 7) % BURST_EVERY_SECONDS;
  const out: GatewayBlock[] = [];
  for (const stream of bridge.streams) {
    if (stream.kind === 'strain')
      out.push({ stream, block: { start, rate_hz: 10, values: wave(s * 10 + b, 10, 40) } });
    else if (stream.kind === 'acceleration' && phase < BURST_SECONDS)
      out.push({ stream, block: { start, rate_hz: 100, values: wave(s * 100 + b, 100, 0.02) } });
    else if (stream.kind === 'temperature' && phase === 0)
      out.push({ stream, block: { start, rate_hz: 1 / 60, values: [12 + (b % 10) / 10] } });
  }
  return out;
}

export const samplesOf = (blocks: GatewayBlock[]) =>
  blocks.reduce((sum, { block }) => sum + block.values.length, 0);

/** One HTTP gateway second: one request, answered once committed (its latency is the delay). */
export async function sendHttp(
  baseUrl: string,
  bridge: FleetBridge,
  blocks: GatewayBlock[],
): Promise<{ ms: number; ok: boolean }> {
  const began = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/ingest`, {
    method: 'POST',
    headers: { 'x-ingest-token': bridge.token ?? '', 'content-type': 'application/json' },
    body: JSON.stringify(
      blocks.map(({ stream, block }) => ({ stream_id: stream.label, ...block })),
    ),
  });
  const body = (await response.json()) as { rejected?: unknown[] };
  return {
    ms: performance.now() - began,
    ok: response.ok && (body.rejected?.length ?? 0) === 0,
  };
}

/** MQTT gateways share one connection here (the broker's cost per message is the same). */
export async function connectPublisher(url: string) {
  const client = await mqtt.connectAsync(url, { protocolVersion: 5, clean: true });
  return {
    /** One message per stream (the topic names it), QoS 1 as gateways send. */
    publish(bridge: FleetBridge, blocks: GatewayBlock[]): Promise<void> {
      return Promise.all(
        blocks.map(({ stream, block }) =>
          client.publishAsync(`spanwatch/${bridge.id}/${stream.label}`, JSON.stringify(block), {
            qos: 1,
          }),
        ),
      ).then(() => undefined);
    },
    close: () => client.endAsync(),
  };
}
