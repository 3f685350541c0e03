import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CableSettings } from '../../domain/cable.ts';
import { LOGO_TYPES, UNIT_SYSTEMS } from '../../domain/company-settings.ts';
import { DATA_TYPES, SENSOR_STATUSES, SENSOR_TYPES } from '../../domain/enums.ts';
import type { Condition } from '../../domain/health.ts';
import { MAINTENANCE_KINDS } from '../../domain/maintenance.ts';
import {
  ALERT_TYPES,
  MAX_RULE_TIER,
  RULE_CHANNELS,
  RULE_SEVERITIES,
} from '../../domain/notification-rules.ts';
import {
  ACTION_COMMENT_MAX,
  ACTION_TEXT_MAX,
  ACTIONS_PER_LEVEL_MAX,
  DUE_HOURS_MAX,
  REMINDER_MINUTES_MAX,
  REMINDER_MINUTES_MIN,
  PLAN_LEVELS,
} from '../../domain/response-plan.ts';
import { SENSOR_FAULT_KINDS } from '../../domain/sensor-faults.ts';
import { DISAGREEMENT_KINDS } from '../../domain/twin-disagreement.ts';
import { CHAINAGE_MAX_M, OFFSET_MAX_M, SENSOR_DIRECTIONS } from '../../domain/sensor-geometry.ts';
import {
  INSPECTION_KINDS,
  type InspectionIntervals,
  RATING_SCALES,
  REGIMES,
} from '../../domain/inspection-regimes.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** PostgreSQL's bytea: a Buffer in (both drivers take it), bytes out (PGlite and pg alike). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The tenant (decision 040): every user and every bridge belongs to one; spans, sensors, tokens,
 * alerts and the rest belong through their bridge.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Limits platform staff set per company (issue 33); null is no limit.
    maxBridges: integer('max_bridges'),
    maxDatastreams: integer('max_datastreams'),
    ingestSamplesPerMinute: integer('ingest_samples_per_minute'),
    // Settings the company keeps itself (issue 33, decision 063).
    address: text('address'),
    // An IANA name; null: reports in UTC unless the reader asks for a zone.
    timeZone: text('time_zone'),
    units: text('units', { enum: UNIT_SYSTEMS }).notNull().default('metric'),
    // Copied into a new bridge's trigger levels; null: the platform's (domain/trigger-levels.ts).
    defaultAmberPercent: doublePrecision('default_amber_percent'),
    defaultRedPercent: doublePrecision('default_red_percent'),
  },
  (t) => [
    uniqueIndex('companies_name_lower_key').on(sql`lower(${t.name})`),
    check('companies_max_bridges_check', sql`${t.maxBridges} is null or ${t.maxBridges} >= 0`),
    check(
      'companies_max_datastreams_check',
      sql`${t.maxDatastreams} is null or ${t.maxDatastreams} >= 0`,
    ),
    check(
      'companies_ingest_rate_check',
      sql`${t.ingestSamplesPerMinute} is null or ${t.ingestSamplesPerMinute} > 0`,
    ),
    check('companies_units_check', sql`${t.units} in (${inList(UNIT_SYSTEMS)})`),
    check(
      'companies_default_levels_check',
      sql`(${t.defaultAmberPercent} is null and ${t.defaultRedPercent} is null) or (${t.defaultRedPercent} <= ${t.defaultAmberPercent} and ${t.defaultAmberPercent} < 0 and ${t.defaultRedPercent} >= -50)`,
    ),
  ],
);

/** A company's logo for its reports' title page (decision 063): PNG or JPEG, at most 256 KiB. */
export const companyLogos = pgTable(
  'company_logos',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contentType: text('content_type', { enum: LOGO_TYPES }).notNull(),
    data: bytea('data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('company_logos_type_check', sql`${t.contentType} in (${inList(LOGO_TYPES)})`)],
);

/**
 * A company's own escalation of unacknowledged alerts (decision 069); no row: the server's
 * configured default (ALERT_TIER2_MINUTES and the rest). Bounds as domain/escalation-settings.ts.
 */
export const companyEscalation = pgTable(
  'company_escalation',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tier2Minutes: integer('tier2_minutes').notNull(),
    tier3Minutes: integer('tier3_minutes').notNull(),
    /** null: no reminders. */
    reminderMinutes: integer('reminder_minutes'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'company_escalation_tiers_check',
      sql`${t.tier2Minutes} between 1 and 1440 and ${t.tier3Minutes} between 2 and 2880 and ${t.tier3Minutes} > ${t.tier2Minutes}`,
    ),
    check(
      'company_escalation_reminder_check',
      sql`${t.reminderMinutes} is null or ${t.reminderMinutes} between 5 and 1440`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    // Manages the users, bridges, spans, sensors, streams and tokens of its own company (040).
    isCompanyAdmin: boolean('is_company_admin').notNull().default(false),
    // The company's name as the user gave it; companyId is what scopes (kept equal by the repository).
    company: text('company').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    address: text('address').notNull(),
    companyUsername: text('company_username'),
    // AES-256-GCM sealed (server/services/secret-box.ts); never leaves the server in clear.
    companyPasswordSealed: text('company_password_sealed'),
    /** E.164 (+ and up to 15 digits), for the alert SMS; null: no SMS (issue 32). */
    phone: text('phone'),
    /** When `phone` was proven the user's by a code sent to it (decision 050); null: not yet. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_company_idx').on(t.companyId),
  ],
);

export const bridges = pgTable(
  'bridges',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    location: text('location').notNull(),
    constructionDate: date('construction_date', { mode: 'string' }),
    lengthPerSpan: doublePrecision('length_per_span'),
    locationOnMap: text('location_on_map'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    structureType: text('structure_type').notNull().default('Unknown'),
    status: text('status').notNull().default('Open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bridges_company_idx').on(t.companyId)],
);

export const spans = pgTable(
  'spans',
  {
    id: serial('id').primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'restrict' }),
    label: text('label').notNull(),
    length: doublePrecision('length').notNull(),
  },
  (t) => [uniqueIndex('spans_bridge_label_key').on(t.bridgeId, t.label)],
);

export const sensors = pgTable(
  'sensors',
  {
    id: serial('id').primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'restrict' }),
    spanId: integer('span_id')
      .notNull()
      .references(() => spans.id, { onDelete: 'restrict' }),
    label: text('label').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    installationDate: date('installation_date', { mode: 'string' }).notNull(),
    manufacturer: text('manufacturer'),
    modelNumber: text('model_number'),
    lastCalibrationDate: date('last_calibration_date', { mode: 'string' }),
    nextCalibrationDate: date('next_calibration_date', { mode: 'string' }),
    // Engineer-set limits of a quasi-static channel (domain/sensor-limits.ts), in its unit.
    limitLow: doublePrecision('limit_low'),
    limitHigh: doublePrecision('limit_high'),
    limitSustainedMinutes: integer('limit_sustained_minutes').notNull().default(10),
    // Where it sits on its span and what it measures (decision 057); null: not recorded.
    chainageM: doublePrecision('chainage_m'),
    transverseOffsetM: doublePrecision('transverse_offset_m'),
    direction: text('direction'),
    // The stay or hanger it is on, and its tension limits (decision 079); null: on none.
    cable: jsonb('cable').$type<CableSettings>(),
    // The declared measuring range in its unit (decision 030, 2026-12-01): a sample at its edge
    // is clipped. Null: not declared.
    rangeLow: doublePrecision('range_low'),
    rangeHigh: doublePrecision('range_high'),
  },
  (t) => [
    uniqueIndex('sensors_bridge_label_key').on(t.bridgeId, t.label),
    // The API's bounds again: a second wall, and one that also keeps NaN and infinities out.
    check(
      'sensors_chainage_check',
      sql`${t.chainageM} is null or ${t.chainageM} between 0 and ${sql.raw(String(CHAINAGE_MAX_M))}`,
    ),
    check(
      'sensors_transverse_offset_check',
      sql`${t.transverseOffsetM} is null or ${t.transverseOffsetM} between -${sql.raw(String(OFFSET_MAX_M))} and ${sql.raw(String(OFFSET_MAX_M))}`,
    ),
    check('sensors_direction_check', sql`${t.direction} in (${inList(SENSOR_DIRECTIONS)})`),
    check(
      'sensors_limits_check',
      sql`${t.limitLow} is null or ${t.limitHigh} is null or ${t.limitLow} < ${t.limitHigh}`,
    ),
    check(
      'sensors_range_check',
      sql`${t.rangeLow} is null or ${t.rangeHigh} is null or ${t.rangeLow} < ${t.rangeHigh}`,
    ),
    check('sensors_limit_sustained_check', sql`${t.limitSustainedMinutes} between 10 and 1440`),
    index('sensors_span_idx').on(t.spanId),
    check('sensors_type_check', sql`${t.type} in (${inList(SENSOR_TYPES)})`),
    check('sensors_status_check', sql`${t.status} in (${inList(SENSOR_STATUSES)})`),
  ],
);

export const datastreams = pgTable(
  'datastreams',
  {
    id: serial('id').primaryKey(),
    streamId: text('stream_id').notNull(),
    dataType: text('data_type').notNull(),
    // The company of the bridges its sensors are on, set at creation; a sensor of another
    // company cannot be linked (migration 0061's triggers). The row-level security key.
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Kept by the ingest (server/ingest/store-blocks.ts) so the list never scans readings.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    sampleCount: bigint('sample_count', { mode: 'number' }).notNull().default(0),
    // The grid its values are stored on (e.g. 0.01 µε); null: every value exactly (decision 052).
    resolution: doublePrecision('resolution'),
    // The start of its earliest block joined from small blocks (issue 34), set in the joining
    // transaction; null: never joined, so the ingest looks for no resend inside a joined block.
    joinedFrom: timestamp('joined_from', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('datastreams_stream_id_key').on(t.streamId),
    index('datastreams_company_idx').on(t.companyId),
    check('datastreams_data_type_check', sql`${t.dataType} in (${inList(DATA_TYPES)})`),
    check('datastreams_resolution_check', sql`${t.resolution} IS NULL OR ${t.resolution} > 0`),
  ],
);

export const datastreamSensors = pgTable(
  'datastream_sensors',
  {
    datastreamId: integer('datastream_id')
      .notNull()
      .references(() => datastreams.id, { onDelete: 'cascade' }),
    sensorId: integer('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.datastreamId, t.sensorId] }),
    index('datastream_sensors_sensor_idx').on(t.sensorId),
  ],
);

export const userBridges = pgTable(
  'user_bridges',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bridgeId] })],
);

export const userDatastreams = pgTable(
  'user_datastreams',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    datastreamId: integer('datastream_id')
      .notNull()
      .references(() => datastreams.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.datastreamId] })],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null until staff mark it handled (the Operations screen). */
  handledAt: timestamp('handled_at', { withTimezone: true }),
});

export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_lookup_idx').on(t.email, t.ip, t.failedAt)],
);

