import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { startMqttIngest, type MqttIngest } from '../../../server/ingest/mqtt-subscriber.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';

const MQTT_URL = 'mqtt://127.0.0.1:1883';

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(drivers)('MQTT ingest on %s', (kind) => {
  const t = setupTestApp(kind);
  // Unique per run: other processes may share the broker.
  const suffix = randomBytes(4).toString('hex');
  const clientId = `spanwatch-test-${suffix}`;
  const group = `test-${suffix}`;
  const publisher = mqtt.connect(MQTT_URL, { protocolVersion: 5 });
  const running: MqttIngest[] = [];

  async function start(batchMs = 20) {
    const subscriber = startMqttIngest(t.services, {
      url: MQTT_URL,
      clientId,
      group,
      batchMs,
    });
    running.push(subscriber);
    await subscriber.ready;
    return subscriber;
  }

  afterAll(async () => {
    for (const subscriber of running) await subscriber.kill().catch(() => undefined);
    await publisher.endAsync();
    // Leave no persistent session behind on the shared broker.
    const cleaner = await mqtt.connectAsync(MQTT_URL, {
      clientId,
      clean: true,
      protocolVersion: 5,
    });
    await cleaner.endAsync();
  });

  const sampleCount = async (id: number) =>
    (await t.services.datastreams.findById(id))?.sampleCount;

  async function publishBlocks(bridgeId: number, label: string, from: number, n: number) {
    for (const block of sineBlocks(label, BASE_MS + from * 1000, n)) {
      await publisher.publishAsync(`spanwatch/${bridgeId}/${label}`, JSON.stringify(block), {
        qos: 1,
      });
    }
  }

  it('stores what was sent while the ingest was stopped or crashed, without loss', async () => {
    const label = `mqtt-${suffix}`;
    const { bridge, stream } = await streamOnBridge(t, label);
    const first = await start();
    await publishBlocks(bridge.id, label, 0, 5);
    await until(async () => (await sampleCount(stream.id)) === 500, '5 blocks');
    await first.stop();

    await publishBlocks(bridge.id, label, 5, 10);
    // A crash: the blocks reach the process but are never committed nor acknowledged.
    const crashing = await start(60_000);
    await until(() => crashing.received() === 10, 'delivery of the queued blocks');
    await crashing.kill();
    expect(await sampleCount(stream.id)).toBe(500);

    const restarted = await start();
    await until(async () => (await sampleCount(stream.id)) === 1500, 'redelivery');
    await restarted.stop();
    const series = await t.services.readingsQuery.series(stream.id, BASE_MS, BASE_MS + 15_000, 15);
    expect(series.points.map((p) => p.count)).toEqual(new Array(15).fill(100));
  });

  it('keeps every invalid message as a dead letter with its reason', async () => {
    const label = `dead-${suffix}`;
    const { bridge } = await streamOnBridge(t, label);
    const subscriber = await start();
    const [good] = sineBlocks(label, BASE_MS, 1);
    const sends: [string, string][] = [
      [`spanwatch/${bridge.id}/${label}`, '{oops'],
      [
        `spanwatch/${bridge.id}/nowhere-${suffix}`,
        JSON.stringify({ ...good, stream_id: undefined }),
      ],
      [`spanwatch/${bridge.id}/${label}`, JSON.stringify({ ...good, values: [1, null] })],
      [`spanwatch/not-a-bridge/${label}`, JSON.stringify(good)],
      [`spanwatch/${bridge.id + 1000}/${label}`, JSON.stringify(good)],
    ];
    for (const [topic, payload] of sends) await publisher.publishAsync(topic, payload, { qos: 1 });
    const letters = t.services.deadLetters;
    const ours = async () =>
      (await letters.list()).filter((l) => l.topic?.includes(suffix) || l.topic?.endsWith(label));
    await until(async () => (await ours()).length === sends.length, 'dead letters');
    await subscriber.stop();
    const reasons = (await ours()).map((l) => l.reason.split(':')[0]).sort();
    expect(reasons).toEqual(
      [
        'invalid_item',
        'unknown_stream',
        'non_finite_value',
        'invalid_topic',
        'unknown_stream',
      ].sort(),
    );
    expect((await ours()).find((l) => l.reason.startsWith('invalid_item'))?.payload).toBe('{oops');
  });
});
