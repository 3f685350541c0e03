import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contract } from '../../../server/contract.ts';
import { alertActions, alerts, notifications } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { bridgeWithSensor, companyPerson, offlineAlert } from '../../helpers/company-person.ts';
import { jpegBytes, pngBytes } from '../../helpers/photo-fixtures.ts';
import { type TestContext, setupTestApp } from '../../helpers/test-app.ts';
import { storeEvaluation } from '../analysis/stored-evaluation.ts';

// Decision 040: a company administrator of company B reaches nothing of company A. Every probe
// on one of A's records is answered exactly as the same probe on a record that never existed
// (status and detail, ids aside), lists hold none of A's rows, and A's rows stay as they were.

const GHOST = 999_999;
const GHOST_NAME = 'Never Built Bridge';

interface Call {
  method: string;
  url: string;
  body?: unknown;
  /** A CSV answer: compared by status and text. */
  raw?: boolean;
  /** A body sent as bytes of this type (an uploaded file), not JSON. */
  contentType?: string;
}

/** The records a probe aims at: A's, or ids that never existed (`GHOST`). */
interface Targets {
  bridge: number;
  span: number;
  sensor: number;
  stream: number;
  token: number;
  alert: number;
  user: number;
  operator: number;
  companyId: number;
  companyName: string;
  /** The bridge's name, which the analysis calls take as `sid`. */
  bridgeName: string;
  inspection: number;
  photo: number;
  maintenanceEvent: number;
  /** An action A's alert was given from its bridge's response plan (decision 077). */
  alertAction: number;
  /** A notification of the company's operator. */
  notification: number;
  /** An on-call rota of the company (decision 056). */
  rota: number;
  /** A contact group of the company and a rule sending to it (decision 060). */
  contactGroup: number;
  notificationRule: number;
}

const bridgeBody = {
  name: 'Probe Bridge',
  location: 'Nowhere',
  construction_date: '2001-01-01',
  latitude: 50,
  longitude: -100,
};

const ROTA_BODY = {
  name: 'Probe rota',
  rotation: 'daily',
  hand_off_time: '09:00',
  time_zone: 'UTC',
  starts_on: '2026-01-01',
  members: [],
};

/** A rule naming the target's bridge and group (decision 060). */
const ruleBody = (x: Targets) => ({
  bridge_id: x.bridge,
  alert_types: null,
  min_severity: 'Low',
  group_id: x.contactGroup,
  channels: ['email', 'sms'],
});

async function seedTwoCompanies(t: TestContext) {
  const { users, datastreams, ingestTokens } = t.services;
  const person = (username: string, company: string, admin: boolean) =>
    companyPerson(t, username, company, { admin });
  const structure = async (companyId: number, prefix: string) => {
    const { bridge, span, sensor } = await bridgeWithSensor(t, companyId, prefix);
    const stream = await datastreams.create({
      streamId: `${prefix}-tilt`,
      dataType: 'tilt',
      sensorIds: [sensor.id],
    });
    const { row: token } = await ingestTokens.create(bridge.id, `${prefix} gateway`);
    const alert = await offlineAlert(t, bridge.id, prefix);
    return { bridge, span, sensor, stream, token, alert };
  };

  const adminA = await person('alpha-admin', 'Alpha Spans', true);
  const operatorA = await person('alpha-operator', 'Alpha Spans', false);
  const adminB = await person('beta-admin', 'Beta Bridges', true);
  const a = await structure(adminA.row.companyId, 'alpha');
  const b = await structure(adminB.row.companyId, 'beta');
  const operatorB = await person('beta-operator', 'Beta Bridges', false);
  await users.setBridges(operatorA.row.id, [a.bridge.id]);
  await users.setBridges(operatorB.row.id, [b.bridge.id]);
  await users.setDatastreams(operatorA.row.id, [a.stream.id]);
  const records = await recordsOfA(t, a.bridge, a.alert, operatorA.row.id);
  // A's response plan and an action its alert was given, which B's probes must leave as they are.
  await t.services.responsePlans.replace(a.bridge.id, {
    amber: [{ text: 'Inspect the deck', dueHours: 72, ownerGroupId: null, reminderMinutes: null }],
    red: [],
  });
  const [action] = await t.services.database.db
    .insert(alertActions)
    .values({
      alertId: a.alert,
      level: 'amber',
      position: 0,
      text: 'Inspect the deck',
      ownerName: 'Company administrators',
      dueAt: new Date('2026-03-04T10:00:00Z'),
    })
    .returning({ id: alertActions.id });
  const targetsA: Targets = {
    bridge: a.bridge.id,
    span: a.span.id,
    sensor: a.sensor.id,
    stream: a.stream.id,
    token: a.token.id,
    alert: a.alert,
    user: adminA.row.id,
    operator: operatorA.row.id,
    companyId: adminA.row.companyId,
    companyName: 'Alpha Spans',
    bridgeName: a.bridge.name,
    alertAction: action?.id ?? 0,
    ...records,
  };
  return { targetsA, adminB, operatorB, b, companyA: adminA.row.companyId };
}

