import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import openapiGlue from 'fastify-openapi-glue';
import type { AppConfig } from './config/config.ts';
import { auditedHandlers, auditedWriter } from './audit/audited-handlers.ts';
import { contract } from './contract.ts';
import type { Database } from './db/client.ts';
import { bearerAuthHandler } from './plugins/authentication.ts';
import {
  BULK_CONTENT_TYPES,
  ingestTokenAuthHandler,
  isBulkBody,
  registerIngestParsers,
} from './ingest/http-plugin.ts';
import { serverTimeoutOptions } from './http/http-timeouts.ts';
import { compiledSerializer, compiledValidator } from './http/schema-compilers.ts';
import { registerRequestGuards } from './http/request-guards.ts';
import { registerUploadParser, UPLOAD_CONTENT_TYPE } from './http/upload-body.ts';
import { registerThrottle } from './http/throttle.ts';
import { fastifyTrustProxy } from './config/trust-proxy-setting.ts';
import { loggerOptions } from './ops/logger.ts';
import { registerHttpMetrics } from './ops/metrics.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSpa } from './plugins/spa.ts';
import { alertsHandlers } from './routes/alerts-handlers.ts';
import { notificationsHandlers } from './routes/notifications-handlers.ts';
import { notificationSettingsHandlers } from './routes/notification-settings-handlers.ts';
import { auditHandlers } from './routes/audit-handlers.ts';
import { calibrationsHandlers } from './routes/calibrations-handlers.ts';
import { sensorStatusHandlers } from './routes/sensor-status-handlers.ts';
import { maintenanceHandlers } from './routes/maintenance-handlers.ts';
import { analysisSettingsHandlers } from './routes/analysis-settings-handlers.ts';
import { baselinesHandlers } from './routes/baselines-handlers.ts';
import { frequencyShiftHandlers } from './routes/frequency-shift-handlers.ts';
import { modesHandlers } from './routes/modes-handlers.ts';
import { cableTensionHandlers } from './routes/cable-tension-handlers.ts';
import { inspectionsHandlers } from './routes/inspections-handlers.ts';
import { inspectionPhotosHandlers } from './routes/inspection-photos-handlers.ts';
import { analyticsHandlers } from './routes/analytics-handlers.ts';
import { authHandlers } from './routes/auth-handlers.ts';
import { companyLimitsHandlers } from './routes/company-limits-handlers.ts';
import { companyLogoHandlers } from './routes/company-logo-handlers.ts';
import { companySettingsHandlers } from './routes/company-settings-handlers.ts';
import { companySsoHandlers } from './routes/company-sso-handlers.ts';
import { rotasHandlers } from './routes/rotas-handlers.ts';
import { companyEscalationHandlers } from './routes/company-escalation-handlers.ts';
import { responsePlanHandlers } from './routes/response-plan-handlers.ts';
import { contactGroupsHandlers } from './routes/contact-groups-handlers.ts';
import { companyDeliveriesHandlers } from './routes/company-deliveries-handlers.ts';
import { ssoHandlers } from './routes/sso-handlers.ts';
import { bridgesHandlers } from './routes/bridges-handlers.ts';
import { contactHandlers } from './routes/contact-handlers.ts';
import { datastreamsHandlers } from './routes/datastreams-handlers.ts';
import { ingestHandlers } from './routes/ingest-handlers.ts';
import { fatigueHandlers } from './routes/fatigue-handlers.ts';
import { reportHandlers } from './routes/report-handlers.ts';
import { ingestTokensHandlers } from './routes/ingest-tokens-handlers.ts';
import { loggerUploadHandlers } from './routes/logger-upload-handlers.ts';
import type { Handlers, OperationId } from './contract-types.ts';
import { readingsHandlers } from './routes/readings-handlers.ts';
import { sensorsHandlers } from './routes/sensors-handlers.ts';
import { spansHandlers } from './routes/spans-handlers.ts';
import { systemHandlers } from './routes/system-handlers.ts';
import { usersHandlers } from './routes/users-handlers.ts';
import type { RouteServices } from './plugins/route-services.ts';
import { createServices, type Services } from './services.ts';

export type BuildAppOptions = {
  config: AppConfig;
  /** The built SPA (dist/); when absent or not built, only the API is served. */
  spaDir?: string;
  /** Replace parts of the services, e.g. the bridge-name source, in tests. */
  overrides?: Partial<Services>;
  /** The process's logger (server/ops/logger.ts); by default the app makes its own. */
  logger?: FastifyBaseLogger;
  /** Where log lines go when the app makes its own logger (default stdout); tests read them. */
  logStream?: DestinationStream;
} & (
  | { /** The process's services (server/main.ts builds them once). */ services: Services }
  | { /** Services are built from it for this app alone (tests, tools). */ database: Database }
);

