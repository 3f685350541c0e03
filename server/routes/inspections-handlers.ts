import { latestToday } from '../../domain/calendar.ts';
import type { Condition } from '../../domain/health.ts';
import type { InspectionKind, RatingScale } from '../../domain/inspection-regimes.ts';
import { HttpError, notFound } from '../http-error.ts';
import { type Programme, sourceOf } from '../inspections/inspection-programme.ts';
import {
  calendarOf,
  type InspectionDue,
  nextDueAfter,
  scheduleOf,
} from '../inspections/inspection-schedule.ts';
import type { PhotoMeta } from '../inspections/inspection-photos-repository.ts';
import { type InspectionRow } from '../inspections/inspections-repository.ts';
import { requireStaff, viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import { inspectionValues } from './inspection-fields.ts';
import { programmeValues } from './inspection-programme-fields.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { photoDto } from './inspection-photo-dto.ts';

const todayUtc = () => new Date().toISOString().slice(0, 10);
/** A date typed as today east of UTC may be UTC's tomorrow: not a future date to its author. */
const latestTodayNow = () => latestToday(new Date());

function inspectionDto(
  row: InspectionRow,
  programme: Programme,
  condition: Condition | null,
  photos: readonly PhotoMeta[],
): Schemas['Inspection'] {
  const kind = row.kind as InspectionKind;
  return {
    id: row.id,
    bridge: row.bridgeId,
    inspected_on: row.inspectedOn,
    kind,
    inspector: row.inspector,
    rating: {
      scale: row.ratingScale as RatingScale,
      deck: row.deckRating,
      superstructure: row.superstructureRating,
      substructure: row.substructureRating,
      bci: row.bci,
    },
    findings: row.findings,
    attachments: row.attachments,
    photos: photos.map(photoDto),
    next_due: nextDueAfter(row.inspectedOn, kind, programme, condition),
  };
}

function dueDto(entry: InspectionDue): Schemas['InspectionDue'] {
  return {
    bridge: entry.bridgeId,
    bridge_name: entry.bridgeName,
    kind: entry.kind,
    last_inspected_on: entry.lastInspectedOn,
    next_due: entry.nextDue,
    status: entry.status,
    shortened: entry.shortened,
    condition: entry.condition,
  };
}

function programmeDto(programme: Programme): Schemas['InspectionProgramme'] {
  return {
    bridge: programme.bridgeId,
    regime: programme.regime,
    rating_scale: programme.ratingScale,
    intervals: programme.intervals,
    poor_condition_factor: programme.poorConditionFactor,
    due_lead_days: programme.dueLeadDays,
    source: sourceOf(programme.regime),
    stored: programme.stored,
  };
}

/** Inspection programmes, records and the calendar (docs/decisions/020-inspections.md). */
export function inspectionsHandlers(
  services: Pick<
    RouteServices,
    'inspections' | 'inspectionPhotos' | 'bridges' | 'alerts' | 'bridgeConditions'
  >,
): Handlers<
  | 'listBridgeInspections'
  | 'createInspection'
  | 'updateInspection'
  | 'deleteInspection'
  | 'getInspectionProgramme'
  | 'setInspectionProgramme'
  | 'getInspectionCalendar'
> {
  const { inspections, inspectionPhotos, bridges, alerts } = services;

  /** The bridge's id when the viewer may see it; 404 otherwise, as for its alerts. */
  async function visibleBridge(request: Parameters<typeof viewerOf>[0], id: number) {
    if (!(await alerts.bridgeIsVisible(viewerOf(request), id))) throw notFound('Bridge', id);
    return id;
  }

  async function existingBridge(id: number) {
    if (!(await bridges.findById(id))) throw notFound('Bridge', id);
    return id;
  }

  // One after another: after a write this runs in the request's transaction, one connection,
  // which pg must not be handed several queries at once (deprecated, gone in pg 9).
  async function dtoOf(row: InspectionRow) {
    const programme = await inspections.programme(row.bridgeId);
    const condition = await services.bridgeConditions.of(row.bridgeId);
    const photos = await inspectionPhotos.metaByInspection([row.id]);
    return inspectionDto(row, programme, condition, photos.get(row.id) ?? []);
  }

  return {
    async listBridgeInspections(request) {
      const bridgeId = await visibleBridge(request, request.params.id);
      const [rows, programme, condition] = await Promise.all([
        inspections.list(bridgeId),
        inspections.programme(bridgeId),
        services.bridgeConditions.of(bridgeId),
      ]);
      const [plan] = await inspections.schedulePlans(viewerOf(request), bridgeId);
      const photos = await inspectionPhotos.metaByInspection(rows.map((row) => row.id));
      return {
        inspections: rows.map((row) =>
          inspectionDto(row, programme, condition, photos.get(row.id) ?? []),
        ),
        schedule: plan ? scheduleOf(plan, todayUtc()).map(dueDto) : [],
      };
    },

    async createInspection(request, reply) {
      requireStaff(request);
      const bridgeId = await existingBridge(request.params.id);
      const programme = await inspections.programme(bridgeId);
      const values = inspectionValues(
        bridgeId,
        request.body,
        [programme.ratingScale],
        latestTodayNow(),
      );
      const clientKey = request.body.client_key;
      if (clientKey === undefined) {
        reply.code(201);
        return dtoOf(await inspections.add(values));
      }
      const { row, created } = await inspections.addOnce(values, clientKey);
      // A key names one inspection: reused for another bridge it is a client's mistake.
      if (row.bridgeId !== bridgeId) {
        throw new HttpError(409, 'client_key: already used for an inspection of another bridge');
      }
      reply.code(created ? 201 : 200);
      return dtoOf(row);
    },

    async updateInspection(request) {
      requireStaff(request);
      const existing = await inspections.findById(request.params.id);
      if (!existing) throw notFound('Inspection', request.params.id);
      const programme = await inspections.programme(existing.bridgeId);
      // A record keeps the scale it was made on, even after the programme changed scale.
      const scales = [...new Set([existing.ratingScale as RatingScale, programme.ratingScale])];
      const values = inspectionValues(existing.bridgeId, request.body, scales, latestTodayNow());
      const row = await inspections.update(existing.id, values);
      if (!row) throw notFound('Inspection', request.params.id);
      return dtoOf(row);
    },

    async deleteInspection(request, reply) {
      requireStaff(request);
      if (!(await inspections.remove(request.params.id))) {
        throw notFound('Inspection', request.params.id);
      }
      return reply.code(204).send();
    },

    async getInspectionProgramme(request) {
      const bridgeId = await visibleBridge(request, request.params.id);
      return programmeDto(await inspections.programme(bridgeId));
    },

    async setInspectionProgramme(request) {
      requireStaff(request);
      const bridgeId = await existingBridge(request.params.id);
      return programmeDto(await inspections.setProgramme(programmeValues(bridgeId, request.body)));
    },

    async getInspectionCalendar(request) {
      const today = todayUtc();
      const month = request.query.month ?? today.slice(0, 7);
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
        throw new HttpError(400, 'month: must be YYYY-MM');
      }
      const plans = await inspections.schedulePlans(viewerOf(request));
      return { month, entries: calendarOf(plans, month, today).map(dueDto) };
    },
  };
}
