/**
 * Issue 13, finding 1 over MQTT, against a real Mosquitto of the test's own: one bad message
 * never stops the ingest, and once it is a dead letter it is acknowledged, so a restart
 * delivers nothing poisonous again. Issue 37, finding 1: one message can never freeze the
 * server: a message of too many items is a dead letter at once, and one whose storing keeps
 * failing is dead-lettered and acknowledged after a bounded number of tries, with readiness
 * saying so meanwhile.
 */
import mqtt from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMqttIngest, type MqttIngest } from '../../../server/ingest/mqtt-subscriber.ts';
import { type PrivateBroker, startPrivateBroker } from '../../helpers/private-broker.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';
import { until } from '../../helpers/until.ts';
import { createReadinessProbe } from '../../../server/ops/readiness.ts';
import { MAX_ITEMS_PER_BATCH } from '../../../server/readings/block-limits.ts';

const PORT = 18840;
let broker: PrivateBroker;
beforeAll(async () => {
  broker = await startPrivateBroker(PORT);
});
afterAll(async () => {
  await broker?.stop();
});

/** The longest the event loop went without running a 10 ms interval while `work` ran. */
async function longestStall(work: () => Promise<void>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const interval = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(interval);
  }
  return longest;
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

  it('dead-letters a 1 MB message of 209,715 nulls at once and stores the next message', async () => {
    const { bridge, stream } = await streamOnBridge(t, `nulls-${kind}`);
    const topic = `spanwatch/${bridge.id}/nulls-${kind}`;
    const subscriber = await start(`nulls-${kind}`);
    // The first store warms the embedded database up; that is not what is measured.
    const [first, second] = sineBlocks(`nulls-${kind}`, BASE_MS, 2);
    await publish(topic, first);
    await until(async () => (await sampleCount(stream.id)) === 100, 'the first block', 3000);
    const nulls = `[${Array.from({ length: 209_715 }, () => 'null').join(',')}]`;
    expect(nulls.length).toBeGreaterThan(1_000_000);

    const stall = await longestStall(async () => {
      await publish(topic, nulls);
      await publish(topic, second);
      await until(async () => (await sampleCount(stream.id)) === 200, 'the valid block', 3000);
    });
    // Before issue 37 each try blocked the loop about 12 s. A second is far from that and still
    // clear of what a loaded CI machine adds to a 10 ms timer (200 ms was once exceeded there).
    expect(stall).toBeLessThan(1000);
    // In one batch with the valid block, the letter is written just after the block is stored.
    await until(async () => (await deadLetters()).length === 1, 'the dead letter', 5000);
    const letters = await deadLetters();
    expect(letters).toHaveLength(1);
    expect(letters[0]?.reason).toBe(
      `too_many_items: the message holds 209715 items; at most ${MAX_ITEMS_PER_BATCH} per message`,
    );
    expect(letters[0]?.topic).toBe(topic);
    await subscriber.stop();
  });

  it('dead-letters a message whose storing keeps failing, acknowledges it, and says so in readiness', async () => {
    const { bridge, stream } = await streamOnBridge(t, `failing-${kind}`);
    const topic = `spanwatch/${bridge.id}/failing-${kind}`;
    const [poison, good] = sineBlocks(`failing-${kind}`, BASE_MS, 2);
    let failures = 0;
    // Storing the poisoned block throws whatever it is batched with, as an outage would.
    const ingest = {
      ...t.services.ingest,
      ingestPerItem: (items: { item: unknown; bridgeId: number }[]) => {
        const poisoned = items.some(
          ({ item }) => (item as { start?: string }).start === poison?.start,
        );
        if (!poisoned) return t.services.ingest.ingestPerItem(items);
        failures += 1;
        return Promise.reject(new Error('the store gave up'));
      },
    };
    const subscriber = startMqttIngest(
      { ingest, deadLetters: t.services.deadLetters },
      // A second between tries: the readiness check below must see the failure before the
      // third try dead-letters the message (50 ms let it pass unseen once in CI).
      { url: broker.url, clientId: `failing-${kind}`, group: `failing-${kind}`, retryMs: 1000 },
    );
    running.push(subscriber);
    const readiness = createReadinessProbe(t.services.database, {
      ingestFailure: () => subscriber.failure(),
    });
    await subscriber.ready;
    await publish(topic, poison);
    await until(() => failures >= 1, 'a failed try', 2000);
    const failing = await readiness.check();
    expect(failing.status).toBe('not_ready');
    const check = failing.checks.find(({ name }) => name === 'mqtt_ingest');
    expect(check?.ok).toBe(false);
    expect(check?.detail).toMatch(
      /^storing MQTT messages failed \d+ times? in a row: Error: the store gave up$/,
    );

    await publish(topic, good);
    await until(async () => (await sampleCount(stream.id)) === 100, 'the good block', 20_000);
    await until(async () => (await deadLetters()).length === 1, 'the dead letter', 20_000);
    const [letter] = await deadLetters();
    expect(letter?.topic).toBe(topic);
    expect(letter?.reason).toMatch(
      /^store_failed: storing failed \d+ times: Error: the store gave up$/,
    );
    expect(JSON.parse(letter?.payload ?? '')).toMatchObject({ start: poison?.start });
    expect((await readiness.check()).status).toBe('ready');
    const tries = failures;
    await subscriber.stop();

    // Acknowledged: the broker does not deliver it again to the same session.
    const restarted = startMqttIngest(
      { ingest, deadLetters: t.services.deadLetters },
      { url: broker.url, clientId: `failing-${kind}`, group: `failing-${kind}`, retryMs: 50 },
    );
    running.push(restarted);
    await restarted.ready;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(failures).toBe(tries);
    expect(restarted.received()).toBe(0);
    await restarted.stop();
  });

  it('writes at most batchBytes of payload per batch, however much is waiting', async () => {
    const { bridge, stream } = await streamOnBridge(t, `bytes-${kind}`);
    const topic = `spanwatch/${bridge.id}/bytes-${kind}`;
    const batches: number[] = [];
    const subscriber = startMqttIngest(t.services, {
      url: broker.url,
      clientId: `bytes-${kind}`,
      group: `bytes-${kind}`,
      batchMs: 200,
      batchBytes: 1,
      onCommitted: (payloads) => batches.push(payloads.length),
    });
    running.push(subscriber);
    await subscriber.ready;
    await Promise.all(
      sineBlocks(`bytes-${kind}`, BASE_MS, 4).map((block) => publish(topic, block)),
    );
    await until(async () => (await sampleCount(stream.id)) === 400, 'the four blocks', 3000);
    expect(batches).toEqual([1, 1, 1, 1]);
    await subscriber.stop();
  });
});
