import { describe, expect, it } from 'vitest';
import { ConfigError, loadSettings } from '../../../server/config/config.ts';
import { mqttConfigOf } from '../../../server/ingest/mqtt-config.ts';

/** The broker settings as the server start reads them: through the one config schema. */
const mqttConfigFromEnv = (env: NodeJS.ProcessEnv) => mqttConfigOf(loadSettings(env));

const URL = 'mqtt://127.0.0.1:1883';

describe('the MQTT settings', () => {
  it('reads the broker credential and the dynamic-security switch', () => {
    expect(
      mqttConfigFromEnv({
        MQTT_URL: URL,
        MQTT_USERNAME: 'spanwatch-admin',
        MQTT_PASSWORD: 'secret',
        MQTT_DYNSEC: 'on',
      }),
    ).toMatchObject({ url: URL, username: 'spanwatch-admin', password: 'secret', dynsec: true });
    expect(mqttConfigFromEnv({ MQTT_URL: URL })).toMatchObject({
      username: undefined,
      password: undefined,
      dynsec: false,
    });
  });

  it.each([
    [{ MQTT_DYNSEC: 'on' }, 'MQTT_DYNSEC=on needs MQTT_URL'],
    [{ MQTT_URL: URL, MQTT_DYNSEC: 'on' }, 'MQTT_DYNSEC=on needs MQTT_USERNAME and MQTT_PASSWORD'],
    [{ MQTT_URL: URL, MQTT_USERNAME: 'a' }, 'MQTT_USERNAME and MQTT_PASSWORD must be set together'],
    [{ MQTT_URL: URL, MQTT_DYNSEC: 'yes' }, "MQTT_DYNSEC must be 'on' or 'off', got 'yes'"],
    [{ MQTT_URL: 'http://broker' }, 'MQTT_URL must start with mqtt:'],
  ])('stops the start on %j', (env, message) => {
    expect(() => mqttConfigFromEnv(env)).toThrow(ConfigError);
    expect(() => mqttConfigFromEnv(env)).toThrow(message);
  });
});
