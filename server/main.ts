import path from 'node:path';
import { startAlertMonitor } from './alerts/alert-monitor.ts';
import { startAnalysisWorkers, stopGraceFor } from './analysis/analysis-workers.ts';
import { startShiftRetention } from './analysis/shift-retention-schedule.ts';
import { startDomainRecheck } from './services/domain-recheck-schedule.ts';
import { buildApp } from './app.ts';
import { requestScopedDatabase } from './audit/audited-transaction.ts';
import { ConfigError, loadConfig, ROLES, type AppConfig } from './config/config.ts';
import { openDatabase } from './db/client.ts';
import { watchFirstAnalysis } from './demo/first-analysis-watch.ts';
import { startDemoLiveFeed } from './demo/live-feed.ts';
import { mqttConfigOf, startMqttFromConfig } from './ingest/mqtt-config.ts';
import type { MqttIngest } from './ingest/mqtt-subscriber.ts';
import { startRawRetention } from './readings/raw-retention.ts';
import { startRollupRetention } from './readings/rollup-retention.ts';
import { startBlockJoining } from './readings/join-small-blocks.ts';
import { startArrayPacking } from './readings/pack-stored-arrays-schedule.ts';
import { LOCKS, startLeadership, withAdvisoryLock } from './ops/advisory-lock.ts';
import { installJobQueueSchema } from './ops/job-queue-schema.ts';
import { DEFAULT_HEAP_GROWTH_PERCENT } from './config/setting-defaults.ts';
import { applyHeapGrowth } from './ops/heap-growth.ts';
import { createLogger, logTo } from './ops/logger.ts';
import { createPrivateFiles, makePrivate } from './ops/private-files.ts';
import { startMetricsServer, watchAnalysisQueue } from './ops/metrics.ts';
import { closeHttpServer, stopOnSignals, type ShutdownStep } from './ops/shutdown.ts';
import { projectPath } from './project-paths.ts';
import { createServices } from './services.ts';
import { ALERT_EMAILS_OFF } from './alerts/alert-outlets.ts';
import { startMqttCredentialSyncFromConfig } from './ingest/mqtt-credentials-sync.ts';
import { DEMO_OPERATOR, DEMO_PRAIRIE_ADMIN, DEMO_STAFF } from './seed/demo-accounts.ts';
import { prepareDemoOnStart } from './seed/demo-first-start.ts';

/** `--role api,ingest` (or `--role=worker`) overrides ROLES for this process. */
function roleArgument(argv: readonly string[]): string | undefined {
  const index = argv.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  if (index < 0) return undefined;
  const arg = argv[index] ?? '';
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[index + 1] ?? '');
}

function readConfig(): AppConfig {
  const role = roleArgument(process.argv);
  try {
    return loadConfig(role === undefined ? process.env : { ...process.env, ROLES: role });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** How long requests in flight may finish on SIGTERM before connections are closed. */
const HTTP_DRAIN_MS = 5000;

// Before anything is written: the data directory is the server user's alone (issue 37).
createPrivateFiles();
const config = readConfig();
makePrivate(config.dataDir);
applyHeapGrowth(config.heapGrowthPercent ?? DEFAULT_HEAP_GROWTH_PERCENT);
const roles = new Set(config.roles ?? ROLES);
const logger = createLogger(config);
const mqttConfig = mqttConfigOf(config);
if (roles.has('ingest') && !roles.has('api') && !mqttConfig) {
  console.error('Configuration error: the ingest role needs MQTT_URL (e.g. mqtt://127.0.0.1:1883)');
  process.exit(1);
}
// Request-scoped: a service made here (alerts, jobs) and used by an audited request writes in
// that request's transaction. On the embedded database, one connection, a write outside it
// would wait for the transaction that waits for the write (docs/decisions/019).
const database = requestScopedDatabase(
  openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
    log: logTo(logger.child({ component: 'database' }), 'warn'),
  }),
);
const steps: ShutdownStep[] = [];
stopOnSignals(() => steps, {
  log: logger,
  timeoutMs: (config.shutdownTimeoutSeconds ?? 30) * 1000,
});

