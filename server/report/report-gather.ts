import type { SensorDisagreementsRepository } from '../repositories/sensor-disagreements-repository.ts';
import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { describeEpisodeShift } from '../../domain/trigger-levels.ts';
import { type FeatureLabels, featureText } from '../../domain/feature-words.ts';
import { ssiFeatureLabels } from '../analysis/ssi-features.ts';
import { conditionOf } from '../../domain/health.ts';
import { conditionCount } from '../../domain/held-condition.ts';
import type { UnitSystem } from '../../domain/company-settings.ts';
import { perCelsiusToPerFahrenheit, quantityText, shownUnit } from '../../domain/units.ts';
import type { AnalysisRepository } from '../analysis/analysis-repository.ts';
import { isStoredModel } from '../analysis/stored-model.ts';
import type { Db } from '../db/client.ts';
import { alerts, bridges, companies, sensors, spans, users } from '../db/schema.ts';
import type { FatigueRepository } from '../fatigue/fatigue-repository.ts';
import type { MaintenanceRepository } from '../maintenance/maintenance-repository.ts';
import type { InspectionPhotosRepository } from '../inspections/inspection-photos-repository.ts';
import type { Schemas } from '../contract-types.ts';
import { streamAvailability } from './report-availability.ts';
import { conditionHistoryFacts } from './report-condition-history.ts';
import type { ConditionFacts, FrequencyFacts, ReportFacts, SpanFact } from './report-facts.ts';
import { fatigueFacts } from './report-fatigue.ts';
import { companyLogoFact } from './report-logo.ts';
import { inspectionFacts } from './report-inspections.ts';
import { maintenanceFacts } from './report-maintenance.ts';
import { modesFacts } from './report-modes.ts';
import { cablesFacts } from './report-cables.ts';
import { sensorDisagreementFacts, sensorFaultFacts } from './report-sensor-faults.ts';
import { sensorStatusPeriods } from './report-sensor-status.ts';
import type { SensorFaultsRepository } from '../repositories/sensor-faults-repository.ts';
import type { ReportMonth } from './report-month.ts';

const HOUR_MS = 3_600_000;
/** A month holds at most a few dozen alerts in practice; the bound keeps the PDF finite. */
const MAX_ALERTS = 200;

const inMonth = (iso: string, month: ReportMonth) => {
  const ms = Date.parse(iso);
  return ms >= month.startMs && ms < month.endMs;
};

/** What the report reads through: built once by the report's thread (report-thread.ts). */
export interface ReportStores {
  db: Db;
  analysis: AnalysisRepository;
  fatigueDetails: FatigueRepository;
  maintenance: MaintenanceRepository;
  sensorFaults: SensorFaultsRepository;
  sensorDisagreements: SensorDisagreementsRepository;
  inspectionPhotos: InspectionPhotosRepository;
}