/**
 * A signed-in session (one sign-in): the family its refresh tokens belong to. Its id is the
 * access tokens' `sid` claim, checked on every request, so revoking the row ends the session at
 * once (docs/decisions/006-sessions.md).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, reuse, password_change, email_change or password_reset. */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/**
 * Refresh tokens, single use: only the SHA-256 of the random secret is stored. A rotated token
 * is kept (rotated_at set) until it expires, so presenting it again is seen as reuse.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [
    index('refresh_tokens_session_idx').on(t.sessionId),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Readings in blocks: one row per data stream and block start (typically one second of samples),
 * so a fleet writes thousands of rows a second, not hundreds of thousands. Partitioned by month
 * on `start` in migration 0002 (drizzle-kit cannot express partitioning). The block's own
 * min/max/sum/count answer mid-range charts without reading the values.
 */
export const readings = pgTable(
  'readings',
  {
    datastreamId: integer('datastream_id')
      .notNull()
      .references(() => datastreams.id, { onDelete: 'cascade' }),
    start: timestamp('start', { withTimezone: true, mode: 'date' }).notNull(),
    // 0 marks a single reading (one sample at `start`).
    rateHz: doublePrecision('rate_hz').notNull(),
    // Blocks stored before migration 0030; newer ones are `packed` and leave it NULL.
    values: doublePrecision('values').array(),
    // The block's values as server/codec/block-codec.ts packs them (decision 052).
    packed: bytea('packed'),
    n: integer('n').notNull(),
    vMin: doublePrecision('v_min').notNull(),
    vMax: doublePrecision('v_max').notNull(),
    vSum: doublePrecision('v_sum').notNull(),
    // True on a block joined from a closed window's small blocks (issue 34): a resend of their
    // samples is looked for inside it (server/readings/stored-resends.ts). NULL costs no byte.
    joined: boolean('joined'),
  },
  (t) => [
    primaryKey({ columns: [t.datastreamId, t.start] }),
    // Only joined rows: the ingest's look-up of an old block finds none in a few index pages,
    // without reading the previous block's row (the primary key's answer) from the heap.
    index('readings_joined_idx')
      .on(t.datastreamId, t.start)
      .where(sql`${t.joined}`),
  ],
);

/** Per-minute (60) and per-hour (3600) min/max/sum/count, kept up to date by the ingest. */
export const readingRollups = pgTable(
  'reading_rollups',
  {
    datastreamId: integer('datastream_id')
      .notNull()
      .references(() => datastreams.id, { onDelete: 'cascade' }),
    bucketSeconds: integer('bucket_seconds').notNull(),
    bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }).notNull(),
    vMin: doublePrecision('v_min').notNull(),
    vMax: doublePrecision('v_max').notNull(),
    vSum: doublePrecision('v_sum').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.datastreamId, t.bucketSeconds, t.bucket] })],
);

/** Per-bridge ingest tokens: only the SHA-256 of the secret is stored (shown once at creation). */
export const ingestTokens = pgTable(
  'ingest_tokens',
  {
    id: serial('id').primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ingest_tokens_hash_key').on(t.tokenHash),
    index('ingest_tokens_bridge_idx').on(t.bridgeId),
  ],
);

/**
 * Items the ingest could not store, with the reason: every refused MQTT message or item, and
 * over HTTP the items the database refused (the others are answered to the sender). `payload`
 * is a bounded copy; bridge and stream are kept as sent, without references, so a dead letter
 * outlives a deleted bridge or stream.
 */
export const deadLetters = pgTable(
  'dead_letters',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    topic: text('topic'),
    bridgeId: integer('bridge_id'),
    streamId: text('stream_id'),
    payload: text('payload').notNull(),
    reason: text('reason').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dead_letters_received_idx').on(t.receivedAt),
    check('dead_letters_source_check', sql`${t.source} IN ('http', 'mqtt')`),
  ],
);

