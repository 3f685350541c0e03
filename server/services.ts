import type { AppConfig } from './config/config.ts';
import { createAlertOutlets } from './alerts/alert-outlets.ts';
import { createAlertService } from './alerts/alert-service.ts';
import { createAlertsRepository } from './alerts/alerts-repository.ts';
import { policyOfMinutes } from './alerts/escalation-policy.ts';
import { createNotificationsRepository } from './alerts/notifications-repository.ts';
import { createNotificationSettings } from './alerts/notification-settings.ts';
import { createPhoneVerification } from './alerts/phone-verification.ts';
import { createTwilioShapedProvider } from './alerts/sms-provider.ts';
import { requestScopedDatabase } from './audit/audited-transaction.ts';
import { createAnalysisJobs } from './analysis/analysis-jobs.ts';
import { createAnalysisRepository } from './analysis/analysis-repository.ts';
import { createAnalysisViewRepository } from './analysis/analysis-view.ts';
import { createReferenceShiftView } from './analysis/reference-shift-view.ts';
import { createModesView } from './analysis/modes-view.ts';
import { createCableTensionView } from './analysis/cable-tension-view.ts';
import { createBaselineVersions } from './analysis/baseline-versions.ts';
import { createBridgeConditionsRepository } from './analysis/bridge-conditions.ts';
import { createReportService } from './report/report-runner.ts';
import type { Database } from './db/client.ts';
import {
  type BridgeNameSource,
  catalogueNameSource,
  httpNameSource,
} from './integrations/bridge-name-source.ts';
import {
  DEFAULT_GROUP_COMMIT_MS,
  DEFAULT_SESSION_LIFETIME_SECONDS,
} from './config/setting-defaults.ts';
import { createIngestService } from './ingest/ingest-service.ts';
import { LOOKUP_CACHE_MS } from './repositories/lookup-cache.ts';
import { type MqttCredentials, noMqttCredentials } from './ingest/mqtt-credentials.ts';
import { createReadingsQueryRepository } from './readings/readings-query-repository.ts';
import { createReadingsRepository } from './readings/readings-repository.ts';
import { createAuditRepository } from './audit/audit-repository.ts';
import { createFatigueRepository } from './fatigue/fatigue-repository.ts';
import { createInspectionsRepository } from './inspections/inspections-repository.ts';
import { createInspectionPhotosRepository } from './inspections/inspection-photos-repository.ts';
import { createMaintenanceRepository } from './maintenance/maintenance-repository.ts';
import { createAnalysisSettingsRepository } from './repositories/analysis-settings-repository.ts';
import { createCompaniesRepository } from './repositories/companies-repository.ts';
import { createRotasRepository } from './repositories/rotas-repository.ts';
import { createContactGroupsRepository } from './repositories/contact-groups-repository.ts';
import {
  createCompanyEscalationRepository,
  defaultEscalationOf,
} from './repositories/company-escalation-repository.ts';
import { createResponsePlansRepository } from './repositories/response-plans-repository.ts';
import { createTenancyRepository } from './repositories/tenancy-repository.ts';
import { createBridgesRepository } from './repositories/bridges-repository.ts';
import { createCalibrationsRepository } from './repositories/calibrations-repository.ts';
import { createSensorStatusRepository } from './repositories/sensor-status-repository.ts';
import { createSensorDisagreementsRepository } from './repositories/sensor-disagreements-repository.ts';
import { createSensorFaultsRepository } from './repositories/sensor-faults-repository.ts';
import { createContactRepository } from './repositories/contact-repository.ts';
import { createDatastreamsRepository } from './repositories/datastreams-repository.ts';
import { createStreamTrustRepository } from './repositories/stream-trust-repository.ts';
import { createDeadLettersRepository } from './repositories/dead-letters-repository.ts';
import { createIngestTokensRepository } from './repositories/ingest-tokens-repository.ts';
import { createReadinessProbe } from './ops/readiness.ts';
import {
  createLoginFailuresRepository,
  LOGIN_FAILURE_WINDOW_MS,
} from './repositories/login-failures-repository.ts';
import { createSensorsRepository } from './repositories/sensors-repository.ts';
import { createSpansRepository } from './repositories/spans-repository.ts';
import { createUsersRepository } from './repositories/users-repository.ts';
import { createSessionsRepository } from './repositories/sessions-repository.ts';
import { createPasswordHasher } from './services/passwords.ts';
import { createSecretBox } from './services/secret-box.ts';
import { createSessionService } from './services/sessions.ts';
import { createSsoSignIn } from './services/sso-sign-in.ts';
import { createDomainProof } from './services/domain-proof.ts';
import { createDomainRecheckRepository } from './repositories/domain-recheck-repository.ts';
import { createCompanySettingsRepository } from './repositories/company-settings-repository.ts';
import { createCompanyLimitsRepository } from './repositories/company-limits-repository.ts';
import { createCompanyIngestRate } from './ingest/company-ingest-rate.ts';
import { createCompanySsoRepository } from './repositories/company-sso-repository.ts';
import { createSsoLoginsRepository } from './repositories/sso-logins-repository.ts';
import { createTokenService } from './services/tokens.ts';