/**
 * What hangs off A's bridge beyond its structure, made as platform staff would: an inspection with
 * a photo, a maintenance event, a stored evaluation (so the analysis calls have something to
 * leak), and a notification of A's operator about A's alert.
 */
async function recordsOfA(
  t: TestContext,
  bridge: { id: number; name: string; companyId: number },
  alertId: number,
  operatorId: number,
) {
  const staff = await t.createUser({ staff: true, name: 'platform-staff' });
  const asStaff = async (url: string, payload: object | Buffer, contentType?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${staff.token}`,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      payload,
    });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.body}`);
    return (response.json() as { id: number }).id;
  };
  const inspection = await asStaff(`/api/v1/bridges/${bridge.id}/inspections`, {
    inspected_on: '2025-09-01',
    kind: 'routine',
    inspector: 'Alpha Inspector',
    rating: { scale: 'NBI', deck: 7, superstructure: 7, substructure: 6 },
  });
  const photo = await asStaff(
    `/api/v1/inspections/${inspection}/photos`,
    jpegBytes(1),
    'application/octet-stream',
  );
  const maintenanceEvent = await asStaff(`/api/v1/bridges/${bridge.id}/maintenance`, {
    occurred_on: '2026-01-15',
    kind: 'repair',
  });
  await storeEvaluation(t.services, bridge);
  const [notification] = await t.services.database.db
    .insert(notifications)
    .values({ userId: operatorId, alertId, kind: 'raised' })
    .returning({ id: notifications.id });
  const rota = await t.services.rotas.create(bridge.companyId, {
    name: 'Alpha on call',
    rotation: 'weekly',
    handOffTime: '09:00',
    timeZone: 'America/Toronto',
    startsOn: '2026-01-05',
    members: [operatorId],
    overrides: [],
  });
  const group = await t.services.contactGroups.createGroup(bridge.companyId, {
    name: 'Alpha engineers',
    members: [operatorId],
  });
  const rule = await t.services.contactGroups.createRule(bridge.companyId, {
    bridgeId: bridge.id,
    alertTypes: null,
    minSeverity: 'High',
    groupId: group.id,
    channels: ['email'],
    tier: 1,
  });
  return {
    inspection,
    photo,
    maintenanceEvent,
    notification: notification?.id ?? 0,
    rota: rota.id,
    contactGroup: group.id,
    notificationRule: rule.id,
  };
}

/** Everything of company A a probe could change, read straight from the repositories. */
async function rowsOfA(t: TestContext, companyA: number, target: Targets) {
  const { users, bridges, spans, sensors, datastreams, ingestTokens } = t.services;
  const staff = { id: 0, isStaff: true };
  const people = await users.list(companyA);
  return JSON.stringify({
    bridges: (await bridges.list(staff)).filter((row) => row.companyId === companyA),
    spans: await spans.list(staff, target.bridge),
    sensors: await sensors.list(staff, target.bridge),
    streams: (await datastreams.list(staff)).filter((row) => row.id === target.stream),
    tokens: await ingestTokens.list(target.bridge),
    alerts: await t.services.database.db.select().from(alerts).where(eq(alerts.id, target.alert)),
    alertActions: await t.services.database.db
      .select()
      .from(alertActions)
      .where(eq(alertActions.alertId, target.alert)),
    responsePlan: await t.services.responsePlans.ofBridge(target.bridge),
    people,
    assignments: [...(await users.assignmentsOf(people.map((p) => p.id))).entries()],
    inspections: await t.services.database.db.execute(
      sql`SELECT i.*, (SELECT count(*) FROM inspection_photos p WHERE p.inspection_id = i.id) AS photos
          FROM inspections i WHERE bridge_id = ${target.bridge} ORDER BY id`,
    ),
    maintenance: await t.services.database.db.execute(
      sql`SELECT * FROM maintenance_events WHERE bridge_id = ${target.bridge} ORDER BY id`,
    ),
    notifications: await t.services.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, target.notification)),
    sso: await t.services.companySso.find(companyA),
    rotas: await t.services.rotas.list(companyA),
    contactGroups: await t.services.contactGroups.listGroups(companyA),
    notificationRules: await t.services.contactGroups.listRules(companyA),
    limits: await t.services.companyLimits.find(companyA),
    settings: await t.services.companySettings.find(companyA),
    logo: await t.services.companySettings.logo(companyA),
    escalation: await t.services.companyEscalation.find(companyA),
  });
}

