/**
 * Issue 13, finding 1 over MQTT, against a real Mosquitto of the test's own: one bad message
 * never stops the ingest, and once it is a dead letter it is acknowledged, so a restart
 * delivers nothing poisonous again.
 */
import mqtt from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMqttIngest, type MqttIngest } from '../../../server/ingest/mqtt-subscriber.ts';
import { type PrivateBroker, startPrivateBroker } from '../../helpers/private-broker.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';

const PORT = 18840;
let broker: PrivateBroker;
beforeAll(async () => {
  broker = await startPrivateBroker(PORT);
});
afterAll(async () => {
  await broker?.stop();
});

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(drivers)('MQTT ingest with poisoned messages on %s', (kind) => {
  const t = setupTestApp(kind);
  const running: MqttIngest[] = [];
  let publisher: mqtt.MqttClient;
  beforeAll(async () => {
    publisher = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
  });
  afterAll(async () => {
    for (const subscriber of running) await subscriber.kill().catch(() => undefined);
    await publisher?.endAsync();
  });

  async function start(clientId: string) {
    // A group per client: an earlier test's stopped session must not take a share of the messages.
    const subscriber = startMqttIngest(t.services, {
      url: broker.url,
      clientId,
      group: clientId,
    });
    running.push(subscriber);
    await subscriber.ready;
    return subscriber;
  }
  const publish = (topic: string, payload: unknown) =>
    publisher.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), {
      qos: 1,
    });
  const sampleCount = async (id: number) =>
    (await t.services.datastreams.findById(id))?.sampleCount;
  const deadLetters = () => t.services.deadLetters.list();

  it('stores the valid messages around a poisoned one within 2 s; a restart redelivers nothing', async () => {
    const { bridge, stream } = await streamOnBridge(t, `poison-${kind}`);
    const topic = `spanwatch/${bridge.id}/poison-${kind}`;
    const clientId = `poison-${kind}`;
    const first = await start(clientId);
    const [a, b, c] = sineBlocks(`poison-${kind}`, BASE_MS, 3);
    await publish(topic, a);
    await publish(topic, { ts: -8e15, value: 1 });
    await publish(topic, b);
    await until(async () => (await sampleCount(stream.id)) === 200, 'the valid blocks', 2000);
    await until(async () => (await deadLetters()).length === 1, 'the dead letter', 2000);
    const [letter] = await deadLetters();
    expect(letter).toMatchObject({
      source: 'mqtt',
      topic,
      bridgeId: bridge.id,
      streamId: `poison-${kind}`,
    });
    expect(letter?.reason).toMatch(/^time_out_of_range: /);
    expect(JSON.parse(letter?.payload ?? '')).toMatchObject({ ts: -8e15, value: 1 });
    await first.stop();

    const restarted = await start(clientId);
    await publish(topic, c);
    await until(async () => (await sampleCount(stream.id)) === 300, 'a block after restart', 2000);
    expect(restarted.received()).toBe(1);
    expect(await deadLetters()).toHaveLength(1);
    await restarted.stop();
  });

  it('keeps a block for a stream deleted a moment ago as a dead letter, not a retry', async () => {
    const gone = await streamOnBridge(t, `gone-${kind}`);
    const kept = await streamOnBridge(t, `kept-${kind}`);
    const subscriber = await start(`gone-${kind}`);
    const [first, second] = sineBlocks(`gone-${kind}`, BASE_MS, 2);
    await publish(`spanwatch/${gone.bridge.id}/gone-${kind}`, first);
    await until(async () => (await sampleCount(gone.stream.id)) === 100, 'the first block', 2000);
    // Deleted by another process (raw SQL: this process's lookup cache is not told), so the
    // subscriber still knows the stream for its cache's few seconds: only the database refuses.
    await t.services.database.db.execute(sql`DELETE FROM datastreams WHERE id = ${gone.stream.id}`);
    await publish(`spanwatch/${gone.bridge.id}/gone-${kind}`, second);
    await publish(
      `spanwatch/${kept.bridge.id}/kept-${kind}`,
      sineBlocks(`kept-${kind}`, BASE_MS, 1)[0],
    );
    await until(async () => (await sampleCount(kept.stream.id)) === 100, 'the next stream', 2000);
    await until(async () => (await deadLetters()).length === 1, 'the dead letter', 2000);
    const [letter] = await deadLetters();
    expect(letter).toMatchObject({ source: 'mqtt', streamId: `gone-${kind}` });
    expect(letter?.reason).toMatch(/^refused_by_database: .*SQLSTATE 23503/);
    await subscriber.stop();
  });
});
