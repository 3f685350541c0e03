import { hostname } from 'node:os';
import { ConfigError } from '../config.ts';
import type { Database } from '../db/client.ts';
import { startMqttIngest, type MqttIngest } from './mqtt-subscriber.ts';

export interface MqttConfig {
  url: string;
  clientId: string;
  group: string;
  /** The server's own credential on the broker (the dynamic-security admin with MQTT_DYNSEC). */
  username: string | undefined;
  password: string | undefined;
  /** Whether the server keeps the broker's per-token clients (docs/decisions/006). */
  dynsec: boolean;
}

function dynsecSwitch(env: NodeJS.ProcessEnv): boolean {
  const raw = env.MQTT_DYNSEC;
  if (raw === undefined || raw === '' || raw === 'off') return false;
  if (raw === 'on') return true;
  throw new ConfigError(`MQTT_DYNSEC must be 'on' or 'off', got '${raw}'`);
}

/**
 * MQTT_URL turns the subscriber on; MQTT_USERNAME/MQTT_PASSWORD are its credential. MQTT_CLIENT_ID must stay the same across restarts of one
 * process (the broker keeps its session by that id) and differ between processes that share
 * the load; the default is per host. MQTT_GROUP names the shared subscription.
 */
export function mqttConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MqttConfig | null {
  const url = env.MQTT_URL;
  const dynsec = dynsecSwitch(env);
  if (!url) {
    if (dynsec) throw new ConfigError('MQTT_DYNSEC=on needs MQTT_URL');
    return null;
  }
  if (!/^(mqtts?|wss?|tcp):\/\//.test(url)) {
    throw new ConfigError(
      `MQTT_URL must start with mqtt://, mqtts://, ws:// or wss://, got '${url}'`,
    );
  }
  if (Boolean(env.MQTT_USERNAME) !== Boolean(env.MQTT_PASSWORD)) {
    throw new ConfigError('MQTT_USERNAME and MQTT_PASSWORD must be set together');
  }
  if (dynsec && !env.MQTT_USERNAME) {
    throw new ConfigError(
      'MQTT_DYNSEC=on needs MQTT_USERNAME and MQTT_PASSWORD (the dynsec admin)',
    );
  }
  return {
    url,
    clientId: env.MQTT_CLIENT_ID || `spanwatch-ingest-${hostname()}`,
    group: env.MQTT_GROUP || 'spanwatch',
    username: env.MQTT_USERNAME || undefined,
    password: env.MQTT_PASSWORD || undefined,
    dynsec,
  };
}

/** Starts the subscriber when MQTT_URL is set; null otherwise. */
export async function startMqttFromEnv(
  database: Database,
  log: (message: string) => void,
  horizonDays?: number,
): Promise<MqttIngest | null> {
  const config = mqttConfigFromEnv();
  if (!config) return null;
  const ingest = startMqttIngest(database, { ...config, log, horizonDays });
  await ingest.ready;
  log(`MQTT ingest: subscribed to $share/${config.group}/spanwatch/+/+ on ${config.url}`);
  return ingest;
}