/**
 * JSON bodies are validated as sent: Fastify's default coercion would turn `latitude: null`
 * into 0 and put a bridge on the equator. Validators and serializers are compiled once per
 * process and schema (http/schema-compilers.ts).
 */
function registerStrictBodyValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema, httpPart, contentType }) => {
    // The bulk forms' schema is text, but they arrive as bytes (ingest/http-plugin.ts) and the
    // handler reads them line by line, naming each line it cannot read (or answers 413 for a
    // body refused as it arrived).
    if (httpPart === 'body' && contentType && BULK_CONTENT_TYPES.includes(contentType)) {
      return isBulkBody;
    }
    // An uploaded file stays a stream, read and bounded by its handler (http/upload-body.ts).
    if (httpPart === 'body' && contentType === UPLOAD_CONTENT_TYPE) return () => true;
    return compiledValidator(httpPart === 'body' ? 'body' : 'text', schema);
  });
  app.setSerializerCompiler(({ schema }) => compiledSerializer(schema));
}

/** Assembles the app: external plugins, then app plugins, then the contract's routes. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, spaDir, overrides, logger, logStream } = options;
  const app = Fastify({
    ...(logger
      ? { loggerInstance: logger }
      : { logger: { ...loggerOptions(config), ...(logStream ? { stream: logStream } : {}) } }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...serverTimeoutOptions(config.httpTimeouts),
    bodyLimit: 1024 * 1024,
    // A `__proto__` key is dropped like any other unknown key (removeAdditional), not a 400 for
    // the whole body: one such ingest item must not refuse the batch (issue 37, finding 11).
    onProtoPoisoning: 'remove',
  });
  const built = 'services' in options ? options.services : createServices(config, options.database);
  const services = { ...built, ...overrides };
  // The HTTP layer's view of the services (server/plugins/route-services.ts).
  const routeServices: RouteServices = services;

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Map tiles come from a public tile service (spec §2); any https host may serve them.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        // Plain-http deployments on a LAN must keep working; TLS is the proxy's business.
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.production,
  });
  registerErrorHandler(app);
  registerHttpMetrics(app);
  registerStrictBodyValidation(app);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  registerIngestParsers(app);
  registerUploadParser(app);
  registerRequestGuards(app, routeServices);
  await registerThrottle(app, config.rateLimits, routeServices);

  const requestOptions = { rowLevelSecurity: config.rowLevelSecurity };
  // Typing the union of all handler groups against every operationId makes a missing handler
  // (a contract path the server does not answer) a type error.
  const serviceHandlers: Handlers<OperationId> = {
    ...systemHandlers(routeServices),
    ...authHandlers(routeServices),
    ...ssoHandlers(routeServices),
    ...companySsoHandlers(routeServices, auditedWriter(services.database.db, requestOptions)),
    ...companyLimitsHandlers(routeServices),
    ...companySettingsHandlers(routeServices),
    ...companyLogoHandlers(routeServices, auditedWriter(services.database.db, requestOptions)),
    ...rotasHandlers(routeServices),
    ...contactGroupsHandlers(routeServices),
    ...companyEscalationHandlers(routeServices),
    ...responsePlanHandlers(routeServices),
    ...companyDeliveriesHandlers(routeServices),
    ...usersHandlers(routeServices),
    ...bridgesHandlers(routeServices),
    ...spansHandlers(routeServices),
    ...sensorsHandlers(routeServices),
    ...datastreamsHandlers(routeServices),
    ...contactHandlers(routeServices),
    ...ingestHandlers(routeServices, config.ingestHorizonDays),
    ...ingestTokensHandlers(routeServices),
    ...loggerUploadHandlers(routeServices, config.ingestHorizonDays),
    ...readingsHandlers(routeServices),
    ...analyticsHandlers(routeServices),
    ...alertsHandlers(routeServices),
    ...notificationsHandlers(routeServices),
    ...notificationSettingsHandlers(routeServices),
    ...fatigueHandlers(routeServices),
    ...reportHandlers(routeServices),
    ...auditHandlers(routeServices),
    ...calibrationsHandlers(routeServices),
    ...sensorStatusHandlers(routeServices),
    ...maintenanceHandlers(routeServices),
    ...analysisSettingsHandlers(routeServices),
    ...baselinesHandlers(routeServices),
    ...frequencyShiftHandlers(routeServices),
    ...modesHandlers(routeServices),
    ...cableTensionHandlers(routeServices),
    ...inspectionsHandlers(routeServices),
    ...inspectionPhotosHandlers(routeServices, auditedWriter(services.database.db, requestOptions)),
  };
  await app.register(openapiGlue, {
    specification: contract,
    serviceHandlers: auditedHandlers(serviceHandlers, services.database.db, requestOptions),
    securityHandlers: {
      bearerAuth: bearerAuthHandler(routeServices),
      ingestToken: ingestTokenAuthHandler(routeServices),
    },
  });
  await registerSpa(app, spaDir);
  return app;
}
