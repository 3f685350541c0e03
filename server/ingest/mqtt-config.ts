import { hostname } from 'node:os';
import type { Database } from '../db/client.ts';
import { startMqttIngest, type MqttIngest } from './mqtt-subscriber.ts';

export interface MqttConfig {
  url: string;
  clientId: string;
  group: string;
}

/**
 * MQTT_URL turns the subscriber on. MQTT_CLIENT_ID must stay the same across restarts of one
 * process (the broker keeps its session by that id) and differ between processes that share
 * the load; the default is per host. MQTT_GROUP names the shared subscription.
 */
export function mqttConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MqttConfig | null {
  const url = env.MQTT_URL;
  if (!url) return null;
  if (!/^(mqtts?|wss?|tcp):\/\//.test(url)) {
    throw new Error(`MQTT_URL must start with mqtt://, mqtts://, ws:// or wss://, got '${url}'`);
  }
  return {
    url,
    clientId: env.MQTT_CLIENT_ID || `spanwatch-ingest-${hostname()}`,
    group: env.MQTT_GROUP || 'spanwatch',
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