let mqttIngest: MqttIngest | null = null;
const componentLogs = {
  'alert-webhook': logTo(logger.child({ component: 'alert-webhook' }), 'warn'),
  jobs: logTo(logger.child({ component: 'jobs' }), 'warn'),
};
// The one place the services are built (nothing in it touches the database before it is
// used): the demo seed, the HTTP handlers, the MQTT subscriber, the demo feed, the workers and
// the alert monitor below all share these (server/services.ts).
const services = createServices(config, database, {
  log: (component, message) => componentLogs[component](message),
  brokerConnected:
    roles.has('ingest') && mqttConfig ? () => mqttIngest?.connected() === true : undefined,
  ingestFailure: () => mqttIngest?.failure() ?? null,
  queueWebhooks: true,
});
const { alerts, analysisJobs, readiness, queuedWebhook, queuedNotifier, queuedSms } = services;

// Processes starting together migrate (and seed the demo) one after the other.
const demo = await withAdvisoryLock(config.databaseUrl, LOCKS.migrate, async () => {
  await database.migrate();
  if (config.databaseUrl) await installJobQueueSchema(config.databaseUrl);
  if (!roles.has('api')) return { allowed: false, seeded: false };
  return prepareDemoOnStart(services, config, process.argv, {
    log: (message) => console.log(message),
    parallel: true,
  });
});
// PGlite sets the modes of the database files it unpacks on a first start itself (0666,
// whatever the umask): take them back once it has.
makePrivate(config.dataDir);
watchAnalysisQueue(database.db);

if (roles.has('api')) {
  // Ingest tokens are made and revoked through the API: its process keeps the broker in step.
  const mqttCredentialSync = startMqttCredentialSyncFromConfig(
    mqttConfig,
    services.ingestTokens,
    logTo(logger.child({ component: 'mqtt-credentials' }), 'warn'),
  );
  const spaDir = config.webDir ?? projectPath('dist');
  // The HTTP handlers make and revoke tokens, so they are the ones that tell the broker.
  const overrides = mqttCredentialSync ? { mqttCredentials: mqttCredentialSync.credentials } : {};
  const app = await buildApp({ config, services, overrides, spaDir, logger });
  await app.listen({ port: config.port, host: config.host });
  steps.push({ name: 'readiness', stop: async () => readiness.drain() });
  steps.push({ name: 'http', stop: () => closeHttpServer(app, HTTP_DRAIN_MS) });
  steps.push({ name: 'mqtt credentials', stop: async () => mqttCredentialSync?.stop() });
  if (demo.allowed && config.demoLiveFeed) {
    const feed = await startDemoLiveFeed(services, {
      historyDays: config.demoHistoryDays,
      log: logTo(logger.child({ component: 'demo-feed' })),
    });
    steps.push({ name: 'demo feed', stop: async () => feed?.stop() });
  }
}

if (roles.has('ingest') && mqttConfig) {
  mqttIngest = await startMqttFromConfig(
    services,
    logTo(logger.child({ component: 'mqtt' })),
    mqttConfig,
    config.ingestHorizonDays,
  );
  const ingest = mqttIngest;
  steps.push({ name: 'mqtt ingest', stop: async () => ingest?.stop() });
}