/**
 * One trained detector per bridge: the serialised model (preprocessing, weights, threshold) and
 * the baseline it was trained on. Retraining replaces the row.
 */
export const analysisModels = pgTable('analysis_models', {
  bridgeId: integer('bridge_id')
    .primaryKey()
    .references(() => bridges.id, { onDelete: 'cascade' }),
  method: text('method').notNull(),
  featureNames: jsonb('feature_names').$type<string[]>().notNull(),
  model: jsonb('model').notNull(),
  threshold: doublePrecision('threshold').notNull(),
  baselineStart: timestamp('baseline_start', { withTimezone: true }).notNull(),
  baselineEnd: timestamp('baseline_end', { withTimezone: true }).notNull(),
  trainingSeconds: doublePrecision('training_seconds').notNull(),
  trainedAt: timestamp('trained_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The baseline versions' states (decision 041): one active per bridge, the one scoring. */
export const BASELINE_STATUSES = ['active', 'proposed', 'superseded', 'rejected'] as const;
export type BaselineStatus = (typeof BASELINE_STATUSES)[number];

/** One tracked mode's temperature-compensated frequency over a baseline, with its uncertainty. */
export interface BaselineMode {
  feature: string;
  mean_hz: number;
  /** One standard uncertainty of the mean, Hz (effective sample size, frequency-shift.ts). */
  uncertainty_hz: number;
  /** The temperature compensation it was put through (health-indicator.ts), null: none. */
  compensation: { beta: number[]; mean: number; lowC: number; highC: number } | null;
  /** Against the version active when this one was made: its windows compensated as that one. */
  compared?: { shift_hz: number; uncertainty_hz: number; en: number } | null;
  /**
   * The version whose temperature model this mode kept (a repair's re-baselining, decision 051):
   * only the level was refitted. Absent: the compensation was fitted on this version's windows.
   */
  sensitivity_from?: number;
}

/**
 * Each bridge's reference versions (decision 041): every training makes one, the first is
 * active (commissioning), later ones are proposed until accepted by rule or by staff. The active
 * version's model is the one analysis_models holds for scoring. Never deleted with a retraining.
 */
export const baselineVersions = pgTable(
  'baseline_versions',
  {
    id: serial('id').primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status').$type<BaselineStatus>().notNull(),
    trainedFrom: timestamp('trained_from', { withTimezone: true }).notNull(),
    trainedTo: timestamp('trained_to', { withTimezone: true }).notNull(),
    windowsUsed: integer('windows_used').notNull(),
    /** Windows of the training period left out: alarm episodes, after an open alert. */
    windowsExcluded: integer('windows_excluded').notNull().default(0),
    temperatureMin: doublePrecision('temperature_min'),
    temperatureMax: doublePrecision('temperature_max'),
    modes: jsonb('modes').$type<BaselineMode[]>().notNull(),
    /** The stored model (StoredModel) and what analysis_models needs besides it. */
    model: jsonb('model').notNull(),
    /**
     * The control charts set on this version's own healthy windows (decision 067: the
     * ReferenceCharts of server/analysis/reference-charts.ts), null: none (no temperature model,
     * too few windows, or a version made before them).
     */
    charts: jsonb('charts'),
    trainingSeconds: doublePrecision('training_seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Who accepted it; null with accepted_at set: accepted automatically. */
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why it is active or waits, as the training or the acceptance rule said. */
    reason: text('reason').notNull(),
    /** A proposal an engineer turned down (issue 29): when, by whom and why, in their words. */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectedBy: integer('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    uniqueIndex('baseline_versions_bridge_version_key').on(t.bridgeId, t.version),
    uniqueIndex('baseline_versions_active_key')
      .on(t.bridgeId)
      .where(sql`${t.status} = 'active'`),
    check('baseline_versions_status_check', sql`${t.status} in (${inList(BASELINE_STATUSES)})`),
  ],
);

/**
 * The alarm episodes each evaluation found, in data time (decision 041): no retraining learns
 * their windows. An episode still open is stored again, longer, by the next evaluation.
 */
export const alarmEpisodes = pgTable(
  'alarm_episodes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('alarm_episodes_bridge_start_key').on(t.bridgeId, t.startedAt)],
);

/** A trigger level of the reference shift (domain/trigger-levels.ts). */
export const SHIFT_LEVELS = ['none', 'amber', 'red'] as const;

/**
 * Each tracked mode's temperature-compensated frequency shift against the accepted reference,
 * every evaluated window (decision 051). `judged` is false where the window's temperature is
 * outside what the reference learnt (its compensation is an extrapolation there).
 */
export const frequencyShifts = pgTable(
  'frequency_shifts',
  {
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    shiftPercent: doublePrecision('shift_percent').notNull(),
    /** One standard uncertainty of the window's shift, percent. */
    uncertaintyPercent: doublePrecision('uncertainty_percent').notNull(),
    referenceVersion: integer('reference_version').notNull(),
    judged: boolean('judged').notNull(),
    /**
     * How many 10-minute windows the row stands for: 1, or a UTC day's judged windows once the
     * retention has averaged them (shift-retention.ts, decision 051's evening section).
     */
    windows: integer('windows').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.bridgeId, t.feature, t.windowStart] })],
);

/**
 * The latched trigger level of each mode's reference shift (decision 051): a level crossed stays
 * until the shift comes back, a maintenance is recorded or another reference becomes active.
 */
export const frequencyShiftLevels = pgTable(
  'frequency_shift_levels',
  {
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    level: text('level').$type<(typeof SHIFT_LEVELS)[number]>().notNull(),
    /** The window at which the level in force was crossed (null: none). */
    crossedAt: timestamp('crossed_at', { withTimezone: true }),
    /** When the evaluation latched it (wall clock): a maintenance recorded later releases it. */
    latchedAt: timestamp('latched_at', { withTimezone: true }),
    referenceVersion: integer('reference_version').notNull(),
    /** The last window fed to the latch. */
    fedUntil: timestamp('fed_until', { withTimezone: true }).notNull(),
    /** The trailing day's shift and its standard uncertainty at that window (null: too few). */
    estimatePercent: doublePrecision('estimate_percent'),
    estimateUncertaintyPercent: doublePrecision('estimate_uncertainty_percent'),
  },
  (t) => [
    primaryKey({ columns: [t.bridgeId, t.feature] }),
    check('frequency_shift_levels_level_check', sql`${t.level} in (${inList(SHIFT_LEVELS)})`),
  ],
);

/** One sensor's value of a stored mode shape, where it sits on its span (decision 059). */
export interface ModeShapePoint {
  datastream_id: number;
  stream_id: string;
  chainage_m: number;
  value: number;
}

/** Modes kept per window at most (lowest frequencies first), lost ones included. */
export const MAX_STORED_MODES = 12;

/**
 * The modes identified from all of a span's vertical accelerometers together, per bridge and
 * 10-minute window, each matched to the reference's modes by frequency and MAC (decision 059).
 * A reference mode not found in a window is a row of its own, `lost`, with no estimate. The
 * first window identified against a reference version holds that reference's modes
 * (`is_reference`); `reference_version` 0 is the bridge before any accepted reference.
 */
export const identifiedModes = pgTable(
  'identified_modes',
  {
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    /** Order in the window: the identified modes by frequency, then the lost ones. */
    position: integer('position').notNull(),
    frequencyHz: doublePrecision('frequency_hz'),
    dampingRatio: doublePrecision('damping_ratio'),
    mpc: doublePrecision('mpc'),
    /** Real shape, largest magnitude 1, sensors by chainage; a lost mode's is empty. */
    shape: jsonb('shape').$type<ModeShapePoint[]>().notNull(),
    referenceVersion: integer('reference_version').notNull(),
    /** Position of the matched mode in the reference window; null: no reference mode matched. */
    referenceMode: integer('reference_mode'),
    /** MAC with the matched reference mode's shape. */
    referenceMac: doublePrecision('reference_mac'),
    isReference: boolean('is_reference').notNull().default(false),
    lost: boolean('lost').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.bridgeId, t.windowStart, t.position] }),
    index('identified_modes_reference_idx')
      .on(t.bridgeId, t.referenceVersion)
      .where(sql`${t.isReference}`),
    check(
      'identified_modes_position_check',
      sql`${t.position} >= 0 AND ${t.position} < ${sql.raw(String(MAX_STORED_MODES))}`,
    ),
    check(
      'identified_modes_lost_check',
      sql`CASE WHEN ${t.lost} THEN ${t.frequencyHz} IS NULL AND ${t.referenceMode} IS NOT NULL AND NOT ${t.isReference}
          ELSE ${t.frequencyHz} > 0 AND ${t.dampingRatio} IS NOT NULL AND ${t.mpc} IS NOT NULL END`,
    ),
    check('identified_modes_window_check', sql`${t.windowEnd} > ${t.windowStart}`),
  ],
);

