import { hostname } from 'node:os';
import { type AppSettings, loadSettings } from '../config.ts';
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
  return mqttConfigOf(loadSettings(env));
}

/** The subscriber's settings out of the validated config (server/config.ts checks MQTT_URL). */
export function mqttConfigOf(
  settings: Pick<AppSettings, 'mqttUrl' | 'mqttClientId' | 'mqttGroup'>,
): MqttConfig | null {
  if (!settings.mqttUrl) return null;
  return {
    url: settings.mqttUrl,
    clientId: settings.mqttClientId ?? `spanwatch-ingest-${hostname()}`,
    group: settings.mqttGroup ?? 'spanwatch',
  };
}

/** Starts the subscriber when MQTT_URL is set; null otherwise. */
export async function startMqttFromEnv(
  database: Database,
  log: (message: string) => void,
  config: MqttConfig | null = mqttConfigFromEnv(),
): Promise<MqttIngest | null> {
  if (!config) return null;
  const ingest = startMqttIngest(database, { ...config, log });
  await ingest.ready;
  log(`MQTT ingest: subscribed to $share/${config.group}/spanwatch/+/+ on ${config.url}`);
  return ingest;
}