/** By-id probes of company B's administrator: reads and writes of the staff screens and dashboard. */
function probes(own: {
  bridge: number;
  span: number;
  sensor: number;
  stream: number;
  user: number;
}) {
  const month = new Date().toISOString().slice(0, 7);
  return {
    // Reads of one record.
    getBridgeFatigue: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/fatigue`,
    }),
    getMonthlyReport: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/report?month=${month}`,
    }),
    listMaintenanceEvents: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/maintenance`,
    }),
    getAnalysisSettings: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/analysis-settings`,
    }),
    getFrequencyShift: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/frequency-shift`,
    }),
    getBridgeModes: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/modes`,
    }),
    getBridgeModesDaily: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/modes/daily?from=2026-01-01&to=2026-01-31`,
    }),
    getCableTensions: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/cable-tensions`,
    }),
    listBaselineVersions: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/baselines`,
    }),
    acceptBaselineVersion: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/bridges/${x.bridge}/baselines/1/accept`,
    }),
    rejectBaselineVersion: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/bridges/${x.bridge}/baselines/1/reject`,
      body: { reason: 'Probe' },
    }),
    listBridgeInspections: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/inspections`,
    }),
    getInspectionProgramme: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/inspection-programme`,
    }),
    listSensorCalibrations: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/sensors/${x.sensor}/calibrations`,
    }),
    listSensorStatusChanges: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/sensors/${x.sensor}/status-changes`,
    }),
    getReadings: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/datastreams/${x.stream}/readings`,
    }),
    exportReadingsCsv: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/datastreams/${x.stream}/readings.csv`,
      raw: true,
    }),
    listAlertDeliveries: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/alerts/${x.alert}/deliveries`,
    }),
    readAlert: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/alerts/${x.alert}`,
    }),
    acknowledgeAlert: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/alerts/${x.alert}/acknowledge`,
      body: { comment: 'Seen' },
    }),
    listAlertActions: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/alerts/${x.alert}/actions`,
    }),
    completeAlertAction: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/alerts/${x.alert}/actions/${x.alertAction}/complete`,
      body: { comment: 'Done' },
    }),
    getResponsePlan: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/response-plan`,
    }),
    updateResponsePlan: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/bridges/${x.bridge}/response-plan`,
      body: { amber: [], red: [] },
    }),
    inspectLoggerUpload: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/bridges/${x.bridge}/imports/inspect`,
      body: 'time,a\n2026-03-15 10:00:00,1\n',
      contentType: 'application/octet-stream',
    }),
    importLoggerUpload: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/bridges/${x.bridge}/imports?map=a%3Dprobe`,
      body: 'time,a\n2026-03-15 10:00:00,1\n',
      contentType: 'application/octet-stream',
    }),
    listIngestTokens: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/bridges/${x.bridge}/ingest-tokens`,
    }),
    getAnalysisStatus: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/ai/status?sid=${encodeURIComponent(x.bridgeName)}`,
    }),
    getAnomalies: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/ai/anomalies?sid=${encodeURIComponent(x.bridgeName)}`,
    }),
    getForecast: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/ai/forecast?sid=${encodeURIComponent(x.bridgeName)}`,
    }),
    getPredictionChart: (x: Targets): Call => ({
      method: 'POST',
      url: '/api/v1/ai/predict/prediction',
      body: { sid: x.bridgeName },
    }),
    getInspectionPhoto: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/inspection-photos/${x.photo}`,
    }),
    getInspectionPhotoThumbnail: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/inspection-photos/${x.photo}/thumbnail`,
    }),
    getCompanySso: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/companies/${x.companyId}/sso`,
    }),
    listRotas: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/companies/${x.companyId}/rotas`,
    }),
    getCompanyLimits: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/companies/${x.companyId}/limits`,
    }),
    getCompanySettings: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/companies/${x.companyId}/settings`,
    }),
    getCompanyLogo: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/companies/${x.companyId}/logo`,
    }),
    getOnCall: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/companies/${x.companyId}/on-call`,
    }),
    getCompanyEscalation: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/companies/${x.companyId}/escalation`,
    }),
    listContactGroups: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/companies/${x.companyId}/contact-groups`,
    }),
    listNotificationRules: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/companies/${x.companyId}/notification-rules`,
    }),
    listCompanyDeliveries: (x: Targets): Call => ({
      method: 'GET',
      url: `/api/v1/companies/${x.companyId}/deliveries`,
    }),
    // Writes on one record, or naming one in the body.
    verifyCompanySsoDomain: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/companies/${x.companyId}/sso/domains/a.example/verify`,
      body: { method: 'dns' },
    }),
    updateCompanySso: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/companies/${x.companyId}/sso`,
      body: {
        enabled: false,
        issuer: 'https://login.example.com',
        client_id: 'probe',
        client_secret: 'probe-secret',
        email_domains: ['probe.example'],
      },
    }),
    updateCompanyLimits: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/companies/${x.companyId}/limits`,
      body: { max_bridges: 0, max_datastreams: 0, ingest_samples_per_minute: 1 },
    }),
    updateCompanySettings: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/companies/${x.companyId}/settings`,
      body: {
        name: 'Probe Renamed Ltd',
        address: '1 Probe Street',
        time_zone: 'Asia/Tokyo',
        units: 'imperial',
        default_amber_percent: -1,
        default_red_percent: -3,
      },
    }),
    updateCompanyLogo: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/companies/${x.companyId}/logo`,
      body: pngBytes(9),
      contentType: 'application/octet-stream',
    }),
    deleteCompanyLogo: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/companies/${x.companyId}/logo`,
    }),
    createRota: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/companies/${x.companyId}/rotas`,
      body: ROTA_BODY,
    }),
    updateRota: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/companies/${x.companyId}/rotas/${x.rota}`,
      body: ROTA_BODY,
    }),
    deleteRota: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/companies/${x.companyId}/rotas/${x.rota}`,
    }),
    updateCompanyEscalation: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/companies/${x.companyId}/escalation`,
      body: { tier2_minutes: 2, tier3_minutes: 3, reminder_minutes: null },
    }),
    resetCompanyEscalation: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/companies/${x.companyId}/escalation`,
    }),
    createContactGroup: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/companies/${x.companyId}/contact-groups`,
      body: { name: 'Probe group', members: [x.operator] },
    }),
    updateContactGroup: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/companies/${x.companyId}/contact-groups/${x.contactGroup}`,
      body: { name: 'Probe group', members: [] },
    }),
    deleteContactGroup: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/companies/${x.companyId}/contact-groups/${x.contactGroup}`,
    }),
    createNotificationRule: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/companies/${x.companyId}/notification-rules`,
      body: ruleBody(x),
    }),
    updateNotificationRule: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/companies/${x.companyId}/notification-rules/${x.notificationRule}`,
      body: ruleBody(x),
    }),
    deleteNotificationRule: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/companies/${x.companyId}/notification-rules/${x.notificationRule}`,
    }),
    updateBridge: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/bridges/${x.bridge}/update`,
      body: bridgeBody,
    }),
    deleteBridge: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/bridges/${x.bridge}/delete?cascade=true`,
    }),
    createBridgeInCompany: (x: Targets): Call => ({
      method: 'POST',
      url: '/api/v1/bridges/create',
      body: { ...bridgeBody, company_id: x.companyId },
    }),
    moveOwnBridgeToCompany: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/bridges/${own.bridge}/update`,
      body: { ...bridgeBody, company_id: x.companyId },
    }),
    createSpan: (x: Targets): Call => ({
      method: 'POST',
      url: '/api/v1/spans/create',
      body: { bridge: x.bridge, span_id: 'probe', length: 10 },
    }),
    deleteSpan: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/spans/${x.span}/delete?cascade=true`,
    }),
    createSensor: (x: Targets): Call => ({
      method: 'POST',
      url: '/api/v1/sensors/create',
      body: {
        bridge: x.bridge,
        span: x.span,
        sensor_id: 'probe-tilt',
        type: 'tilt',
        status: 'active',
        installation_date: '2025-03-01',
      },
    }),
    createSensorOnOwnBridgeTheirSpan: (x: Targets): Call => ({
      method: 'POST',
      url: '/api/v1/sensors/create',
      body: {
        bridge: own.bridge,
        span: x.span,
        sensor_id: 'probe-tilt',
        type: 'tilt',
        status: 'active',
        installation_date: '2025-03-01',
      },
    }),
    deleteSensor: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/sensors/${x.sensor}/delete`,
    }),
    setSensorLimits: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/sensors/${x.sensor}/limits`,
      body: { low: -1, high: 1, sustained_minutes: 30 },
    }),
    setSensorGeometry: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/sensors/${x.sensor}/geometry`,
      body: { chainage_m: 5, transverse_offset_m: 0, direction: 'vertical' },
    }),
    setSensorRange: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/sensors/${x.sensor}/range`,
      body: { low: -1, high: 1 },
    }),
    changeSensorStatus: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/sensors/${x.sensor}/status-changes`,
      body: { status: 'maintenance' },
    }),
    setSensorCable: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/sensors/${x.sensor}/cable`,
      body: { length_m: 80, mass_per_m: 40 },
    }),
    removeSensorCable: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/sensors/${x.sensor}/cable`,
    }),
    assignTheirSensorToOwnStream: (x: Targets): Call => ({
      method: 'PUT',
      url: '/api/v1/sensors/assign',
      body: { sensor_id: x.sensor, datastream_id: own.stream },
    }),
    assignOwnSensorToTheirStream: (x: Targets): Call => ({
      method: 'PUT',
      url: '/api/v1/sensors/assign',
      body: { sensor_id: own.sensor, datastream_id: x.stream },
    }),
    createDatastream: (x: Targets): Call => ({
      method: 'POST',
      url: '/api/v1/datastreams/create',
      body: { stream_id: 'probe-stream', data_type: 'tilt', sensors: [x.sensor] },
    }),
    updateDatastream: (x: Targets): Call => ({
      method: 'PATCH',
      url: `/api/v1/datastreams/${x.stream}`,
      body: { resolution: 0.01 },
    }),
    deleteDatastream: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/datastreams/${x.stream}/delete`,
    }),
    createIngestToken: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/bridges/${x.bridge}/ingest-tokens`,
      body: { name: 'probe' },
    }),
    revokeIngestToken: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/bridges/${x.bridge}/ingest-tokens/${x.token}`,
    }),
    revokeTheirTokenThroughOwnBridge: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/bridges/${own.bridge}/ingest-tokens/${x.token}`,
    }),
    requestAnalysis: (x: Targets): Call => ({
      method: 'POST',
      url: '/api/v1/ai/analyze',
      body: { sid: x.bridgeName },
    }),
    setAnalysisSettings: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/bridges/${x.bridge}/analysis-settings`,
      body: { amber_percent: -2, red_percent: -5, target_false_alarm_rate: 0.01 },
    }),
    setFatigueSettings: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/bridges/${x.bridge}/fatigue-settings`,
      body: { traffic_growth_percent: 1.5 },
    }),
    setFatigueDetail: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/sensors/${x.sensor}/fatigue-detail`,
      body: { name: 'Weld toe', curve: 'EC3 100' },
    }),
    deleteFatigueDetail: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/sensors/${x.sensor}/fatigue-detail`,
    }),
    addSensorCalibration: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/sensors/${x.sensor}/calibrations`,
      body: { calibrated_on: '2026-01-15', calibrated_by: 'Lab One' },
    }),
    createMaintenanceEvent: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/bridges/${x.bridge}/maintenance`,
      body: { occurred_on: '2026-01-15', kind: 'repair' },
    }),
    deleteMaintenanceEvent: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/bridges/${x.bridge}/maintenance/${x.maintenanceEvent}`,
    }),
    setInspectionProgramme: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/bridges/${x.bridge}/inspection-programme`,
      body: { regime: 'OSIM' },
    }),
    createInspection: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/bridges/${x.bridge}/inspections`,
      body: {
        inspected_on: '2025-09-02',
        kind: 'routine',
        inspector: 'Probe Inspector',
        rating: { scale: 'NBI', deck: 7, superstructure: 7, substructure: 6 },
      },
    }),
    updateInspection: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/inspections/${x.inspection}`,
      body: {
        inspected_on: '2025-09-02',
        kind: 'routine',
        inspector: 'Probe Inspector',
        rating: { scale: 'NBI', deck: 1, superstructure: 1, substructure: 1 },
      },
    }),
    deleteInspection: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/inspections/${x.inspection}`,
    }),
    uploadInspectionPhoto: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/inspections/${x.inspection}/photos`,
      body: jpegBytes(2),
      contentType: 'application/octet-stream',
    }),
    deleteInspectionPhoto: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/inspection-photos/${x.photo}`,
    }),
    markNotificationRead: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/notifications/${x.notification}/read`,
    }),
    updateUser: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/users/${x.user}/update`,
      body: { address: 'Taken over' },
    }),
    promoteUser: (x: Targets): Call => ({
      method: 'PUT',
      url: `/api/v1/users/${x.operator}/update`,
      body: { is_company_admin: true },
    }),
    deleteUser: (x: Targets): Call => ({
      method: 'DELETE',
      url: `/api/v1/users/${x.operator}/delete`,
    }),
    assignBridgesToTheirUser: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/users/${x.operator}/assign`,
      body: { bridge_ids: [own.bridge] },
    }),
    assignTheirBridgeToOwnUser: (x: Targets): Call => ({
      method: 'POST',
      url: `/api/v1/users/${own.user}/assign`,
      body: { bridge_ids: [x.bridge] },
    }),
    assignStreamsToTheirUser: (x: Targets): Call => ({
      method: 'POST',
      url: '/api/v1/users/assigndatastream',
      body: { user_id: x.operator, stream_ids: [] },
    }),
    assignTheirStreamToOwnUser: (x: Targets): Call => ({
      method: 'POST',
      url: '/api/v1/users/assigndatastream',
      body: { user_id: own.user, stream_ids: [x.stream] },
    }),
    signUpIntoTheirCompany: (x: Targets): Call => ({
      method: 'POST',
      url: '/api/v1/auth/signup',
      body: {
        username: 'planted',
        email: 'planted@example.ca',
        password: 'long-enough-1',
        company: x.companyName,
        address: 'A',
      },
    }),
  };
}

const LISTS = [
  '/api/v1/inspection-calendar',
  '/api/v1/notifications',
  '/api/v1/bridges',
  '/api/v1/bridges/',
  '/api/v1/spans',
  '/api/v1/sensors',
  '/api/v1/datastreams',
  '/api/v1/data-streams/',
  '/api/v1/users',
  '/api/v1/alerts?state=all',
  '/api/v1/companies',
];

/** Probes named for what they try, and the operation each one calls. */
const PROBE_OPERATION: Record<string, string> = {
  getMonthlyReport: 'getBridgeReport',
  createBridgeInCompany: 'createBridge',
  moveOwnBridgeToCompany: 'updateBridge',
  createSensorOnOwnBridgeTheirSpan: 'createSensor',
  assignTheirSensorToOwnStream: 'assignSensor',
  assignOwnSensorToTheirStream: 'assignSensor',
  revokeTheirTokenThroughOwnBridge: 'revokeIngestToken',
  promoteUser: 'updateUser',
  assignBridgesToTheirUser: 'assignBridges',
  assignTheirBridgeToOwnUser: 'assignBridges',
  assignStreamsToTheirUser: 'assignDatastreams',
  assignTheirStreamToOwnUser: 'assignDatastreams',
  signUpIntoTheirCompany: 'signup',
};

/**
 * The operations no probe sends, each with why: lists are read by the list test below, and the
 * rest name no record of another company (the caller's own session, notifications and
 * acknowledge links, which are signed for one user, and the platform's own screens).
 */
const NOT_PROBED: Record<string, string> = {
  getHealth: 'public, names nothing',
  getReadiness: 'public, names nothing',
  login: 'names an account by its own password',
  startSsoLogin: "public: an email's domain, not a record (single sign-on tests)",
  completeSsoLogin:
    "public: the provider's answer to a sign-in started here (single sign-on tests)",
  exchangeSsoLogin: 'a one-time code that signs in its own user (single sign-on tests)',
  logout: "the caller's own session",
  refreshToken: "the caller's own session",
  getCurrentUser: 'the caller',
  createContactMessage: 'public marketing form',
  listContactMessages: 'platform staff only: messages belong to no company',
  markContactMessageHandled: 'platform staff only: messages belong to no company',
  listRensysBridgeNames: 'a public register of names',
  listNotifications: "the caller's own notifications (list test)",
  countUnreadNotifications: "the caller's own notifications",
  markAllNotificationsRead: "the caller's own notifications",
  getNotificationSettings: "the caller's own settings",
  updateNotificationSettings: "the caller's own settings",
  requestPhoneVerification: "the caller's own phone",
  verifyPhone: "the caller's own phone",
  readAcknowledgeLink: 'a link signed for one user and alert (acknowledge-link tests)',
  acknowledgeByLink: 'a link signed for one user and alert (acknowledge-link tests)',
  listAuditEntries: 'platform staff only (role matrix)',
  exportAuditCsv: 'platform staff only (role matrix)',
  getInspectionCalendar: 'a list (list test)',
  listBridges: 'a list (list test)',
  listBridgesWithSlash: 'a list (list test)',
  listSpans: 'a list (list test)',
  listSensors: 'a list (list test)',
  listDatastreams: 'a list (list test)',
  listDataStreamsHyphenated: 'a list (list test)',
  listUsers: 'a list (list test)',
  listAlerts: 'a list (list test)',
  listCompanies: 'a list (list test)',
  ingestReadings: "a gateway's token names its bridge (ingest tests)",
};

describe('the tenancy probes', () => {
  it('send every operation of the contract, or say why not', () => {
    const operations = Object.values(
      contract.paths as Record<string, Record<string, { operationId: string }>>,
    ).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    const probed = Object.keys(probes({ bridge: 0, span: 0, sensor: 0, stream: 0, user: 0 })).map(
      (name) => PROBE_OPERATION[name] ?? name,
    );
    const covered = new Set([...probed, ...Object.keys(NOT_PROBED)]);
    expect(operations.filter((op) => !covered.has(op)).sort()).toEqual([]);
    expect([...covered].filter((op) => !operations.includes(op)).sort()).toEqual([]);
  });
});

describe.each(drivers)('company administrators across companies on %s', (kind) => {
  const t = setupTestApp(kind);

  /** An answer with ids of records written as '#', so one on A's record and one on a ghost compare. */
  async function answer(token: string, call: Call) {
    const response = await t.app.inject({
      method: call.method as 'GET',
      url: call.url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(call.contentType ? { 'content-type': call.contentType } : {}),
      },
      ...(call.body === undefined ? {} : { payload: call.body as object }),
    });
    // The analysis calls name the bridge they were asked about in their refusal.
    const body = response.body.replaceAll(GHOST_NAME, '@').replaceAll('alpha Bridge', '@');
    return { status: response.statusCode, body: body.replace(/\d+/g, '#') };
  }

  it("refuses every by-id read and write on another company's records as if they did not exist", async () => {
    const { targetsA, adminB, operatorB, b, companyA } = await seedTwoCompanies(t);
    const ghost: Targets = {
      bridge: GHOST,
      span: GHOST,
      sensor: GHOST,
      stream: GHOST,
      token: GHOST,
      alert: GHOST,
      user: GHOST,
      operator: GHOST,
      companyId: GHOST,
      companyName: 'Never Registered Ltd',
      bridgeName: GHOST_NAME,
      inspection: GHOST,
      photo: GHOST,
      maintenanceEvent: GHOST,
      notification: GHOST,
      rota: GHOST,
      contactGroup: GHOST,
      notificationRule: GHOST,
      alertAction: GHOST,
    };
    const own = {
      bridge: b.bridge.id,
      span: b.span.id,
      sensor: b.sensor.id,
      stream: b.stream.id,
      user: adminB.row.id,
    };
    // A's single sign-on, which B's update probe must leave as it is (decision 054).
    await t.services.companySso.save(companyA, {
      enabled: true,
      issuer: 'https://login.a.example',
      clientId: 'a',
      clientSecretSealed: t.services.secretBox.seal('a-secret'),
      emailDomains: ['a.example'],
    });
    // A's settings and logo, which B's probes must leave as they are (decision 063).
    await t.services.companySettings.save(companyA, {
      name: 'Alpha Spans',
      address: '1 Alpha Road',
      timeZone: 'America/Winnipeg',
      units: 'metric',
      defaultAmberPercent: -2.5,
      defaultRedPercent: -6,
    });
    await t.services.companySettings.saveLogo(companyA, {
      contentType: 'image/png',
      data: pngBytes(1),
    });
    // A's escalation, which B's update and reset probes must leave as it is (decision 069).
    await t.services.companyEscalation.set(companyA, {
      tier2Minutes: 10,
      tier3Minutes: 40,
      reminderMinutes: 20,
    });
    const before = await rowsOfA(t, companyA, targetsA);
    const all = Object.entries(probes(own));
    // An operator is refused the staff screens' writes (403) before any record is looked at, and
    // so is an administrator the platform staff's own (calibrations, maintenance, inspections,
    // analysis settings); both ways the answer is the one a record that never existed gets. A
    // public sign-up naming a company joins it as an operator (decision 040), so that probe is
    // the administrator's only.
    const callers = [
      { who: 'company administrator', token: adminB.token, refusals: [400, 403, 404] },
      { who: 'operator', token: operatorB.token, refusals: [400, 403, 404] },
    ];
    let sent = 0;
    for (const { who, token, refusals } of callers) {
      for (const [name, probe] of all) {
        if (who === 'operator' && name === 'signUpIntoTheirCompany') continue;
        const onA = await answer(token, probe(targetsA));
        const onGhost = await answer(token, probe(ghost));
        expect(onA, `${who}: ${name}`).toEqual(onGhost);
        expect(refusals, `${who}: ${name}: ${onA.body}`).toContain(onA.status);
        sent += 1;
      }
    }
    expect(await rowsOfA(t, companyA, targetsA)).toBe(before);
    expect(all.length).toBe(106);
    expect(sent).toBe(106 + 105);
    // 106 probes, each sent twice by two callers: 25 s alone on PGlite, over 30 s on two shared cores.
  }, 90_000);

  it("lists none of another company's rows, and its own", async () => {
    const { targetsA, adminB, operatorB, b } = await seedTwoCompanies(t);
    const bridgeA = `/api/v1/bridges/${targetsA.bridge}`;
    const urls = [
      ...LISTS,
      `/api/v1/spans?bridge=${targetsA.bridge}`,
      `/api/v1/sensors?bridge=${targetsA.bridge}`,
      `/api/v1/datastreams?bridge=${targetsA.bridge}`,
    ];
    for (const token of [adminB.token, operatorB.token]) {
      for (const url of urls) {
        const response = await t.request<{ id: number; bridge?: number }[]>({
          method: 'GET',
          url,
          token,
        });
        // The users list is the staff screens': an operator is refused it.
        if (token === operatorB.token && url === '/api/v1/users') {
          expect(response.status).toBe(403);
          continue;
        }
        expect(response.status, url).toBe(200);
        const text = JSON.stringify(response.body);
        expect(text, url).not.toMatch(/alpha/i);
        expect(text, url).not.toContain(bridgeA);
      }
    }
    const bridges = await t.request<{ id: number }[]>({
      method: 'GET',
      url: '/api/v1/bridges',
      token: adminB.token,
    });
    expect(bridges.body.map((row) => row.id)).toEqual([b.bridge.id]);
    const users = await t.request<{ username: string }[]>({
      method: 'GET',
      url: '/api/v1/users',
      token: adminB.token,
    });
    expect(users.body.map((row) => row.username)).toEqual(['beta-admin', 'beta-operator']);
    // Each names its own company alone; platform staff choose among all of them.
    for (const token of [adminB.token, operatorB.token]) {
      const companies = await t.request<{ id: number; name: string }[]>({
        method: 'GET',
        url: '/api/v1/companies',
        token,
      });
      expect(companies.body).toEqual([{ id: adminB.row.companyId, name: 'Beta Bridges' }]);
    }
    const staff = await t.createUser({ staff: true });
    const all = await t.request<{ name: string }[]>({
      method: 'GET',
      url: '/api/v1/companies',
      token: staff.token,
    });
    expect(all.body.map((row) => row.name)).toEqual(
      expect.arrayContaining(['Alpha Spans', 'Beta Bridges']),
    );
  });

  it('lets a company administrator manage its own company, and keeps operators and staff as they were', async () => {
    const { adminB, b } = await seedTwoCompanies(t);
    const created = await t.request<{ company_id: number }>({
      method: 'POST',
      url: '/api/v1/bridges/create',
      token: adminB.token,
      body: bridgeBody,
    });
    expect(created).toMatchObject({ status: 201, body: { company_id: adminB.row.companyId } });
    const span = await t.request({
      method: 'POST',
      url: '/api/v1/spans/create',
      token: adminB.token,
      body: { bridge: b.bridge.id, span_id: 'second', length: 20 },
    });
    expect(span.status).toBe(201);
    const person = await t.request<{ company_id: number }>({
      method: 'POST',
      url: '/api/v1/auth/signup',
      token: adminB.token,
      body: {
        username: 'beta-engineer',
        email: 'beta-engineer@example.ca',
        password: 'long-enough-1',
        company: 'beta bridges',
        address: 'B',
      },
    });
    expect(person).toMatchObject({ status: 201, body: { company_id: adminB.row.companyId } });
    const staff = await t.createUser({ staff: true });
    const everything = await t.request<unknown[]>({
      method: 'GET',
      url: '/api/v1/bridges',
      token: staff.token,
    });
    expect(everything.body).toHaveLength(3);
    const operator = await t.createUser();
    const refused = await t.request({ method: 'GET', url: '/api/v1/users', token: operator.token });
    expect(refused.status).toBe(403);
  });

  it('refuses a company administrator a platform staff account of its own company', async () => {
    const { adminB } = await seedTwoCompanies(t);
    const staff = await t.services.users.create({
      username: 'beta-staff',
      email: 'beta-staff@example.ca',
      passwordHash: await t.services.passwords.hash('long-enough-1'),
      company: 'Beta Bridges',
      address: 'B',
      isStaff: true,
    });
    const takeOver = await t.request({
      method: 'PUT',
      url: `/api/v1/users/${staff.id}/update`,
      token: adminB.token,
      body: { password: 'taken-over-123', email: 'mine@example.ca' },
    });
    expect(takeOver).toEqual({
      status: 403,
      body: { detail: 'Only staff users may change a staff account' },
    });
    const removal = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/${staff.id}/delete`,
      token: adminB.token,
    });
    expect(removal.status).toBe(403);
    expect(await t.services.users.findById(staff.id)).toMatchObject({
      email: 'beta-staff@example.ca',
      passwordHash: staff.passwordHash,
    });
  });
});