/** One reference mode's day in `identified_mode_days` (the daily summary's grouped row). */
export interface ModeDaySummary {
  referenceVersion: number;
  referenceMode: number;
  found: number;
  lost: number;
  frequencyHz: { median: number; q1: number; q3: number } | null;
  dampingRatio: { median: number; q1: number; q3: number } | null;
}

/**
 * The daily summary of `identified_modes` stored per bridge and complete UTC day (decision 076,
 * amended 2026-12-01): the windows of the day and each reference mode's counts and quartiles,
 * exactly what the grouped query answers for that day. A row exists for a day with windows up
 * to the bridge's newest rolled day; later days are summarised live.
 */
export const identifiedModeDays = pgTable(
  'identified_mode_days',
  {
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    windows: integer('windows').notNull(),
    modes: jsonb('modes').$type<ModeDaySummary[]>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bridgeId, t.day] }),
    check('identified_mode_days_windows_check', sql`${t.windows} > 0`),
  ],
);

/**
 * The latest evaluation of each bridge (the AnomalyReport and ForecastSeries of the contract,
 * stored whole so the API answers without recomputing) and the job state behind it.
 */
export const analysisResults = pgTable('analysis_results', {
  bridgeId: integer('bridge_id')
    .primaryKey()
    .references(() => bridges.id, { onDelete: 'cascade' }),
  state: text('state').notNull().default('idle'),
  progress: doublePrecision('progress').notNull().default(0),
  message: text('message').notNull().default(''),
  lastError: text('last_error'),
  numAnomalies: integer('num_anomalies'),
  report: jsonb('report'),
  forecast: jsonb('forecast'),
  dataUntil: timestamp('data_until', { withTimezone: true }),
  evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
  /** Expected false alarm episodes a month at the bridge's α (false-alarm-expectation.ts). */
  falseEpisodesPerMonth: doublePrecision('false_episodes_per_month'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The conditions of spec §4 as the analysis stores them. */
const CONDITIONS: readonly Condition[] = ['Good', 'Fair', 'Poor', 'Critical'];

/**
 * One row per stored evaluation, appended with it (analysis_results keeps only the latest), so
 * the monthly report can state the condition at any moment and when it changed. Never updated.
 */
export const conditionHistory = pgTable(
  'condition_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }).notNull(),
    /** The evaluated period (the AnomalyReport's period_start and period_end). */
    periodFrom: timestamp('period_from', { withTimezone: true }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    condition: text('condition').$type<Condition>().notNull(),
    /** Spec §4's gauge: 90, 75 or 60. */
    healthScore: integer('health_score').notNull(),
    anomalyEpisodes: integer('anomaly_episodes').notNull(),
    dataUntil: timestamp('data_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('condition_history_bridge_idx').on(t.bridgeId, t.evaluatedAt),
    check('condition_history_condition_check', sql`${t.condition} in (${inList(CONDITIONS)})`),
  ],
);

/**
 * Alerts with their lifecycle: active, then acknowledged (by whom, when, why), then cleared when
 * the cause is gone. `cause` holds the windows and data streams behind the alert.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Tells two open alerts of one type apart (the data stream of a 'Sensor offline'). */
    subject: text('subject').notNull().default(''),
    severity: text('severity').notNull(),
    message: text('message').notNull(),
    state: text('state').notNull().default('active'),
    cause: jsonb('cause').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    comment: text('comment'),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** Why it was cleared when not by the check that raised it (a recorded maintenance event). */
    clearedNote: text('cleared_note'),
    webhookDeliveredAt: timestamp('webhook_delivered_at', { withTimezone: true }),
    /**
     * The highest tier the webhook has been told of (1: the raise alone): an escalation is posted
     * once it succeeds, and a pass finding the alert past this tier posts it (again) until then.
     */
    webhookTier: integer('webhook_tier').notNull().default(1),
    /**
     * The escalation its company had when it was raised (decision 069), in seconds as
     * `EscalationPolicy`; null: the server's configured default.
     */
    escalation: jsonb('escalation').$type<{
      tier2AfterSeconds: number;
      tier3AfterSeconds: number;
      reminderEverySeconds: number;
    }>(),
  },
  (t) => [
    check('alerts_state_check', sql`${t.state} in ('active', 'acknowledged', 'cleared')`),
    index('alerts_bridge_idx').on(t.bridgeId, t.raisedAt),
    // At most one open alert per bridge, type and subject: a new one only once the old cleared.
    uniqueIndex('alerts_open_key')
      .on(t.bridgeId, t.type, t.subject)
      .where(sql`${t.state} <> 'cleared'`),
  ],
);

/**
 * One notification of one alert: who was told, by which channel and tier, when, and what the
 * provider answered (issue 32). The idempotency key (alert, tier, recipient, channel) makes a
 * second plan of the same notification a no-op, and the email's Message-ID derives from it.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    tier: integer('tier').notNull().default(1),
    /** 0: the tier's first notice; n: the n-th reminder while the alert stays unacknowledged. */
    reminder: integer('reminder').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The address used (kept when the user later changes theirs or is removed). */
    recipient: text('recipient').notNull(),
    channel: text('channel').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    messageId: text('message_id').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** While set and in the future, one sender holds it; a dead sender's hold runs out. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    providerAnswer: text('provider_answer'),
    lastError: text('last_error'),
    /** Held by the recipient's quiet hours until then (decision 050); null: send at once. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** Why it is held or was not sent: a maintenance covering the alert (decision 055). */
    suppressedBy: text('suppressed_by'),
    /** The overdue action this notice is about (decision 077); null: the alert's own notice. */
    actionId: integer('action_id').references(() => alertActions.id, { onDelete: 'cascade' }),
    /**
     * Set on the notice telling a person of an earlier tier (`tier`) that the alert has gone on,
     * unacknowledged, to this tier (decision 080, 2026-12-02 (d)); null: a notice asking them.
     */
    escalatedTo: integer('escalated_to'),
  },
  (t) => [
    // 'cancelled': an escalation or reminder still unsent when the alert was acknowledged.
    check(
      'alert_deliveries_state_check',
      sql`${t.state} in ('pending', 'sent', 'failed', 'cancelled')`,
    ),
    uniqueIndex('alert_deliveries_key').on(t.idempotencyKey),
    index('alert_deliveries_alert_idx').on(t.alertId),
    index('alert_deliveries_pending_idx')
      .on(t.id)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * What each user chose for their own notifications (decision 050): the channels, and quiet hours
 * during which email and texts below Critical are held. No row: every channel on, no quiet hours.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: boolean('email').notNull().default(true),
    sms: boolean('sms').notNull().default(true),
    inApp: boolean('in_app').notNull().default(true),
    /** Local wall-clock 'HH:MM' in `quietTimeZone`; all three set, or none. */
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    /** IANA name, e.g. Europe/Lisbon. */
    quietTimeZone: text('quiet_time_zone'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_settings_quiet_check',
      sql`(${t.quietStart} IS NULL) = (${t.quietEnd} IS NULL) AND (${t.quietStart} IS NULL) = (${t.quietTimeZone} IS NULL)`,
    ),
  ],
);

