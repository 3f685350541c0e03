import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MqttCredentialSync,
  startMqttCredentialSync,
} from '../../../server/ingest/mqtt-credentials-sync.ts';
import { INGEST_ROLE } from '../../../server/ingest/mqtt-credentials.ts';
import { type MqttIngest, startMqttIngest } from '../../../server/ingest/mqtt-subscriber.ts';
import { startTestBroker, type TestBroker } from '../../helpers/mosquitto.ts';
import { BASE_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { until } from '../../helpers/until.ts';

// One broker for the file, with the project's mqtt/mosquitto.conf and a fresh dynsec file.
let broker: TestBroker;
beforeAll(async () => {
  broker = await startTestBroker();
});
afterAll(async () => {
  await broker?.remove();
});

interface CreatedToken {
  id: number;
  bridge: number;
  token: string;
  mqtt_username: string;
}

describe.each(drivers)('MQTT publishers authenticated per bridge on %s', (kind) => {
  const logged: string[] = [];
  let sync: MqttCredentialSync | undefined;
  const t = setupTestApp(kind, {
    overrides: (base) => {
      sync ??= startMqttCredentialSync(base.ingestTokens, {
        url: broker.url,
        username: broker.adminUsername,
        password: broker.adminPassword,
        log: (message) => logged.push(message),
      });
      return { mqttCredentials: sync.credentials };
    },
  });
  const clients: MqttClient[] = [];
  let subscriber: MqttIngest | undefined;
  let staffToken = '';
  // A further ingest process, as docs/ingest.md has operators make one: its client id is its
  // username, the one the server pins it to.
  const ingestUser = `ingest-${kind}`;

  beforeAll(async () => {
    await sync?.ready;
    // An ingest process of its own holds only the role the server keeps (docs/ingest.md).
    broker.dynsec('createClient', ingestUser, '-p', 'ingest-password');
    broker.dynsec('addClientRole', ingestUser, INGEST_ROLE);
    subscriber = startMqttIngest(t.services, {
      url: broker.url,
      clientId: ingestUser,
      group: kind,
      batchMs: 20,
      username: ingestUser,
      password: 'ingest-password',
    });
    await subscriber.ready;
  });

  afterAll(async () => {
    for (const client of clients) await client.endAsync(true).catch(() => undefined);
    await subscriber?.stop();
    await sync?.stop();
  });

  async function newToken(bridgeId: number) {
    const staff = await t.createUser({ staff: true });
    staffToken = staff.token;
    const created = await t.request<CreatedToken>({
      method: 'POST',
      url: `/api/v1/bridges/${bridgeId}/ingest-tokens`,
      token: staffToken,
      body: { name: 'gateway' },
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  async function connect(options: IClientOptions) {
    const client = await mqtt.connectAsync(broker.url, {
      protocolVersion: 5,
      reconnectPeriod: 0,
      ...options,
    });
    clients.push(client);
    return client;
  }
  const credentialOf = (token: CreatedToken) => ({
    username: token.mqtt_username,
    password: token.token,
    clientId: token.mqtt_username,
  });
  /** 'connected', or the broker's refusal as the client reports it. */
  const connecting = (options: IClientOptions) =>
    connect(options).then(
      () => 'connected',
      (error: Error) => error.message,
    );

  /** One block of 100 samples at BASE + `second`; 'accepted' or the broker's refusal. */
  async function publish(client: MqttClient, bridgeId: number, streamId: string, second: number) {
    const [block] = sineBlocks(streamId, BASE_MS + second * 1000, 1);
    return client
      .publishAsync(`spanwatch/${bridgeId}/${streamId}`, JSON.stringify(block), { qos: 1 })
      .then(
        () => 'accepted',
        (error: Error) => error.message,
      );
  }
  const sampleCount = async (id: number) =>
    (await t.services.datastreams.findById(id))?.sampleCount;

  it("stores a token's publications to its own bridge, and nothing from anonymous or other bridges' publishers", async () => {
    const a = await streamOnBridge(t, `a-${kind}`);
    const b = await streamOnBridge(t, `b-${kind}`);
    const tokenA = await newToken(a.bridge.id);
    const tokenB = await newToken(b.bridge.id);
    expect(tokenA.mqtt_username).toBe(`bridge-${a.bridge.id}-token-${tokenA.id}`);

    const publisherA = await connect(credentialOf(tokenA));
    expect(await publish(publisherA, a.bridge.id, `a-${kind}`, 0)).toBe('accepted');
    await until(async () => (await sampleCount(a.stream.id)) === 100, "bridge A's block");

    expect(await connecting({})).toBe('Connection refused: Not authorized');
    expect(await connecting({ username: tokenA.mqtt_username, password: tokenB.token })).toMatch(
      /^Connection refused/,
    );
    expect(await publish(publisherA, b.bridge.id, `b-${kind}`, 0)).toBe(
      'Publish error: Not authorized',
    );

    // B's own block, sent after A's attempt, is stored alone: A's never reached the ingest.
    const publisherB = await connect(credentialOf(tokenB));
    expect(await publish(publisherB, b.bridge.id, `b-${kind}`, 10)).toBe('accepted');
    await until(async () => (await sampleCount(b.stream.id)) === 100, "bridge B's own block");
    expect(await sampleCount(b.stream.id)).toBe(100);
    expect(await t.services.deadLetters.list()).toEqual([]);
  });

  it("keeps a token to its own client id: it cannot take the server's session, nor receive (issue 37, finding 3)", async () => {
    const a = await streamOnBridge(t, `own-${kind}`);
    const token = await newToken(a.bridge.id);
    const login = { username: token.mqtt_username, password: token.token };
    expect(await connecting({ ...login, clientId: ingestUser, clean: false })).toMatch(
      /^Connection refused/,
    );
    expect(await connecting({ ...login, clientId: 'any-other-id' })).toMatch(/^Connection refused/);
    // The server's subscriber still has its session: a block sent now is stored.
    const gateway = await connect(credentialOf(token));
    const subscribing = await gateway.subscribeAsync(`spanwatch/${a.bridge.id}/#`, { qos: 1 }).then(
      () => 'subscribed',
      (error: Error) => error.message,
    );
    expect(subscribing).toBe('Subscribe error: Not authorized');
    expect(await publish(gateway, a.bridge.id, `own-${kind}`, 0)).toBe('accepted');
    await until(async () => (await sampleCount(a.stream.id)) === 100, 'the block stored');
  });

  it("pins every other broker client to its own client id, so none can take the server's (issue 37, finding 3)", async () => {
    const a = await streamOnBridge(t, `pinned-${kind}`);
    const token = await newToken(a.bridge.id);
    // A client an operator made by hand (a monitor, say): no role, no client id of its own.
    const monitor = `monitor-${kind}`;
    broker.dynsec('createClient', monitor, '-p', 'monitor-password');
    const login = { username: monitor, password: 'monitor-password' };
    await sync?.reconcile();
    const serverIds = [ingestUser, `spanwatch-ingest-host-${kind}`];
    for (const clientId of serverIds) {
      expect(await connecting({ ...login, clientId, clean: false })).toMatch(/^Connection refused/);
    }
    expect(await connecting({ ...login, clientId: monitor })).toBe('connected');
    // The server's own credential keeps any id, and its subscriber its session: a block is stored.
    const gateway = await connect(credentialOf(token));
    expect(await publish(gateway, a.bridge.id, `pinned-${kind}`, 0)).toBe('accepted');
    await until(async () => (await sampleCount(a.stream.id)) === 100, 'the block stored');
  });

  it("disconnects a revoked token's publisher, or a deleted bridge's, and refuses it from then on", async () => {
    const a = await streamOnBridge(t, `revoked-${kind}`);
    const token = await newToken(a.bridge.id);
    const publisher = await connect(credentialOf(token));
    expect(await publish(publisher, a.bridge.id, `revoked-${kind}`, 0)).toBe('accepted');
    await until(async () => (await sampleCount(a.stream.id)) === 100, 'the block before revoking');

    const closed = new Promise<void>((resolve) => publisher.once('close', () => resolve()));
    const revoked = await t.request({
      method: 'DELETE',
      url: `/api/v1/bridges/${a.bridge.id}/ingest-tokens/${token.id}`,
      token: staffToken,
    });
    expect(revoked.status).toBe(204);
    await closed;
    expect(await connecting(credentialOf(token))).toMatch(/^Connection refused/);

    const deletedBridge = await streamOnBridge(t, `deleted-${kind}`);
    const orphan = await newToken(deletedBridge.bridge.id);
    expect(await connecting(credentialOf(orphan))).toBe('connected');
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/bridges/${deletedBridge.bridge.id}/delete?cascade=true`,
      token: staffToken,
    });
    expect(deleted.status).toBe(204);
    expect(await connecting(credentialOf(orphan))).toMatch(/^Connection refused/);
    expect(await sampleCount(a.stream.id)).toBe(100);
  });

  it('while the broker is down makes no token, and drops a revoked one as soon as it is back', async () => {
    const a = await streamOnBridge(t, `outage-${kind}`);
    const token = await newToken(a.bridge.id);
    expect(await connecting(credentialOf(token))).toBe('connected');
    const url = `/api/v1/bridges/${a.bridge.id}/ingest-tokens`;

    await broker.stop();
    const refused = await t.request({
      method: 'POST',
      url,
      token: staffToken,
      body: { name: 'during the outage' },
    });
    expect(refused).toEqual({
      status: 502,
      body: { detail: 'The MQTT broker did not confirm the token; none was created' },
    });
    const revoked = await t.request({
      method: 'DELETE',
      url: `${url}/${token.id}`,
      token: staffToken,
    });
    expect(revoked.status).toBe(204);
    const listed = await t.request<{ id: number; revoked_at: string | null }[]>({
      method: 'GET',
      url,
      token: staffToken,
    });
    expect(listed.body).toEqual([
      expect.objectContaining({ id: token.id, revoked_at: expect.any(String) }),
    ]);

    await broker.start();
    await until(
      async () => (await connecting(credentialOf(token))) !== 'connected',
      'the reconciliation after the server reconnects',
      10_000,
    );
    expect(await connecting(credentialOf(token))).toMatch(/^Connection refused/);
  });

  it('reports a live token the broker has no client for', async () => {
    const a = await streamOnBridge(t, `missing-${kind}`);
    // Made before MQTT_DYNSEC was on: straight in the database, the broker never told.
    const { row } = await t.services.ingestTokens.create(a.bridge.id, 'old');
    // Every reconciliation so far went through, the first one (giving the ingest role) included.
    expect(logged.filter((message) => message.includes('reconciling failed'))).toEqual([]);
    logged.length = 0;
    await sync?.reconcile();
    expect(logged).toContainEqual(
      expect.stringContaining(
        `ingest token ${row.id} of bridge ${a.bridge.id} has no broker client`,
      ),
    );
  });
});
