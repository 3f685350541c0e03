import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';

/**
 * A client of Mosquitto's dynamic security plugin: commands are JSON published on
 * `$CONTROL/dynamic-security/v1`, answers arrive on `.../response` with the `correlationData`
 * each command carried (https://mosquitto.org/documentation/dynamic-security/).
 */

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;

export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}

export interface DynsecResponse {
  command: string;
  /** Set when the plugin refused the command, e.g. 'Client already exists'. */
  error?: string;
  data?: unknown;
}

export interface DynsecAdminOptions {
  url: string;
  username: string;
  password: string;
  /** How long a command may wait for its answer (the broker may be down). */
  timeoutMs?: number;
  log?: (message: string) => void;
}

export interface DynsecAdmin {
  /** Runs the commands in one message; answers come back in the same order. */
  run(commands: DynsecCommand[]): Promise<DynsecResponse[]>;
  /** Called on every (re)connection, after the response topic is subscribed. */
  onConnected(listener: () => void): void;
  close(): Promise<void>;
}

interface Waiting {
  resolve: (response: DynsecResponse) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export function connectDynsecAdmin(options: DynsecAdminOptions): DynsecAdmin {
  const timeoutMs = options.timeoutMs ?? 5000;
  const log = options.log ?? (() => undefined);
  const waiting = new Map<string, Waiting>();
  const listeners: (() => void)[] = [];
  const client: MqttClient = mqtt.connect(options.url, {
    clientId: `spanwatch-dynsec-${randomBytes(6).toString('hex')}`,
    username: options.username,
    password: options.password,
    protocolVersion: 5,
    reconnectPeriod: 2000,
  });

  // Commands are only sent once their answers can be read.
  let subscribed = false;
  client.on('connect', () => {
    client.subscribe(RESPONSE_TOPIC, { qos: 1 }, (error) => {
      if (error) log(`MQTT credentials: cannot read the broker's answers: ${error.message}`);
      subscribed = !error;
      if (subscribed) for (const listener of listeners) listener();
    });
  });
  client.on('close', () => {
    subscribed = false;
  });
  client.on('error', (error) => log(`MQTT credentials: ${error.message}`));
  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE_TOPIC) return;
    let responses: (DynsecResponse & { correlationData?: string })[] = [];
    try {
      responses =
        (JSON.parse(payload.toString()) as { responses?: typeof responses }).responses ?? [];
    } catch {
      return;
    }
    for (const response of responses) {
      const entry = response.correlationData ? waiting.get(response.correlationData) : undefined;
      if (!entry || !response.correlationData) continue;
      clearTimeout(entry.timer);
      waiting.delete(response.correlationData);
      entry.resolve(response);
    }
  });

  function answerOf(id: string): Promise<DynsecResponse> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the MQTT broker did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(id, { resolve, reject, timer });
    });
  }

  return {
    async run(commands) {
      if (!subscribed) throw new Error(`the MQTT broker at ${options.url} is not connected`);
      const ids = commands.map(() => randomBytes(8).toString('hex'));
      const answers = ids.map(answerOf);
      const payload = commands.map((command, i) => ({ ...command, correlationData: ids[i] }));
      try {
        await client.publishAsync(CONTROL_TOPIC, JSON.stringify({ commands: payload }), { qos: 1 });
      } catch (error) {
        for (const id of ids) {
          const entry = waiting.get(id);
          if (entry) clearTimeout(entry.timer);
          waiting.delete(id);
        }
        throw error;
      }
      return Promise.all(answers);
    },
    onConnected(listener) {
      listeners.push(listener);
      if (subscribed) listener();
    },
    async close() {
      for (const entry of waiting.values()) {
        clearTimeout(entry.timer);
        entry.reject(new Error('the MQTT credentials client was closed'));
      }
      waiting.clear();
      await client.endAsync();
    },
  };
}

/** Throws unless every answer succeeded, except the errors listed as harmless. */
export function assertAnswered(responses: DynsecResponse[], harmless: string[] = []): void {
  const failed = responses.find((r) => r.error && !harmless.includes(r.error));
  if (failed) throw new Error(`the MQTT broker refused ${failed.command}: ${failed.error}`);
}