/**
 * A phone number's pending proof (decision 050): the code texted to it, kept only as an HMAC, with
 * its expiry and the wrong tries so far. One per user; a new request replaces it.
 */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The signed acknowledge links that have been used (each email carries its own, naming its
 * delivery's key as nonce): a link acknowledges once, and a second opening is told so.
 */
export const alertLinkUses = pgTable('alert_link_uses', {
  nonce: text('nonce').primaryKey(),
  alertId: integer('alert_id')
    .notNull()
    .references(() => alerts.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The in-app notifications (the bell, issue 32): one row per user who may see the alert's bridge
 * and each thing that happened to the alert. The unique key (user, alert, kind, tier) makes a
 * second write of the same news a no-op, so a repeated raise or escalation pass adds nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    /**
     * The alert's bridge, copied by a trigger on insert (migration 0070): the row-level policy
     * compares it with the few visible bridges instead of every visible alert's id (decision
     * 072, 2026-12-02 (d)). Never written by the code; the check below holds it set.
     */
    bridgeId: integer('bridge_id').references(() => bridges.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** 1 for a raise or clearing; for an escalation, the tier the alert reached. */
    tier: integer('tier').notNull().default(1),
    /** For 'action_overdue': the alert's action that passed its due time undone (decision 077). */
    actionId: integer('action_id').references(() => alertActions.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * For a line of the alert told at a lower tier: the tier the alert has since been escalated
     * to, and when; an update of the line, not news of its own (decision 080, 2026-12-02 (c)).
     */
    escalatedTier: integer('escalated_tier'),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('raised', 'escalated', 'cleared', 'action_overdue')`,
    ),
    check('notifications_bridge_set', sql`${t.bridgeId} IS NOT NULL`),
    uniqueIndex('notifications_key')
      .on(t.userId, t.alertId, t.kind, t.tier)
      .where(sql`${t.actionId} is null`),
    // Each overdue action is news of its own (one alert's two overdue actions are two lines), and
    // so is each tier it reaches; its reminders are emails and texts, not more lines.
    uniqueIndex('notifications_action_key')
      .on(t.userId, t.actionId, t.tier)
      .where(sql`${t.actionId} is not null`),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * Rainflow histograms of each strain stream, one row per UTC day with samples: the full cycles
 * that closed that day, in microstrain (so a detail's modulus or factors change without a
 * recount; docs/decisions/007-fatigue.md). `bins` is the SparseHistogram's [index, cycles] list.
 */
export const fatigueHistograms = pgTable(
  'fatigue_histograms',
  {
    datastreamId: integer('datastream_id')
      .notNull()
      .references(() => datastreams.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    binWidth: doublePrecision('bin_width').notNull(),
    bins: jsonb('bins').$type<[number, number][]>().notNull(),
    cycles: doublePrecision('cycles').notNull(),
    samples: bigint('samples', { mode: 'number' }).notNull(),
    // Coverage (issue 30, decision 045); null on days counted before it was recorded.
    /** Time the counted samples stand for: samples × their sampling interval, gaps left out. */
    monitoredSeconds: doublePrecision('monitored_seconds'),
    /** Samples left out: the sensor faulty, in maintenance or out of calibration. */
    excludedSamples: bigint('excluded_samples', { mode: 'number' }),
    /** The day's sampling rate (median of its blocks; from the spacing of single readings). */
    sampleRateHz: doublePrecision('sample_rate_hz'),
    /** Corner of the moving-median high-pass subtracted before counting; null: as given. */
    highpassHz: doublePrecision('highpass_hz'),
    /** Gap-free stretches the day was counted in (each ends with its residue as half cycles). */
    stretches: integer('stretches'),
    /**
     * The rainflow state carried into the day (decision 045, 2026-12-02 (d)), so a recount of the
     * day starts where its first count did; null on days counted before it was kept.
     */
    residueIn: jsonb('residue_in').$type<{ stack: number[]; candidate: number | null }>(),
    /** When a sensor fault stored after the day was counted made it be counted again. */
    recountedAt: timestamp('recounted_at', { withTimezone: true }),
    /**
     * The spans of the day left out when it was counted, the register's status aside (decision
     * 045, 2026-12-02 (e)): a fault, maintenance or calibration record entered later that changes
     * them makes the day recount. Null on days counted before it was kept.
     */
    excludedSpans: text('excluded_spans'),
  },
  (t) => [primaryKey({ columns: [t.datastreamId, t.day] })],
);

/**
 * Where each strain stream's counting stands: the last UTC day counted and the rainflow residue
 * (open turning points) carried into the next day, written with that day's histogram.
 */
export const fatigueCounters = pgTable('fatigue_counters', {
  datastreamId: integer('datastream_id')
    .primaryKey()
    .references(() => datastreams.id, { onDelete: 'cascade' }),
  countedThrough: date('counted_through', { mode: 'string' }).notNull(),
  residue: jsonb('residue').$type<{ stack: number[]; candidate: number | null }>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Highest `sensor_faults.id` of the stream the counting has taken into account (decision 045,
   * 2026-12-02 (d)): a fault above it, with its onset on a counted day, makes those days recount.
   */
  faultsSeen: integer('faults_seen').notNull().default(0),
  /** The days still to recount, [recount_from, recount_through]; null when none are. */
  recountFrom: date('recount_from', { mode: 'string' }),
  recountThrough: date('recount_through', { mode: 'string' }),
});

/**
 * The fatigue detail a strain gauge watches (one per gauge): its S-N curve ('EC3 71',
 * 'AASHTO C', ...), modulus and factors, design life and alert settings (issue 19).
 */
export const fatigueDetails = pgTable(
  'fatigue_details',
  {
    sensorId: integer('sensor_id')
      .primaryKey()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** What the detail is made of, as the engineer names it (issue 19); rows before it: steel. */
    material: text('material').notNull().default('Steel'),
    curve: text('curve').notNull(),
    modulusGpa: doublePrecision('modulus_gpa').notNull().default(200),
    stressConcentration: doublePrecision('stress_concentration').notNull().default(1),
    gammaFf: doublePrecision('gamma_ff').notNull().default(1),
    gammaMf: doublePrecision('gamma_mf').notNull().default(1),
    designLifeYears: doublePrecision('design_life_years').notNull().default(100),
    alertLifeYears: doublePrecision('alert_life_years').notNull().default(10),
    alertRateFactor: doublePrecision('alert_rate_factor').notNull().default(3),
    /** Cumulative D at which a High alert, then a Critical one, is raised (issue 19). */
    alertDamageHigh: doublePrecision('alert_damage_high').notNull().default(0.5),
    alertDamageCritical: doublePrecision('alert_damage_critical').notNull().default(0.8),
    /** D₀: damage done before the gauge was counted, added to the counted D (decision 007). */
    priorDamage: doublePrecision('prior_damage').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'fatigue_details_damage_levels_check',
      sql`${t.alertDamageHigh} > 0 AND ${t.alertDamageHigh} < ${t.alertDamageCritical} AND ${t.alertDamageCritical} <= 1`,
    ),
    check(
      'fatigue_details_prior_damage_check',
      sql`${t.priorDamage} >= 0 AND ${t.priorDamage} < 1`,
    ),
  ],
);

/**
 * Every change made through the API, written by triggers in the same transaction as the change
 * (docs/decisions/019-asset-records.md). Append-only: a trigger refuses UPDATE and DELETE. No
 * references, so an entry outlives the object and the user it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    operation: text('operation'),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    /** The table the row changed in (an assignment is a change of the user it belongs to). */
    record: text('record').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    check('audit_log_action_check', sql`${t.action} in ('create', 'update', 'delete')`),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);

/**
 * A sensor's calibration history, newest last. The sensor's last/next calibration dates (spec)
 * mirror its newest entry; the first entry came from them (migration 0007).
 */
export const sensorCalibrations = pgTable(
  'sensor_calibrations',
  {
    id: serial('id').primaryKey(),
    sensorId: integer('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    calibratedOn: date('calibrated_on', { mode: 'string' }).notNull(),
    calibratedBy: text('calibrated_by').notNull(),
    certificate: text('certificate'),
    gaugeFactor: doublePrecision('gauge_factor'),
    sensitivity: doublePrecision('sensitivity'),
    offset: doublePrecision('offset'),
    nextDue: date('next_due', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sensor_calibrations_sensor_idx').on(t.sensorId, t.calibratedOn)],
);

/**
 * A sensor's register status over time (issue 30, decision 045, 2026-12-03 (g)): each change
 * with the time it took effect and who made it. The sensor's `status` is that of its latest
 * row; fatigue counting reads the status in force at each sample's time. `dated` is false for
 * the row migration 0073 wrote from the status a sensor had then, from its installation: when
 * that status began is not known.
 */
export const sensorStatusChanges = pgTable(
  'sensor_status_changes',
  {
    id: serial('id').primaryKey(),
    sensorId: integer('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    changedBy: text('changed_by').notNull(),
    note: text('note'),
    dated: boolean('dated').notNull().default(true),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sensor_status_changes_sensor_idx').on(t.sensorId, t.effectiveAt),
    check('sensor_status_changes_status_check', sql`${t.status} in (${inList(SENSOR_STATUSES)})`),
  ],
);

/**
 * Maintenance done on a bridge (issue 15, docs/decisions/023-maintenance-rebaselining.md): a
 * repair or bearing replacement restarts the analysis' baseline from its date; a sensor re-zero
 * or replacement restarts that sensor's part of it. A deleted sensor or span leaves the event
 * standing, without them.
 */
/**
 * Sensor faults found by the analysis (issue 30, decision 048): one row per fault episode of a
 * stream, with its kind and onset. A row without an end keeps the stream out of the detector,
 * the limits and the fatigue counting from its onset.
 */
export const sensorFaults = pgTable(
  'sensor_faults',
  {
    id: serial('id').primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    datastreamId: integer('datastream_id')
      .notNull()
      .references(() => datastreams.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    onset: timestamp('onset', { withTimezone: true }).notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sensor_faults_episode_idx').on(t.datastreamId, t.kind, t.onset),
    index('sensor_faults_bridge_idx').on(t.bridgeId, t.onset),
    check('sensor_faults_kind_check', sql`${t.kind} in (${inList(SENSOR_FAULT_KINDS)})`),
  ],
);

/**
 * Episodes of co-located twin gauges that disagree (issue 30, decisions 068 and 074): one row
 * per pair (first in name order) from the onset the analysis estimated, kept between
 * evaluations so a past month's report can list the pairs that disagreed in it. `since`,
 * `last_seen_at` and `cleared_at` are times in the data (the end of the data of the evaluation
 * that last found it, and of the first that no longer did); `detected_at` is when it was found.
 */
export const sensorDisagreements = pgTable(
  'sensor_disagreements',
  {
    id: serial('id').primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    datastreamId: integer('datastream_id')
      .notNull()
      .references(() => datastreams.id, { onDelete: 'cascade' }),
    twinDatastreamId: integer('twin_datastream_id')
      .notNull()
      .references(() => datastreams.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** What disagrees (decision 074, 2026-12-01): response ('gain'), level ('offset'), trend. */
    kind: text('kind').notNull().default('gain'),
    /** A 'gain' episode: the first gauge's response against the second's, in % (+10: 10 % larger). */
    ratioChangePercent: doublePrecision('ratio_change_percent'),
    /** An 'offset' step in µε, a 'drift' in µε/h, the first gauge's against the second's. */
    size: doublePrecision('size'),
    detail: text('detail').notNull(),
  },
  (t) => [
    // A pair has at most one episode of each kind open at a time.
    uniqueIndex('sensor_disagreements_open_idx')
      .on(t.datastreamId, t.twinDatastreamId, t.kind)
      .where(sql`${t.clearedAt} is null`),
    check('sensor_disagreements_kind_check', sql`${t.kind} in (${inList(DISAGREEMENT_KINDS)})`),
    check(
      'sensor_disagreements_measure_check',
      sql`(${t.kind} = 'gain') = (${t.ratioChangePercent} is not null)`,
    ),
    index('sensor_disagreements_bridge_idx').on(t.bridgeId, t.since),
  ],
);

/**
 * A cable's tension per 10-minute window of its accelerometer, estimated on each evaluation
 * from the harmonic series of the window's spectrum (decision 079). A window with fewer than
 * three harmonics is stored with no tension and the reason, so it is not estimated again.
 */
export const cableTensions = pgTable(
  'cable_tensions',
  {
    id: serial('id').primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    sensorId: integer('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    datastreamId: integer('datastream_id')
      .notNull()
      .references(() => datastreams.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    tensionN: doublePrecision('tension_n'),
    uncertaintyN: doublePrecision('uncertainty_n'),
    /** Harmonics found, their frequencies in Hz by order. */
    harmonics: jsonb('harmonics').$type<{ order: number; frequency_hz: number }[]>().notNull(),
    method: text('method'),
    note: text('note'),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('cable_tensions_window_idx').on(t.sensorId, t.windowStart),
    index('cable_tensions_bridge_idx').on(t.bridgeId, t.windowStart),
  ],
);

export const maintenanceEvents = pgTable(
  'maintenance_events',
  {
    id: serial('id').primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    sensorId: integer('sensor_id').references(() => sensors.id, { onDelete: 'set null' }),
    spanId: integer('span_id').references(() => spans.id, { onDelete: 'set null' }),
    note: text('note'),
    /**
     * While the works keep the sensor, span or bridge out of service (decision 055): its alerts'
     * notifications are held until the end. Null: a record of work done, suppressing nothing.
     */
    outOfServiceFrom: timestamp('out_of_service_from', { withTimezone: true }),
    outOfServiceUntil: timestamp('out_of_service_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('maintenance_events_bridge_idx').on(t.bridgeId, t.occurredOn),
    check('maintenance_events_kind_check', sql`${t.kind} in (${inList(MAINTENANCE_KINDS)})`),
    check(
      'maintenance_events_out_of_service_check',
      sql`(${t.outOfServiceFrom} is null) = (${t.outOfServiceUntil} is null) and (${t.outOfServiceUntil} is null or ${t.outOfServiceUntil} > ${t.outOfServiceFrom})`,
    ),
  ],
);

/**
 * A bridge's physical trigger levels and alarm rate (docs/decisions/025-physical-trigger-levels.md);
 * absent: the defaults of domain/trigger-levels.ts.
 */
export const bridgeAnalysisSettings = pgTable(
  'bridge_analysis_settings',
  {
    bridgeId: integer('bridge_id')
      .primaryKey()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    amberPercent: doublePrecision('amber_percent').notNull(),
    redPercent: doublePrecision('red_percent').notNull(),
    targetFalseAlarmRate: doublePrecision('target_false_alarm_rate').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'bridge_analysis_settings_levels_check',
      sql`${t.redPercent} <= ${t.amberPercent} AND ${t.amberPercent} < 0 AND ${t.redPercent} >= -50`,
    ),
    check(
      'bridge_analysis_settings_rate_check',
      sql`${t.targetFalseAlarmRate} > 0 AND ${t.targetFalseAlarmRate} < 1`,
    ),
  ],
);

/**
 * A bridge's fatigue settings (decision 045): the yearly traffic growth that remaining life
 * extrapolates with (geometric); absent: no growth.
 */
export const bridgeFatigueSettings = pgTable(
  'bridge_fatigue_settings',
  {
    bridgeId: integer('bridge_id')
      .primaryKey()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    trafficGrowthPercent: doublePrecision('traffic_growth_percent').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'bridge_fatigue_settings_growth_check',
      sql`${t.trafficGrowthPercent} >= -10 AND ${t.trafficGrowthPercent} <= 20`,
    ),
  ],
);

/** A bridge's inspection programme (docs/decisions/020-inspections.md); absent: the NBIS preset. */
export const inspectionProgrammes = pgTable(
  'inspection_programmes',
  {
    bridgeId: integer('bridge_id')
      .primaryKey()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    regime: text('regime').notNull(),
    ratingScale: text('rating_scale').notNull(),
    intervals: jsonb('intervals').$type<InspectionIntervals>().notNull(),
    poorConditionFactor: doublePrecision('poor_condition_factor').notNull(),
    dueLeadDays: integer('due_lead_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('inspection_programmes_regime_check', sql`${t.regime} in (${inList(REGIMES)})`),
    check('inspection_programmes_scale_check', sql`${t.ratingScale} in (${inList(RATING_SCALES)})`),
  ],
);

/** Inspections of a bridge; the rating is on the scale its programme had when it was recorded. */
export const inspections = pgTable(
  'inspections',
  {
    id: serial('id').primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    inspectedOn: date('inspected_on', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    inspector: text('inspector').notNull(),
    ratingScale: text('rating_scale').notNull(),
    deckRating: integer('deck_rating'),
    superstructureRating: integer('superstructure_rating'),
    substructureRating: integer('substructure_rating'),
    bci: doublePrecision('bci'),
    findings: text('findings'),
    attachments: jsonb('attachments').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The key a client made for a new record, so a retried send finds it (decision 053). */
    clientKey: text('client_key'),
  },
  (t) => [
    check('inspections_kind_check', sql`${t.kind} in (${inList(INSPECTION_KINDS)})`),
    check('inspections_scale_check', sql`${t.ratingScale} in (${inList(RATING_SCALES)})`),
    index('inspections_bridge_idx').on(t.bridgeId, t.inspectedOn),
    uniqueIndex('inspections_client_key_idx').on(t.clientKey),
  ],
);

/** Photos taken during an inspection, stored in the database beside it (decision 053). */
export const inspectionPhotos = pgTable(
  'inspection_photos',
  {
    id: serial('id').primaryKey(),
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * JPEGs made from `data` on upload (decision 053, Thumbnails): longest side 320 px for
     * lists, about 1600 px for the monthly report. Null for a photo stored before 0037 (made
     * on its first thumbnail request) or one no decoder opens.
     */
    thumbnail: bytea('thumbnail'),
    reportImage: bytea('report_image'),
  },
  (t) => [
    check(
      'inspection_photos_type_check',
      sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`,
    ),
    check('inspection_photos_size_check', sql`${t.sizeBytes} = octet_length(${t.data})`),
    // The same bytes sent again to the same inspection are the same photo, not a second one.
    uniqueIndex('inspection_photos_content_idx').on(t.inspectionId, t.sha256),
  ],
);

/**
 * A company's single sign-on through its OpenID Connect provider (decision 054). The client
 * secret is sealed like the users' company passwords (server/services/secret-box.ts) and never
 * leaves the server; null: none stored (a public client is not supported).
 */
export const companySso = pgTable('company_sso', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The email domains a company claims for its provider (kept lower case). Several companies may
 * claim a domain, each with its own challenge; only a verified claim sends a user to its
 * company's provider, and a domain has at most one (decision 071). `verified_method`: 'dns' (the
 * challenge found in a TXT record), 'review' (platform staff, by hand) or 'before-proof' (claimed
 * before migration 0048 and kept).
 */
export const companySsoDomains = pgTable(
  'company_sso_domains',
  {
    domain: text('domain').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companySso.companyId, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedMethod: text('verified_method'),
    verifiedBy: integer('verified_by').references(() => users.id, { onDelete: 'set null' }),
    /** When a DNS proof was last looked up again (decision 078); null: not yet. */
    recheckedAt: timestamp('rechecked_at', { withTimezone: true }),
    /** Re-checks in a row that found no proof; the third withdraws the verification. */
    recheckFailures: smallint('recheck_failures').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.domain, t.companyId] }),
    check('company_sso_domains_lower_check', sql`${t.domain} = lower(${t.domain})`),
    check(
      'company_sso_domains_verified_check',
      sql`(${t.verifiedAt} IS NULL) = (${t.verifiedMethod} IS NULL) AND ${t.verifiedMethod} IN ('dns', 'review', 'before-proof')`,
    ),
    index('company_sso_domains_company_idx').on(t.companyId),
    uniqueIndex('company_sso_domains_verified_idx')
      .on(t.domain)
      .where(sql`${t.verifiedAt} IS NOT NULL`),
  ],
);

