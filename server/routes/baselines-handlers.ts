import { REJECTION_REASON_MAX_LENGTH } from '../../domain/baseline-rejection.ts';
import type { BaselineVersionRow, DecisionAnswer } from '../analysis/baseline-versions.ts';
import { HttpError, notFound } from '../http-error.ts';
import { requireAdmin, viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { assertInScope, hiddenAs } from './tenant-scope.ts';
import { requiredText } from './text-fields.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

function versionDto(row: BaselineVersionRow): Schemas['BaselineVersion'] {
  return {
    bridge: row.bridgeId,
    version: row.version,
    status: row.status,
    trained_from: row.trainedFrom.toISOString(),
    trained_to: row.trainedTo.toISOString(),
    windows_used: row.windowsUsed,
    windows_excluded: row.windowsExcluded,
    temperature_min_c: row.temperatureMin,
    temperature_max_c: row.temperatureMax,
    modes: row.modes.map((m) => ({
      feature: m.feature,
      mean_hz: m.mean_hz,
      uncertainty_hz: m.uncertainty_hz,
      shift_hz: m.compared?.shift_hz ?? null,
      shift_uncertainty_hz: m.compared?.uncertainty_hz ?? null,
      // An infinite E_n (no uncertainty on either side) does not survive JSON: a large number.
      en: m.compared ? Math.min(m.compared.en, Number.MAX_VALUE) : null,
    })),
    created_at: row.createdAt.toISOString(),
    accepted_at: iso(row.acceptedAt),
    accepted_by: row.acceptedBy,
    reason: row.reason,
    rejected_at: iso(row.rejectedAt),
    rejected_by: row.rejectedBy,
    rejection_reason: row.rejectionReason,
  };
}

function rejectionReason(body: Schemas['BaselineRejection'] | undefined): string {
  const reason = requiredText(body?.reason ?? '', 'reason');
  if (reason.length > REJECTION_REASON_MAX_LENGTH) {
    throw new HttpError(400, `reason: must be at most ${REJECTION_REASON_MAX_LENGTH} characters`);
  }
  return reason;
}

/** Accepting and rejecting answer alike: 404 for an unknown version, 409 unless proposed. */
function decided(answer: DecisionAnswer, version: number, verb: 'accepted' | 'rejected') {
  if (answer === 'missing') throw notFound('Baseline version', version);
  if ('refused' in answer) {
    throw new HttpError(
      409,
      `version: ${version} is ${answer.refused}, only a proposed version can be ${verb}`,
    );
  }
  return versionDto(answer);
}

/**
 * A bridge's reference versions (decision 041): whoever sees the bridge lists them; platform
 * staff or the owning company's administrator accept or reject a proposed one (audited by the
 * table's trigger, migration 0023).
 */
export function baselinesHandlers(
  services: Pick<RouteServices, 'baselines' | 'bridges' | 'alerts' | 'tenancy'>,
): Handlers<'listBaselineVersions' | 'acceptBaselineVersion' | 'rejectBaselineVersion'> {
  const { baselines, bridges, alerts } = services;
  return {
    async listBaselineVersions(request) {
      const { id } = request.params;
      // An invisible bridge answers like an unknown one, so ids do not leak.
      if (!(await bridges.findById(id)) || !(await alerts.bridgeIsVisible(viewerOf(request), id))) {
        throw notFound('Bridge', id);
      }
      return (await baselines.list(id)).map(versionDto);
    },

    async acceptBaselineVersion(request) {
      const scope = requireAdmin(request);
      const { id, version } = request.params;
      await assertInScope(services, scope, 'bridge', id, hiddenAs('Bridge'));
      if (!(await bridges.findById(id))) throw notFound('Bridge', id);
      return decided(await baselines.accept(id, version, scope.viewer.id), version, 'accepted');
    },

    async rejectBaselineVersion(request) {
      const scope = requireAdmin(request);
      const { id, version } = request.params;
      await assertInScope(services, scope, 'bridge', id, hiddenAs('Bridge'));
      if (!(await bridges.findById(id))) throw notFound('Bridge', id);
      // A request without any body reaches here unchecked (no content type to validate against).
      const reason = rejectionReason(request.body as Schemas['BaselineRejection'] | undefined);
      const answer = await baselines.reject(id, version, { userId: scope.viewer.id, reason });
      return decided(answer, version, 'rejected');
    },
  };
}