if (roles.has('worker')) {
  const leadership = await startLeadership(config.databaseUrl, {
    key: LOCKS.schedules,
    retryMs: 5000,
    log: logger.child({ component: 'schedules' }),
  });
  const workers = await startAnalysisWorkers(
    {
      database,
      alerts,
      jobs: analysisJobs,
      analysis: services.analysis,
    },
    config,
    logger.child({ component: 'analysis' }),
    {
      leads: leadership.isLeader,
      stopGraceMs:
        config.analysisStopGraceSeconds === undefined
          ? stopGraceFor(config.shutdownTimeoutSeconds ?? 30)
          : config.analysisStopGraceSeconds * 1000,
    },
  );
  const monitor = startAlertMonitor(alerts, {
    checkSeconds: config.sensorOfflineCheckSeconds,
    log: logTo(logger.child({ component: 'alerts' }), 'warn'),
    leads: leadership.isLeader,
  });
  const retentionDays = config.rawRetentionDays;
  const retention =
    retentionDays === undefined
      ? null
      : startRawRetention(database.db, {
          days: retentionDays,
          leads: leadership.isLeader,
          log: logTo(logger.child({ component: 'retention' }), 'warn'),
        });
  const { minuteRollupRetentionDays: minuteDays, hourRollupRetentionDays: hourDays } = config;
  const rollupRetention =
    minuteDays === undefined && hourDays === undefined
      ? null
      : startRollupRetention(database.db, {
          minuteDays,
          hourDays,
          leads: leadership.isLeader,
          log: logTo(logger.child({ component: 'retention' }), 'warn'),
        });
  const arrayPacking = startArrayPacking(database.db, {
    leads: leadership.isLeader,
    log: logTo(logger.child({ component: 'readings' }), 'info'),
  });
  const blockJoining = startBlockJoining(database.db, {
    leads: leadership.isLeader,
    log: logTo(logger.child({ component: 'readings' }), 'info'),
  });
  const shiftRetention = startShiftRetention(database.db, {
    leads: leadership.isLeader,
    log: logTo(logger.child({ component: 'retention' }), 'warn'),
  });
  const domainRecheck = startDomainRecheck(
    database.db,
    services.domainRecheck,
    services.domainProof,
    {
      leads: leadership.isLeader,
      log: logTo(logger.child({ component: 'sso' }), 'warn'),
    },
  );
  await queuedWebhook?.work();
  await queuedNotifier?.work();
  await queuedSms?.work();
  steps.push({ name: 'raw retention', stop: async () => retention?.stop() });
  steps.push({ name: 'roll-up retention', stop: async () => rollupRetention?.stop() });
  steps.push({ name: 'packing stored arrays', stop: () => arrayPacking.stop() });
  steps.push({ name: 'joining small blocks', stop: () => blockJoining.stop() });
  steps.push({ name: 'frequency shift retention', stop: () => shiftRetention.stop() });
  steps.push({ name: 'domain re-check', stop: () => domainRecheck.stop() });
  steps.push({ name: 'analysis workers', stop: () => workers.stop() });
  if (demo.seeded) {
    const watch = watchFirstAnalysis(database.db, {
      startedAt: performance.timeOrigin,
      log: (message) => console.log(message),
    });
    steps.push({ name: 'first analysis watch', stop: async () => watch.stop() });
  }
  steps.push({ name: 'alert monitor', stop: () => monitor.stop() });
  steps.push({ name: 'schedules lock', stop: () => leadership.stop() });
}

if (config.metricsPort) {
  const metrics = await startMetricsServer(config.metricsPort, config.host);
  steps.push({ name: 'metrics', stop: () => new Promise((resolve) => metrics.close(resolve)) });
}
// In a worker the alert monitor stops the webhook and the notifier; elsewhere the queued ones
// may have started.
if (!roles.has('worker')) {
  steps.push({ name: 'alert webhook', stop: async () => alerts.webhook?.stop() });
  steps.push({ name: 'alert notifier', stop: async () => alerts.notifier?.stop() });
  steps.push({ name: 'alert texts', stop: async () => alerts.sms?.stop() });
}
steps.push({ name: 'database', stop: () => database.close() });

const storage =
  database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL server';
const running = [...roles].join(', ');
console.log(
  roles.has('api')
    ? `SpanWatch is running at http://localhost:${config.port} (${storage}; ${running})`
    : `SpanWatch is running (${storage}; ${running})`,
);
if (demo.allowed) {
  console.log(`${demo.seeded ? 'Seeded the demo company. ' : ''}Demo accounts:`);
  console.log(`  staff     ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`);
  console.log(`  operator  ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password}`);
  const prairie = DEMO_PRAIRIE_ADMIN;
  console.log(`  admin     ${prairie.email} / ${prairie.password} (Prairie Crossings Ltd.)`);
}
// Said at every start, so whoever waits for the demo's alerts by email sees why none come.
if (!config.smtpUrl) console.log(ALERT_EMAILS_OFF);
