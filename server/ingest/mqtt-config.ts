import { hostname } from 'node:os';
import type { AppSettings } from '../config/config.ts';
import { startMqttIngest, type MqttIngest, type MqttIngestServices } from './mqtt-subscriber.ts';

export interface MqttConfig {
  url: string;
  clientId: string;
  group: string;
  /** The server's own credential on the broker (the dynamic-security admin with MQTT_DYNSEC). */
  username: string | undefined;
  password: string | undefined;
  /** Whether the server keeps the broker's per-token clients (docs/decisions/010). */
  dynsec: boolean;
}

/**
 * The broker settings out of the validated config (server/config.ts, the one schema):
 * MQTT_URL turns the subscriber on; MQTT_USERNAME/MQTT_PASSWORD are its credential.
 * MQTT_CLIENT_ID must stay the same across restarts of one process (the broker keeps its
 * session by that id) and differ between processes that share the load; the default is per
 * host. MQTT_GROUP names the shared subscription.
 */
export function mqttConfigOf(
  settings: Pick<
    AppSettings,
    'mqttUrl' | 'mqttClientId' | 'mqttGroup' | 'mqttUsername' | 'mqttPassword' | 'mqttDynsec'
  >,
): MqttConfig | null {
  if (!settings.mqttUrl) return null;
  return {
    url: settings.mqttUrl,
    clientId: settings.mqttClientId ?? `spanwatch-ingest-${hostname()}`,
    group: settings.mqttGroup ?? 'spanwatch',
    username: settings.mqttUsername,
    password: settings.mqttPassword,
    dynsec: settings.mqttDynsec ?? false,
  };
}

/** Starts the subscriber when MQTT_URL is set; null otherwise. */
export async function startMqttFromConfig(
  services: MqttIngestServices,
  log: (message: string) => void,
  config: MqttConfig | null,
  horizonDays?: number,
): Promise<MqttIngest | null> {
  if (!config) return null;
  const ingest = startMqttIngest(services, { ...config, log, horizonDays });
  await ingest.ready;
  log(`MQTT ingest: subscribed to $share/${config.group}/spanwatch/+/+ on ${config.url}`);
  return ingest;
}
