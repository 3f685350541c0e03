// What a maintenance event meant for the monitoring, in the report's words. The rules are the
// analysis' own (server/analysis/maintenance-plan.ts, decision 023): this only reads its plan.
import {
  MAINTENANCE_KIND_LABELS,
  type MaintenanceKind,
  REBASELINE_DAYS,
  STRUCTURAL_KINDS,
  rebaseliningText,
} from '../../domain/maintenance.ts';
import { DAY_MS } from '../analysis/analysis-rules.ts';
import {
  type MaintenanceFact,
  type MaintenancePlan,
  settlingSensors,
} from '../analysis/maintenance-plan.ts';

export interface MeaningContext {
  /** The plan of the events recorded up to the month's end, at its newest data. */
  plan: MaintenancePlan;
  /** Those events, for naming the one that superseded another. */
  events: readonly MaintenanceFact[];
  /** The newest data the plan was made at (epoch ms), or null without data. */
  newest: number | null;
  /** The stored model's baseline end (epoch ms), or null without a model. */
  modelBaselineEnd: number | null;
  sensorLabel: (sensorId: number) => string;
  /** The stream ids (datastreams.stream_id) a sensor feeds. */
  streamsOf: (sensorId: number) => string[];
}

const dateMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const kindWords = (kind: MaintenanceKind) => MAINTENANCE_KIND_LABELS[kind].toLowerCase();

export function maintenanceMeaning(event: MaintenanceFact, context: MeaningContext): string {
  return STRUCTURAL_KINDS.includes(event.kind)
    ? structuralMeaning(event, context)
    : sensorMeaning(event, context);
}

function structuralMeaning(event: MaintenanceFact, { plan, events, newest }: MeaningContext) {
  const at = dateMs(event.occurredOn);
  if (plan.structuralSince !== null && plan.structuralSince > at) {
    const later = events.find(
      (e) => STRUCTURAL_KINDS.includes(e.kind) && dateMs(e.occurredOn) === plan.structuralSince,
    );
    const what = later ? `the ${kindWords(later.kind)} of ${later.occurredOn}` : 'a later event';
    return `Started a new baseline, superseded by ${what}, from which the baseline starts again.`;
  }
  const start =
    "Starts a new baseline: the analysis learns the bridge's normal again from this day";
  if (plan.rebaselining) {
    const { days, of } = plan.rebaselining;
    const stored =
      newest === null || newest < at
        ? 'no data stored since'
        : `data stored up to ${dateOf(newest)}`;
    return (
      `${start} and judges nothing after it until ${of} days of data follow; ` +
      `${rebaseliningText(days, of).toLowerCase()} (${stored}).`
    );
  }
  return `${start}; the ${REBASELINE_DAYS} days of data it needs were stored by ${dateOf(at + REBASELINE_DAYS * DAY_MS)}.`;
}

function sensorMeaning(event: MaintenanceFact, context: MeaningContext) {
  const { plan, events } = context;
  if (event.sensorId === null) {
    return 'Its sensor has since been deleted, so it no longer affects the analysis.';
  }
  const at = dateMs(event.occurredOn);
  if (plan.structuralSince !== null && at <= plan.structuralSince) {
    return `Inside the new baseline started on ${dateOf(plan.structuralSince)}: nothing more is left out for it.`;
  }
  const since = plan.sensorSince.get(event.sensorId) ?? at;
  const sensor = context.sensorLabel(event.sensorId);
  if (since > at) {
    const later = events.find(
      (e) => e.sensorId === event.sensorId && dateMs(e.occurredOn) === since,
    );
    return `Superseded by the later ${later ? kindWords(later.kind) : 'event'} of ${sensor} on ${dateOf(since)}.`;
  }
  const streams = context.streamsOf(event.sensorId);
  if (streams.length === 0) return `${sensor} feeds no data stream, so nothing is left out.`;
  const which = `The data streams of ${sensor} (${streams.join(', ')})`;
  const settling = settlingSensors(plan, context.modelBaselineEnd).includes(event.sensorId);
  return (
    `${which} are left out of the scoring from this day until a baseline holds ` +
    `${REBASELINE_DAYS} days of its new output; ` +
    (settling
      ? "the latest model's baseline does not hold them yet."
      : "the latest model's baseline holds them, so they are scored again.")
  );
}
