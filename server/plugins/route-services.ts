import type { AlertsService } from '../alerts/alert-service.ts';
import type { NotificationsRepository } from '../alerts/notifications-repository.ts';
import type { NotificationSettings } from '../alerts/notification-settings.ts';
import type { PhoneVerification } from '../alerts/phone-verification.ts';
import type { AnalysisJobs } from '../analysis/job-types.ts';
import type { AnalysisRepository } from '../analysis/analysis-repository.ts';
import type { AnalysisViewRepository } from '../analysis/analysis-view.ts';
import type { BaselineVersions } from '../analysis/baseline-versions.ts';
import type { ReferenceShiftView } from '../analysis/reference-shift-view.ts';
import type { ModesView } from '../analysis/modes-view.ts';
import type { BridgeConditionsRepository } from '../analysis/bridge-conditions.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { FatigueRepository } from '../fatigue/fatigue-repository.ts';
import type { IngestService } from '../ingest/ingest-service.ts';
import type { MqttCredentials } from '../ingest/mqtt-credentials.ts';
import type { InspectionsRepository } from '../inspections/inspections-repository.ts';
import type { InspectionPhotosRepository } from '../inspections/inspection-photos-repository.ts';
import type { BridgeNameSource } from '../integrations/bridge-name-source.ts';
import type { MaintenanceRepository } from '../maintenance/maintenance-repository.ts';
import type { ReadinessProbe } from '../ops/readiness.ts';
import type { ReadingsQueryRepository } from '../readings/readings-query-repository.ts';
import type { ReportService } from '../report/report-runner.ts';
import type { AnalysisSettingsRepository } from '../repositories/analysis-settings-repository.ts';
import type { BridgesRepository } from '../repositories/bridges-repository.ts';
import type { CompaniesRepository } from '../repositories/companies-repository.ts';
import type { CompanyLimitsRepository } from '../repositories/company-limits-repository.ts';
import type { CompanyIngestRate } from '../ingest/company-ingest-rate.ts';
import type { RotasRepository } from '../repositories/rotas-repository.ts';
import type { ContactGroupsRepository } from '../repositories/contact-groups-repository.ts';
import type { CompanySsoRepository } from '../repositories/company-sso-repository.ts';
import type { TenancyRepository } from '../repositories/tenancy-repository.ts';
import type { CalibrationsRepository } from '../repositories/calibrations-repository.ts';
import type { ContactRepository } from '../repositories/contact-repository.ts';
import type { DatastreamsRepository } from '../repositories/datastreams-repository.ts';
import type { IngestTokensRepository } from '../repositories/ingest-tokens-repository.ts';
import type { LoginFailuresRepository } from '../repositories/login-failures-repository.ts';
import type { SensorsRepository } from '../repositories/sensors-repository.ts';
import type { SpansRepository } from '../repositories/spans-repository.ts';
import type { StreamTrustRepository } from '../repositories/stream-trust-repository.ts';
import type { UsersRepository } from '../repositories/users-repository.ts';
import type { PasswordHasher } from '../services/passwords.ts';
import type { SecretBox } from '../services/secret-box.ts';
import type { SessionService } from '../services/sessions.ts';
import type { SsoSignIn } from '../services/sso-sign-in.ts';

/**
 * What the HTTP layer may use of the composition root (server/services.ts), named by the types
 * of the layers below. Each handler factory takes a `Pick` of it, so its signature says what it
 * uses, and app.ts checks that the services it builds satisfy the whole of it. The database
 * itself is not here: routes reach data through repositories and services.
 */
export interface RouteServices {
  databaseKind: 'pglite' | 'postgres';
  users: UsersRepository;
  bridges: BridgesRepository;
  companies: CompaniesRepository;
  companySso: CompanySsoRepository;
  companyLimits: CompanyLimitsRepository;
  ingestRate: CompanyIngestRate;
  rotas: RotasRepository;
  contactGroups: ContactGroupsRepository;
  ssoSignIn: SsoSignIn;
  tenancy: TenancyRepository;
  bridgeConditions: BridgeConditionsRepository;
  spans: SpansRepository;
  sensors: SensorsRepository;
  datastreams: DatastreamsRepository;
  streamTrust: StreamTrustRepository;
  contact: ContactRepository;
  calibrations: CalibrationsRepository;
  inspections: InspectionsRepository;
  inspectionPhotos: InspectionPhotosRepository;
  maintenance: MaintenanceRepository;
  fatigueDetails: FatigueRepository;
  analysisSettings: AnalysisSettingsRepository;
  baselines: BaselineVersions;
  referenceShift: ReferenceShiftView;
  modes: ModesView;
  analysis: AnalysisRepository;
  analysisView: AnalysisViewRepository;
  analysisJobs: AnalysisJobs;
  audit: AuditRepository;
  loginFailures: LoginFailuresRepository;
  sessions: SessionService;
  passwords: PasswordHasher;
  secretBox: SecretBox;
  bridgeNames: BridgeNameSource;
  readingsQuery: ReadingsQueryRepository;
  ingestTokens: IngestTokensRepository;
  ingest: IngestService;
  alerts: AlertsService;
  notifications: NotificationsRepository;
  notificationSettings: NotificationSettings;
  phoneVerification: PhoneVerification;
  readiness: ReadinessProbe;
  mqttCredentials: MqttCredentials;
  reports: ReportService;
}
