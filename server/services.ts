import type { AppConfig } from './config.ts';
import { alertServiceFromConfig } from './alerts/alert-service.ts';
import { requestScopedDatabase } from './audit/audited-transaction.ts';
import { createAnalysisJobs } from './analysis/analysis-jobs.ts';
import type { Database } from './db/client.ts';
import {
  type BridgeNameSource,
  catalogueNameSource,
  httpNameSource,
} from './integrations/bridge-name-source.ts';
import { type MqttCredentials, noMqttCredentials } from './ingest/mqtt-credentials.ts';
import { createBridgesRepository } from './repositories/bridges-repository.ts';
import { createContactRepository } from './repositories/contact-repository.ts';
import { createDatastreamsRepository } from './repositories/datastreams-repository.ts';
import { createReadinessProbe } from './ops/readiness.ts';
import { createLoginFailuresRepository } from './repositories/login-failures-repository.ts';
import { createSensorsRepository } from './repositories/sensors-repository.ts';
import { createSpansRepository } from './repositories/spans-repository.ts';
import { createUsersRepository } from './repositories/users-repository.ts';
import { createSessionsRepository } from './repositories/sessions-repository.ts';
import { createPasswordHasher } from './services/passwords.ts';
import { createSecretBox } from './services/secret-box.ts';
import { createSessionService } from './services/sessions.ts';
import { createTokenService } from './services/tokens.ts';

/** Failed logins allowed per email and address in the window before answering 429. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Everything a handler may use, built once per app from the config and the database. */
export function createServices(config: AppConfig, given: Database) {
  const database = requestScopedDatabase(given);
  const { db } = database;
  const bridgeNames: BridgeNameSource = config.rensysUrl
    ? httpNameSource(config.rensysUrl)
    : catalogueNameSource;
  return {
    database,
    users: createUsersRepository(db),
    bridges: createBridgesRepository(db),
    spans: createSpansRepository(db),
    sensors: createSensorsRepository(db),
    datastreams: createDatastreamsRepository(db),
    contact: createContactRepository(db),
    loginFailures: createLoginFailuresRepository(db, LOGIN_FAILURE_WINDOW_MS),
    sessions: createSessionService(
      createSessionsRepository(db, config.refreshTokenTtlSeconds),
      createTokenService({
        secret: config.jwtSecret,
        accessTtlSeconds: config.accessTokenTtlSeconds,
      }),
    ),
    passwords: createPasswordHasher(config.passwordHashCost),
    secretBox: createSecretBox(config.dataEncryptionKey),
    bridgeNames,
    alerts: alertServiceFromConfig(config, db),
    analysisJobs: createAnalysisJobs(database),
    readiness: createReadinessProbe(database),
    /** The broker's per-token clients; main.ts swaps in the dynsec ones with MQTT_DYNSEC=on. */
    mqttCredentials: noMqttCredentials as MqttCredentials,
  };
}

export type Services = ReturnType<typeof createServices>;