/** What only the running process knows: where background work logs, and the broker's state. */
export interface ProcessWiring {
  /** Warnings of the alert webhook and emails and the job queue (default: console.warn). */
  log?: (component: 'alert-webhook' | 'jobs', message: string) => void;
  /** Readiness includes the broker when this process subscribes to it. */
  brokerConnected?: () => boolean;
  /** Readiness fails while storing the broker's messages keeps failing (why, or null). */
  ingestFailure?: () => string | null;
  /**
   * On PostgreSQL, send alert webhooks and emails through the job queue (a worker delivers and
   * retries).
   * Off by default so that a process without workers, such as a test, still delivers them.
   */
  queueWebhooks?: boolean;
}

/**
 * The composition root: every repository and service, built once per process from the config
 * and the database, and handed to the HTTP handlers, the workers, the MQTT subscriber and the
 * demo feed (server/main.ts). Tests build it the same way (tests/helpers/test-app.ts).
 */
export function createServices(config: AppConfig, given: Database, wiring: ProcessWiring = {}) {
  const database = requestScopedDatabase(given);
  const { db } = database;
  const log = wiring.log ?? ((_component, message: string) => console.warn(message));
  const alertsRepository = createAlertsRepository(db);
  const inspections = createInspectionsRepository(db);
  const fatigueDetails = createFatigueRepository(db);
  const outlets = createAlertOutlets(config, database, alertsRepository, {
    queued: wiring.queueWebhooks === true,
    log: (message) => log('alert-webhook', message),
  });
  const alerts = createAlertService({
    db,
    repository: alertsRepository,
    inspections,
    fatigueDetails,
    webhook: outlets.webhook,
    notifier: outlets.notifier,
    sms: outlets.sms,
    linkSecret: config.jwtSecret,
    escalation: policyOfMinutes(config.alertEscalation),
    log: (message) => log('alert-webhook', message),
  });
  const bridgeNames: BridgeNameSource = config.rensysUrl
    ? httpNameSource(config.rensysUrl)
    : catalogueNameSource;
  // One readings store per process: it keeps the partitions it has made (partitions.ts).
  const readings = createReadingsRepository(database);
  const deadLetters = createDeadLettersRepository(db);
  const analysis = createAnalysisRepository(db);
  const sessions = createSessionService(
    createSessionsRepository(db, {
      refreshTtlSeconds: config.refreshTokenTtlSeconds,
      lifetimeSeconds: config.sessionLifetimeSeconds ?? DEFAULT_SESSION_LIFETIME_SECONDS,
      successorKey: config.jwtSecret,
    }),
    createTokenService({
      secret: config.jwtSecret,
      accessTtlSeconds: config.accessTokenTtlSeconds,
    }),
  );
  const users = createUsersRepository(db);
  const companies = createCompaniesRepository(db);
  const companySso = createCompanySsoRepository(db);
  const companyLimits = createCompanyLimitsRepository(db);
  const companySettings = createCompanySettingsRepository(db);
  const ssoLogins = createSsoLoginsRepository(db);
  const passwords = createPasswordHasher(config.passwordHashCost);
  const secretBox = createSecretBox(config.dataEncryptionKey);
  return {
    database,
    databaseKind: database.kind,
    bridgeConditions: createBridgeConditionsRepository(db),
    analysisView: createAnalysisViewRepository(db),
    reports: createReportService(database),
    users,
    bridges: createBridgesRepository(db),
    companies,
    companySso,
    companyLimits,
    companySettings,
    /** Each company's ingest rate through its gateways' tokens, in this process (decision 058). */
    ingestRate: createCompanyIngestRate(companyLimits),
    rotas: createRotasRepository(db),
    contactGroups: createContactGroupsRepository(db),
    companyEscalation: createCompanyEscalationRepository(
      db,
      defaultEscalationOf(config.alertEscalation),
    ),
    /** Each bridge's trigger-action-response plan (decision 077). */
    responsePlans: createResponsePlansRepository(db),
    ssoLogins,
    /** Looks up the TXT record that proves a single sign-on domain (decision 071). */
    domainProof: createDomainProof(config.dnsServers),
    /** DNS-proven domains due to be looked up again (decision 078). */
    domainRecheck: createDomainRecheckRepository(db),
    ssoSignIn: createSsoSignIn({
      db,
      companies,
      companySso,
      ssoLogins,
      users,
      sessions,
      passwords,
      secretBox,
      redirectUri: `${config.publicUrl ?? `http://localhost:${config.port}`}/api/v1/auth/sso/callback`,
    }),
    tenancy: createTenancyRepository(db),
    spans: createSpansRepository(db),
    sensors: createSensorsRepository(db),
    datastreams: createDatastreamsRepository(db),
    streamTrust: createStreamTrustRepository(db),
    contact: createContactRepository(db),
    calibrations: createCalibrationsRepository(db),
    sensorStatus: createSensorStatusRepository(db),
    sensorFaults: createSensorFaultsRepository(db),
    sensorDisagreements: createSensorDisagreementsRepository(db),
    inspections,
    inspectionPhotos: createInspectionPhotosRepository(db),
    maintenance: createMaintenanceRepository(db),
    fatigueDetails,
    analysisSettings: createAnalysisSettingsRepository(db),
    /** Each bridge's reference versions (decision 041). */
    baselines: createBaselineVersions(db),
    /** The shift against the accepted reference, as the dashboard charts it (decision 051). */
    referenceShift: createReferenceShiftView(db),
    /** The modes of all vertical accelerometers together, per window (decision 059). */
    modes: createModesView(db),
    /** Each cable's tension from its harmonic series, per window (decision 079). */
    cableTensions: createCableTensionView(db),
    /** Models, evaluations and job state: the views, the queue, the scheduler and the workers. */
    analysis,
    audit: createAuditRepository(db),
    loginFailures: createLoginFailuresRepository(db, LOGIN_FAILURE_WINDOW_MS),
    sessions,
    passwords,
    secretBox,
    bridgeNames,
    readings,
    readingsQuery: createReadingsQueryRepository(db),
    ingestTokens: createIngestTokensRepository(db),
    deadLetters,
    /** HTTP, MQTT and the demo feed store through this one service and its lookup cache. */
    ingest: createIngestService(db, readings, deadLetters, {
      groupCommit: { windowMs: config.ingestGroupCommitMs ?? DEFAULT_GROUP_COMMIT_MS },
      cacheMs: LOOKUP_CACHE_MS,
    }),
    alerts,
    notifications: createNotificationsRepository(db, alertsRepository),
    notificationSettings: createNotificationSettings(db),
    phoneVerification: createPhoneVerification(db, {
      provider: config.sms ? createTwilioShapedProvider(config.sms) : undefined,
      serverSecret: config.jwtSecret,
    }),
    queuedWebhook: outlets.queuedWebhook,
    queuedNotifier: outlets.queuedNotifier,
    queuedSms: outlets.queuedSms,
    analysisJobs: createAnalysisJobs(database, analysis, (message) => log('jobs', message), {
      jobTimeoutSeconds: config.analysisJobTimeoutSeconds,
      liveness: config.analysisJobLiveness,
    }),
    readiness: createReadinessProbe(database, {
      brokerConnected: wiring.brokerConnected,
      ingestFailure: wiring.ingestFailure,
    }),
    /** The broker's per-token clients; main.ts gives the app the dynsec ones with MQTT_DYNSEC=on. */
    mqttCredentials: noMqttCredentials as MqttCredentials,
  };
}

export type Services = ReturnType<typeof createServices>;
