import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Database } from '../../server/db/client.ts';
import { unassignedCompany } from '../../server/repositories/companies-repository.ts';
import { bridges, datastreamSensors, datastreams, sensors, spans } from '../../server/db/schema.ts';
import { type MqttIngestServices, startMqttIngest } from '../../server/ingest/mqtt-subscriber.ts';
import { cpuMeter, percentile } from './bench-stats.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** `bridgeCount` bridges with `channels` accelerometer streams each, straight into the tables. */
export async function fleet(database: Database, bridgeCount: number, channels: number) {
  const { db } = database;
  const topics: { topic: string; streamId: string }[] = [];
  const companyId = await unassignedCompany(db);
  for (let b = 0; b < bridgeCount; b += 1) {
    const [bridge] = await db
      .insert(bridges)
      .values({ companyId, name: `Fleet ${b}`, location: 'Bench' })
      .returning();
    if (!bridge) throw new Error('no bridge');
    const [span] = await db
      .insert(spans)
      .values({ bridgeId: bridge.id, label: 'main', length: 50 })
      .returning();
    if (!span) throw new Error('no span');
    const labels = Array.from({ length: channels }, (_, c) => `fleet-${b}-acc-${c}`);
    const sensorRows = await db
      .insert(sensors)
      .values(
        labels.map((label) => ({
          bridgeId: bridge.id,
          spanId: span.id,
          label,
          type: 'accelerometer',
          status: 'active',
          installationDate: '2020-01-01',
        })),
      )
      .returning();
    const streamRows = await db
      .insert(datastreams)
      .values(
        labels.map((streamId) => ({
          streamId,
          dataType: 'acceleration',
          companyId: bridge.companyId,
        })),
      )
      .returning();
    await db
      .insert(datastreamSensors)
      .values(streamRows.map((s, i) => ({ datastreamId: s.id, sensorId: sensorRows[i]?.id ?? 0 })));
    for (const label of labels)
      topics.push({ topic: `spanwatch/${bridge.id}/${label}`, streamId: label });
  }
  return topics;
}

/** Simulated gateways → Mosquitto → this process's subscriber → PostgreSQL, QoS 1 all the way. */
export async function runMqtt(
  services: MqttIngestServices,
  mqttUrl: string,
  topics: { topic: string; streamId: string }[],
  seconds: number,
  paced: boolean,
  startMs: number,
) {
  const delays: number[] = [];
  const total = topics.length * seconds;
  let committed = 0;
  let lastCommit = 0;
  let firstSent = Infinity;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const suffix = `${process.pid}-${paced ? 'paced' : 'flat'}`;
  const ingest = startMqttIngest(services, {
    url: mqttUrl,
    clientId: `spanwatch-bench-${suffix}`,
    group: `bench-${suffix}`,
    onCommitted(payloads) {
      const now = Date.now();
      for (const payload of payloads) {
        const sent = /"sent_ms":(\d+)/.exec(payload);
        if (sent) {
          delays.push(now - Number(sent[1]));
          firstSent = Math.min(firstSent, Number(sent[1]));
        }
      }
      committed += payloads.length;
      lastCommit = now;
      if (committed >= total) done();
    },
  });
  await ingest.ready;
  const meter = cpuMeter();
  const began = Date.now();
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [
      'tests/bench/mqtt-publisher.ts',
      JSON.stringify({ url: mqttUrl, topics, seconds, startMs, paced }),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const timeout = setTimeout(done, (seconds + 60) * 1000);
  await finished;
  clearTimeout(timeout);
  const cpu = meter();
  child.kill();
  await ingest.stop();
  // Remove the benchmark's persistent session from the broker.
  const mqtt = await import('mqtt');
  const cleaner = await mqtt.default.connectAsync(mqttUrl, {
    clientId: `spanwatch-bench-${suffix}`,
    clean: true,
    protocolVersion: 5,
  });
  await cleaner.endAsync();
  delays.sort((a, b) => a - b);
  return {
    messages: committed,
    expected: total,
    // From the first publish (not from spawning the publisher) to the last commit.
    samplesPerSecond: (committed * 100) / ((lastCommit - Math.max(began, firstSent)) / 1000),
    p50DelayMs: percentile(delays, 50),
    p99DelayMs: percentile(delays, 99),
    ingestCores: cpu.processCores,
    machineBusy: cpu.machineBusy,
  };
}
