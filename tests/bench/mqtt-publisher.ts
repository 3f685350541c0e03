/**
 * Child process of the ingest benchmark: publishes one-second 100 Hz blocks for every stream at
 * QoS 1, paced to real time (each stream one block a second, spread over the second) or flat
 * out. Each payload carries `sent_ms` (ignored by the ingest) for the publish→commit delay.
 */
import mqtt from 'mqtt';

interface Args {
  url: string;
  topics: { topic: string; streamId: string }[];
  seconds: number;
  startMs: number;
  paced: boolean;
}

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const client = await mqtt.connectAsync(args.url, { protocolVersion: 5, clean: true });
const values = Array.from({ length: 100 }, (_, i) => Number(Math.sin(i / 8).toFixed(5)));
const valuesJson = JSON.stringify(values);
const WINDOW = 2000;
let inFlight = 0;
let wake: (() => void) | null = null;

function publish(topic: string, payload: string) {
  inFlight += 1;
  client.publish(topic, payload, { qos: 1 }, () => {
    inFlight -= 1;
    wake?.();
  });
}

const began = Date.now();
for (let second = 0; second < args.seconds; second += 1) {
  const start = new Date(args.startMs + second * 1000).toISOString();
  for (const [index, { topic }] of args.topics.entries()) {
    if (args.paced) {
      const due = began + second * 1000 + (index / args.topics.length) * 1000;
      const wait = due - Date.now();
      if (wait > 2) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    while (inFlight >= WINDOW) await new Promise<void>((resolve) => (wake = resolve));
    publish(
      topic,
      `{"start":"${start}","rate_hz":100,"sent_ms":${Date.now()},"values":${valuesJson}}`,
    );
  }
}
while (inFlight > 0) await new Promise<void>((resolve) => (wake = resolve));
process.stdout.write(JSON.stringify({ publishSeconds: (Date.now() - began) / 1000 }));
await client.endAsync();