/** Everything the report of `month` shows, read from the stored data of the bridge. */
export async function gatherReportFacts(
  stores: ReportStores,
  bridgeId: number,
  month: ReportMonth,
  now: Date,
): Promise<ReportFacts> {
  const { db, analysis } = stores;
  // The company's unit system comes with the bridge, in one read.
  const [found] = await db
    .select({ bridge: bridges, units: companies.units })
    .from(bridges)
    .innerJoin(companies, eq(companies.id, bridges.companyId))
    .where(eq(bridges.id, bridgeId));
  if (!found) throw new Error(`bridge ${bridgeId} is gone`);
  const { bridge, units } = found;
  const [result, model] = await Promise.all([
    analysis.findResult(bridgeId),
    analysis.findModel(bridgeId),
  ]);
  const report = (result?.report ?? null) as Schemas['AnomalyReport'] | null;
  const forecast = (result?.forecast ?? null) as Schemas['ForecastSeries'] | null;
  // The current month is reported up to its last whole hour.
  const availabilityEnd = Math.min(month.endMs, Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const alertRows = await monthAlerts(db, bridgeId, month);
  const spanFacts = await structure(db, bridgeId, month);
  return {
    month: month.label,
    timeZone: month.timeZone ?? 'UTC',
    units,
    generatedAt: now.toISOString(),
    bridge: {
      id: bridge.id,
      name: bridge.name,
      location: bridge.location,
      structureType: bridge.structureType,
      status: bridge.status,
      constructionDate: bridge.constructionDate,
    },
    companyLogo: await companyLogoFact(db, bridge.companyId),
    spans: spanFacts,
    condition: report ? conditionFacts(report, result?.evaluatedAt ?? null, month) : null,
    conditionHistory: await conditionHistoryFacts(db, bridgeId, month, now),
    alerts: alertRows.facts,
    alertsLeftOut: alertRows.total - alertRows.facts.length,
    sensorFaults: await sensorFaultFacts(stores.sensorFaults, bridgeId, month),
    sensorDisagreements: await sensorDisagreementFacts(stores.sensorDisagreements, bridgeId, month),
    maintenance: await maintenanceFacts(
      db,
      stores.maintenance,
      bridgeId,
      month,
      model?.baselineEnd.getTime() ?? null,
    ),
    ...(await inspectionFacts(stores, bridgeId, month)),
    streams: await streamAvailability(db, bridgeId, month.startMs, availabilityEnd),
    frequency: forecast ? frequencyFacts(forecast, model?.model, month, units) : null,
    modes: await modesFacts(db, bridgeId, month, spanFacts),
    cables: await cablesFacts(db, bridgeId, month),
    fatigue: await fatigueFacts(stores.fatigueDetails, bridgeId, month),
  };
}

async function structure(db: Db, bridgeId: number, month: ReportMonth): Promise<SpanFact[]> {
  const spanRows = await db
    .select()
    .from(spans)
    .where(eq(spans.bridgeId, bridgeId))
    .orderBy(asc(spans.label));
  const sensorRows = await db
    .select()
    .from(sensors)
    .where(eq(sensors.bridgeId, bridgeId))
    .orderBy(asc(sensors.label));
  const statuses = await sensorStatusPeriods(
    db,
    sensorRows.map((s) => s.id),
    month,
  );
  return spanRows.map((span) => ({
    label: span.label,
    length: span.length,
    sensors: sensorRows
      .filter((s) => s.spanId === span.id)
      .map((s) => ({
        label: s.label,
        type: s.type,
        status: s.status,
        installationDate: s.installationDate,
        statusInMonth: statuses.get(s.id) ?? [],
      })),
  }));
}

/** Alerts open at any time in the month, oldest first, with who acknowledged them. */
async function monthAlerts(db: Db, bridgeId: number, month: ReportMonth) {
  const start = new Date(month.startMs);
  const end = new Date(month.endMs);
  const rows = await db
    .select({ alert: alerts, by: users.username })
    .from(alerts)
    .leftJoin(users, eq(users.id, alerts.acknowledgedBy))
    .where(
      and(
        eq(alerts.bridgeId, bridgeId),
        lt(alerts.raisedAt, end),
        or(isNull(alerts.clearedAt), gte(alerts.clearedAt, start)),
      ),
    )
    .orderBy(asc(alerts.raisedAt), asc(alerts.id))
    .limit(MAX_ALERTS);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(alerts)
    .where(
      and(
        eq(alerts.bridgeId, bridgeId),
        lt(alerts.raisedAt, end),
        or(isNull(alerts.clearedAt), gte(alerts.clearedAt, start)),
      ),
    );
  const facts = rows.map(({ alert, by }) => ({
    type: alert.type,
    severity: alert.severity,
    message: alert.message,
    state: alert.state,
    raisedAt: alert.raisedAt.toISOString(),
    acknowledgedAt: alert.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: by ?? null,
    comment: alert.comment,
    clearedAt: alert.clearedAt?.toISOString() ?? null,
  }));
  return { facts, total: Number(counted?.total ?? facts.length) };
}

function conditionFacts(
  report: Schemas['AnomalyReport'],
  evaluatedAt: Date | null,
  month: ReportMonth,
): ConditionFacts {
  const windows = report.windows.filter((w) => inMonth(w.start, month));
  return {
    evaluatedAt: evaluatedAt?.toISOString() ?? null,
    periodStart: report.period_start,
    periodEnd: report.period_end,
    // A held condition (too little judged, decision 017 (b)) is the last judged one's.
    current: conditionOf(conditionCount(report)),
    episodes: report.events
      .filter((e) => inMonth(e.start, month))
      .map((e) => ({
        start: e.start,
        end: e.end,
        windows: e.windows,
        peakError: e.peak_error,
        frequencyShift: e.frequency_shift
          ? shiftStatement(e.frequency_shift, report.feature_labels)
          : null,
      })),
    windowsScored: windows.filter((w) => w.error !== null).length,
    windowsAnomalous: windows.filter((w) => w.anomalous).length,
    windowsOutsideLearned: windows.filter((w) => w.outside_learned_conditions === true).length,
  };
}

/** As the dashboard's alert details state it; older reports, with no uncertainty, in Hz and %. */
function shiftStatement(shift: Schemas['FrequencyShift'], labels?: FeatureLabels): string {
  return (
    describeEpisodeShift(shift, labels) ??
    `${featureText(shift.feature, labels)} ${shift.shift_hz.toFixed(3)} Hz (${shift.shift_percent.toFixed(2)} %)`
  );
}

function frequencyFacts(
  forecast: Schemas['ForecastSeries'],
  model: unknown,
  month: ReportMonth,
  units: UnitSystem,
): FrequencyFacts {
  const indicator = isStoredModel(model) ? model.indicator : null;
  const fit = indicator?.compensation ?? null;
  const slope = fit?.beta[1];
  return {
    indicator: forecast.indicator,
    unit: forecast.unit,
    points: forecast.history.filter((p) => inMonth(p.t, month)),
    alarmLow: forecast.alarm_low,
    compensation:
      fit && indicator
        ? compensationText(
            featureText(
              indicator.feature,
              isStoredModel(model) && model.plan.ssi ? ssiFeatureLabels(model.plan.ssi) : undefined,
            ),
            fit,
            slope,
            units,
          )
        : null,
  };
}

/** The stored fit (°C, Hz/°C) in words, in the company's units (decision 064). */
export function compensationText(
  feature: string,
  fit: { lowC: number; highC: number; mean: number },
  slope: number | undefined,
  units: UnitSystem,
): string {
  const t = shownUnit('temperature', units);
  const degrees = (c: number, digits: number) => quantityText('temperature', c, units, digits);
  const freezing = degrees(0, 0);
  const perDegree =
    slope === undefined
      ? ''
      : `${(units === 'imperial' ? perCelsiusToPerFahrenheit(slope) : slope).toFixed(4)} Hz/${t.unit} above ${freezing}, `;
  return (
    `${feature}: temperature effect fitted on the baseline (${t.of(fit.lowC).toFixed(1)} to ` +
    `${degrees(fit.highC, 1)}; ${perDegree}with frozen-deck terms below ${freezing}) and removed; ` +
    `values are at the baseline mean ${fit.mean.toFixed(3)} Hz conditions`
  );
}
