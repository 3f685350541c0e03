import type { IngestTokensRepository } from '../repositories/ingest-tokens-repository.ts';
import { connectDynsecAdmin } from './dynsec-admin.ts';
import type { MqttConfig } from './mqtt-config.ts';
import { dynsecCredentials, type MqttCredentials } from './mqtt-credentials.ts';

/** Also on every reconnection to the broker: a revocation it missed while down is caught up. */
const RECONCILE_EVERY_MS = 10 * 60 * 1000;

export interface MqttCredentialSync {
  credentials: MqttCredentials;
  /** Resolves after the first reconciliation (or its failure, which is logged). */
  ready: Promise<void>;
  reconcile(): Promise<void>;
  stop(): Promise<void>;
}

export interface MqttCredentialSyncOptions {
  url: string;
  username: string;
  password: string;
  log: (message: string) => void;
}

/**
 * Keeps the broker's per-token clients in line with the ingest tokens in the database while the
 * server runs: at start, on each reconnection and every ten minutes.
 */
export function startMqttCredentialSync(
  ingestTokens: Pick<IngestTokensRepository, 'listLive'>,
  options: MqttCredentialSyncOptions,
): MqttCredentialSync {
  const { log } = options;
  const admin = connectDynsecAdmin(options);
  const credentials = dynsecCredentials(admin, options.username);
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  async function reconcileOnce() {
    const { removed, missing } = await credentials.reconcile(() => ingestTokens.listLive());
    if (removed.length > 0) {
      log(`MQTT credentials: removed the broker clients of revoked tokens: ${removed.join(', ')}`);
    }
    for (const token of missing) {
      log(
        `MQTT credentials: ingest token ${token.id} of bridge ${token.bridgeId} has no broker ` +
          'client (made before MQTT_DYNSEC was on, or the broker lost its dynamic-security ' +
          'file); it works over HTTP only: create a new token for MQTT',
      );
    }
  }

  /** One at a time; a call during a run gets a fresh run after it, which sees its changes. */
  function reconcile(): Promise<void> {
    if (!running) {
      running = reconcileOnce()
        .catch((error: unknown) => log(`MQTT credentials: reconciling failed: ${String(error)}`))
        .finally(() => {
          running = null;
        });
      return running;
    }
    queued ??= running.then(() => {
      queued = null;
      return reconcile();
    });
    return queued;
  }

  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  admin.onConnected(() => void reconcile().then(markReady));
  const timer = setInterval(() => void reconcile(), RECONCILE_EVERY_MS);
  timer.unref();

  return {
    credentials,
    ready,
    reconcile,
    async stop() {
      clearInterval(timer);
      await running;
      await admin.close();
    },
  };
}

/** With MQTT_DYNSEC=on: the broker admin (not awaited, a broker that is down must not stop the API). */
export function startMqttCredentialSyncFromConfig(
  config: MqttConfig | null,
  ingestTokens: Pick<IngestTokensRepository, 'listLive'>,
  log: (message: string) => void,
): MqttCredentialSync | null {
  if (!config?.dynsec || !config.username || !config.password) return null;
  return startMqttCredentialSync(ingestTokens, {
    url: config.url,
    username: config.username,
    password: config.password,
    log,
  });
}
