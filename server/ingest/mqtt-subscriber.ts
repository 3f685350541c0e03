import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { DeadLetter, DeadLettersRepository } from '../repositories/dead-letters-repository.ts';
import type { IngestService } from './ingest-service.ts';
import { MAX_PAYLOAD_CHARS } from '../repositories/dead-letters-repository.ts';
import { itemsOfMessages, MAX_MESSAGE_BYTES, TOPIC_FILTER } from './mqtt-messages.ts';

export interface MqttIngestOptions {
  url: string;
  /** Fixed per process, so the broker keeps this process's session (and queue) across restarts. */
  clientId: string;
  /** Shared-subscription group: processes in one group split the messages. */
  group?: string;
  /** The broker credential when it requires one (docs/decisions/010). */
  username?: string;
  password?: string;
  /** A batch is written when it holds this many messages or is this old, whichever comes first. */
  batchMessages?: number;
  /** ... or holds this many payload bytes (default 8 MiB): the work of one batch stays bounded. */
  batchBytes?: number;
  batchMs?: number;
  log?: (message: string) => void;
  /** Days before now that items may reach back (INGEST_HORIZON_DAYS; default about 10 years). */
  horizonDays?: number;
  /** Tries at storing a batch before its messages are stored one by one (default 3). */
  maxTries?: number;
  /** Wait between tries (default 500 ms). */
  retryMs?: number;
  /** Called with the payloads of each committed batch (benchmarks measure publish→commit). */
  onCommitted?: (payloads: string[]) => void;
}

interface Pending {
  topic: string;
  payload: string;
  /** Bytes of the payload as received (a payload above MAX_MESSAGE_BYTES is kept cut short). */
  bytes: number;
  ack: () => void;
  connection: number;
}

type PacketSender = (packet: { cmd: string }, callback?: () => void, ...rest: unknown[]) => void;

/**
 * MQTT.js acknowledges a QoS 1 message as soon as its handler returns and hands over the next
 * message only then, so acknowledging after the commit would mean one commit per message. Here
 * the PUBACK packet is held back instead (the handler returns at once) and sent after the batch
 * holding the message is committed: a crash before the commit leaves the message unacknowledged,
 * and the broker delivers it again (the primary key makes the redelivery harmless).
 */
function holdPubacks(client: MqttClient, onHeld: (send: () => void) => void) {
  const target = client as unknown as { _sendPacket: PacketSender };
  const send = target._sendPacket.bind(client);
  target._sendPacket = (packet, callback, ...rest) => {
    if (packet.cmd !== 'puback') return send(packet, callback, ...rest);
    onHeld(() => send(packet, undefined, ...rest));
    callback?.();
  };
}

/** What the subscriber stores through: the process's own ingest service and dead letters. */
export interface MqttIngestServices {
  ingest: IngestService;
  deadLetters: DeadLettersRepository;
}