/**
 * Sign-ins through a company's provider, from the start (state, nonce and PKCE verifier, kept
 * here, not in the browser) to the hand-over of the session to the SPA. Single use: the callback
 * claims a row once (`claimed_at`), the SPA exchanges its hand-over code once (the row goes).
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the `state` sent to the provider. */
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Set once the provider's answer was verified: whom the hand-over signs in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the one-time code the SPA trades for its tokens. */
    handoffHash: text('handoff_hash'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sso_logins_state_idx').on(t.stateHash),
    uniqueIndex('sso_logins_handoff_idx').on(t.handoffHash),
    index('sso_logins_created_idx').on(t.createdAt),
  ],
);

export const ROTATIONS = ['daily', 'weekly'] as const;

/**
 * A company's on-call rota (decision 056): its members take turns of a day or a week, handing
 * off at `hand_off_time` on the clock of `time_zone`, the first turn starting on `starts_on`.
 */
export const rotas = pgTable(
  'rotas',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rotation: text('rotation', { enum: ROTATIONS }).notNull(),
    /** 'HH:MM', local time in `time_zone`. */
    handOffTime: text('hand_off_time').notNull(),
    timeZone: text('time_zone').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('rotas_rotation_check', sql`${t.rotation} in (${inList(ROTATIONS)})`),
    check('rotas_hand_off_time_check', sql`${t.handOffTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    index('rotas_company_idx').on(t.companyId),
  ],
);

/** A rota's members in turn order (position 0 takes the first turn); of the rota's company. */
export const rotaMembers = pgTable(
  'rota_members',
  {
    rotaId: integer('rota_id')
      .notNull()
      .references(() => rotas.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.rotaId, t.position] }),
    index('rota_members_user_idx').on(t.userId),
  ],
);

/** Someone standing in for the rotation (a holiday) from `from_at` to `to_at`. */
export const rotaOverrides = pgTable(
  'rota_overrides',
  {
    id: serial('id').primaryKey(),
    rotaId: integer('rota_id')
      .notNull()
      .references(() => rotas.id, { onDelete: 'cascade' }),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
  },
  (t) => [
    check('rota_overrides_order_check', sql`${t.toAt} > ${t.fromAt}`),
    index('rota_overrides_rota_idx').on(t.rotaId, t.toAt),
  ],
);

/** A company's named set of its own users that notification rules send to (decision 060). */
export const contactGroups = pgTable(
  'contact_groups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('contact_groups_name_check', sql`length(${t.name}) between 1 and 200`),
    index('contact_groups_company_idx').on(t.companyId),
  ],
);

/** A contact group's members, each once; of the group's company. */
export const contactGroupMembers = pgTable(
  'contact_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => contactGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('contact_group_members_user_idx').on(t.userId),
  ],
);

/**
 * Routes a company's alerts (of one bridge, or all) of these types (null: all) from a severity
 * up to a contact group, on these channels, at a tier (decision 060).
 */
export const notificationRules = pgTable(
  'notification_rules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    bridgeId: integer('bridge_id').references(() => bridges.id, { onDelete: 'cascade' }),
    alertTypes: text('alert_types').array(),
    minSeverity: text('min_severity', { enum: ['Low', 'Medium', 'High', 'Critical'] }).notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => contactGroups.id, { onDelete: 'cascade' }),
    channels: text('channels').array().notNull(),
    tier: integer('tier').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_rules_severity_check',
      sql`${t.minSeverity} in (${inList(RULE_SEVERITIES)})`,
    ),
    check(
      'notification_rules_tier_check',
      sql`${t.tier} between 1 and ${sql.raw(String(MAX_RULE_TIER))}`,
    ),
    check(
      'notification_rules_channels_check',
      sql`cardinality(${t.channels}) between 1 and ${sql.raw(String(RULE_CHANNELS.length))} and ${t.channels} <@ array[${inList(RULE_CHANNELS)}]::text[]`,
    ),
    check(
      'notification_rules_types_check',
      sql`${t.alertTypes} is null or (cardinality(${t.alertTypes}) between 1 and ${sql.raw(String(ALERT_TYPES.length))} and ${t.alertTypes} <@ array[${inList(ALERT_TYPES)}]::text[])`,
    ),
    index('notification_rules_company_idx').on(t.companyId),
  ],
);

/**
 * A bridge's trigger-action-response plan (decision 077): per trigger level the actions it
 * requires, in order. Owner: a contact group of the bridge's company, or null for the company's
 * administrators (also when the group is deleted later).
 */
export const responsePlanActions = pgTable(
  'response_plan_actions',
  {
    id: serial('id').primaryKey(),
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => bridges.id, { onDelete: 'cascade' }),
    level: text('level', { enum: PLAN_LEVELS }).notNull(),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    dueHours: integer('due_hours').notNull(),
    ownerGroupId: integer('owner_group_id').references(() => contactGroups.id, {
      onDelete: 'set null',
    }),
    /** Its own reminder interval once overdue (minutes); null: the alert's escalation's. */
    reminderMinutes: integer('reminder_minutes'),
  },
  (t) => [
    check('response_plan_actions_level_check', sql`${t.level} in (${inList(PLAN_LEVELS)})`),
    check(
      'response_plan_actions_reminder_check',
      sql`${t.reminderMinutes} is null or ${t.reminderMinutes} between ${sql.raw(String(REMINDER_MINUTES_MIN))} and ${sql.raw(String(REMINDER_MINUTES_MAX))}`,
    ),
    check(
      'response_plan_actions_position_check',
      sql`${t.position} between 0 and ${sql.raw(String(ACTIONS_PER_LEVEL_MAX - 1))}`,
    ),
    check(
      'response_plan_actions_text_check',
      sql`length(${t.text}) between 1 and ${sql.raw(String(ACTION_TEXT_MAX))}`,
    ),
    check(
      'response_plan_actions_due_check',
      sql`${t.dueHours} between 1 and ${sql.raw(String(DUE_HOURS_MAX))}`,
    ),
    uniqueIndex('response_plan_actions_key').on(t.bridgeId, t.level, t.position),
  ],
);

/**
 * The actions an alert was given when it crossed a trigger level (decision 077): copied from
 * the plan then, so a later change of the plan leaves the alert with what was required at the
 * time; the owner's name is kept as it read then. Ticked off once, with a comment.
 */
export const alertActions = pgTable(
  'alert_actions',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    level: text('level', { enum: PLAN_LEVELS }).notNull(),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    ownerGroupId: integer('owner_group_id').references(() => contactGroups.id, {
      onDelete: 'set null',
    }),
    ownerName: text('owner_name').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    doneComment: text('done_comment'),
    /**
     * When the escalation check found it overdue and undone and told the next tier: set by the
     * statement that claims it, so two checks never both tell (decision 077).
     */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /**
     * How many checks have claimed the action's notices: the claim's compare-and-set, so two
     * checks at once, in one process or two, never both plan the same step (decision 077).
     */
    noticeStep: integer('notice_step').notNull().default(0),
    /**
     * When its next reminder or tier is due once it has been escalated; null before the first
     * notice (due at `due_at`) and when nothing is left (decision 077's reminders).
     */
    nextNoticeAt: timestamp('next_notice_at', { withTimezone: true }),
    /** The plan's reminder interval of the action when copied (minutes); null: the alert's. */
    reminderMinutes: integer('reminder_minutes'),
  },
  (t) => [
    check('alert_actions_level_check', sql`${t.level} in (${inList(PLAN_LEVELS)})`),
    check(
      'alert_actions_done_check',
      sql`(${t.doneAt} is null) = (${t.doneComment} is null) and (${t.doneComment} is null or length(${t.doneComment}) between 1 and ${sql.raw(String(ACTION_COMMENT_MAX))})`,
    ),
    uniqueIndex('alert_actions_key').on(t.alertId, t.level, t.position),
    index('alert_actions_due_idx')
      .on(t.dueAt)
      .where(sql`${t.doneAt} is null`),
    index('alert_actions_next_notice_idx')
      .on(t.nextNoticeAt)
      .where(sql`${t.doneAt} is null`),
  ],
);