export function startMqttIngest(
  { ingest, deadLetters }: MqttIngestServices,
  options: MqttIngestOptions,
) {
  const log = options.log ?? (() => undefined);
  const batchMessages = options.batchMessages ?? 2000;
  const batchMs = options.batchMs ?? 25;
  const batchBytes = options.batchBytes ?? 8 * 1024 * 1024;
  const maxTries = options.maxTries ?? 3;
  const retryMs = options.retryMs ?? 500;

  let buffer: Pending[] = [];
  let bufferedBytes = 0;
  let lastHeldAck: (() => void) | null = null;
  let flushing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let connection = 0;
  let received = 0;
  /** Failed tries in a row at storing, and the last error; null while storing works. */
  let failing: { tries: number; error: string } | null = null;

  const clientOptions: IClientOptions = {
    clientId: options.clientId,
    username: options.username,
    password: options.password,
    clean: false,
    protocolVersion: 5,
    // Keep the session (subscription and queued messages) for a day while this process is down.
    properties: { sessionExpiryInterval: 24 * 60 * 60, receiveMaximum: 65535 },
    reconnectPeriod: 1000,
  };
  const client = mqtt.connect(options.url, clientOptions);
  holdPubacks(client, (send) => {
    lastHeldAck = send;
  });

  /**
   * Stores a batch; every message or item that cannot be stored becomes a dead letter, so the
   * batch is acknowledged whole and nothing poisonous is delivered again. Only an outage
   * (isolate-refusals.ts) throws, and then the batch is retried.
   */
  async function write(batch: Pending[]): Promise<void> {
    const { items, unreadable } = await itemsOfMessages(batch);
    const letters: DeadLetter[] = unreadable.map(({ message, reason, payload }) => ({
      source: 'mqtt',
      topic: batch[message]?.topic ?? null,
      payload: payload ?? batch[message]?.payload ?? '',
      reason,
    }));
    const result = await ingest.ingestPerItem(items, { horizonDays: options.horizonDays });
    for (const rejection of result.rejected) {
      const item = items[rejection.index];
      letters.push({
        source: 'mqtt',
        topic: batch[item?.message ?? -1]?.topic ?? null,
        bridgeId: item?.bridgeId ?? null,
        streamId: rejection.stream_id,
        payload: JSON.stringify(item?.item) ?? '',
        reason: `${rejection.reason}: ${rejection.detail}`,
      });
    }
    await deadLetters.add(letters);
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  function failed(error: unknown) {
    failing = { tries: (failing?.tries ?? 0) + 1, error: String(error) };
    log(`MQTT ingest: storing a batch failed (${failing.tries} in a row): ${failing.error}`);
  }

  /**
   * Each message alone, after its batch failed `maxTries` times: a message that fails again is
   * a dead letter with the error as its reason, so one message that cannot be stored never
   * holds back the others for good. Throws only when the dead letter cannot be written either
   * (an outage: then nothing may be acknowledged).
   */
  async function writeEachOrDeadLetter(batch: Pending[]): Promise<void> {
    for (const pending of batch) {
      try {
        await write([pending]);
      } catch (error) {
        await deadLetters.add([
          {
            source: 'mqtt',
            topic: pending.topic,
            payload: pending.payload,
            reason: `store_failed: storing failed ${maxTries + 1} times: ${String(error)}`,
          },
        ]);
      }
    }
  }

  async function writeWithinTries(batch: Pending[]): Promise<void> {
    for (let tries = 1; ; tries += 1) {
      try {
        await (tries <= maxTries ? write(batch) : writeEachOrDeadLetter(batch));
        failing = null;
        return;
      } catch (error) {
        failed(error);
        await pause(retryMs);
      }
    }
  }

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    // At most one batch's worth; what arrived meanwhile waits for the next flush.
    let taken = 0;
    let takenBytes = 0;
    while (taken < buffer.length && taken < batchMessages && takenBytes < batchBytes) {
      takenBytes += (buffer[taken] as Pending).bytes;
      taken += 1;
    }
    const batch = buffer.splice(0, taken);
    bufferedBytes -= takenBytes;
    if (batch.length === 0) return;
    await writeWithinTries(batch);
    // Acks of an older connection would name message ids the broker has already reassigned.
    for (const pending of batch) if (pending.connection === connection) pending.ack();
    options.onCommitted?.(batch.map((pending) => pending.payload));
  }

  function scheduleFlush() {
    if (flushing) return;
    if (buffer.length >= batchMessages || bufferedBytes >= batchBytes) {
      flushing = flush().finally(() => {
        flushing = null;
        if (buffer.length > 0) scheduleFlush();
      });
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        if (!flushing) {
          flushing = flush().finally(() => {
            flushing = null;
            if (buffer.length > 0) scheduleFlush();
          });
        }
      }, batchMs);
    }
  }

  client.handleMessage = (packet, callback) => {
    if (packet.cmd !== 'publish') return callback();
    lastHeldAck = null;
    callback();
    // For QoS 1 the PUBACK was just held by holdPubacks; QoS 0 has none.
    const ack = lastHeldAck ?? (() => undefined);
    received += 1;
    const raw = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const bytes = raw.length;
    // Too large to be read: kept as much as its dead letter shows, not decoded whole.
    const payload = raw.toString('utf8', 0, bytes > MAX_MESSAGE_BYTES ? MAX_PAYLOAD_CHARS : bytes);
    buffer.push({ topic: packet.topic, payload, bytes, ack, connection });
    bufferedBytes += bytes;
    scheduleFlush();
  };

  const ready = new Promise<void>((resolve, reject) => {
    client.once('error', reject);
    client.on('connect', (connack) => {
      connection += 1;
      if (!connack.sessionPresent) {
        client.subscribe(
          `$share/${options.group ?? 'spanwatch'}/${TOPIC_FILTER}`,
          { qos: 1 },
          (error) => {
            if (error) reject(error);
            else resolve();
          },
        );
      } else resolve();
    });
  });
  client.on('error', (error) => log(`MQTT ingest: ${error.message}`));

  return {
    ready,
    /** Messages handed over by the broker so far (stored or not). */
    received: () => received,
    /** Why storing fails, while it keeps failing (readiness); null while it works. */
    failure: (): string | null =>
      failing &&
      `storing MQTT messages failed ${failing.tries} ${failing.tries === 1 ? 'time' : 'times'} in a row: ${failing.error}`,
    /** Whether the broker connection is up now (readiness). */
    connected: () => client.connected,
    /** Writes what is buffered, acknowledges it, and leaves the session for the next start. */
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      await flushing;
      while (buffer.length > 0) await flush();
      await client.endAsync();
    },
    /** Drops the connection without writing or acknowledging (a crash, for tests). */
    async kill(): Promise<void> {
      if (timer) clearTimeout(timer);
      buffer = [];
      bufferedBytes = 0;
      connection += 1;
      await client.endAsync(true);
    },
  };
}

export type MqttIngest = ReturnType<typeof startMqttIngest>;
