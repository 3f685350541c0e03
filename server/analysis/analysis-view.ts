import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bridges } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { type Viewer, visibleBridgeFilter } from '../repositories/visibility.ts';
import type { Schemas } from '../contract-types.ts';
import { truthfulTrackedFrequency } from '../../domain/feature-words.ts';
import type { AnalysisRepository, AnalysisState } from './analysis-repository.ts';

export interface NamedBridge {
  id: number;
  name: string;
}

/**
 * The bridge a `sid` (its name, spec §7) names, among those the viewer may see; one the viewer
 * may not see answers 404 exactly like an unknown one, so names do not leak.
 */
export async function findVisibleBridge(db: Db, viewer: Viewer, sid: string): Promise<NamedBridge> {
  const [row] = await db
    .select({ id: bridges.id, name: bridges.name })
    .from(bridges)
    .where(and(eq(bridges.name, sid), visibleBridgeFilter(db, viewer, bridges.id)))
    .orderBy(bridges.id)
    .limit(1);
  if (!row) throw new HttpError(404, `sid: no bridge named '${sid}'`);
  return row;
}

export async function analysisStatus(
  repository: AnalysisRepository,
  bridge: NamedBridge,
): Promise<Schemas['AnalysisStatus']> {
  const [result, model] = await Promise.all([
    repository.findResult(bridge.id),
    repository.findModel(bridge.id),
  ]);
  return {
    sid: bridge.name,
    bridge: bridge.id,
    state: (result?.state ?? 'idle') as AnalysisState,
    progress: Math.min(1, Math.max(0, result?.progress ?? 0)),
    message: result?.message || (model ? 'Trained; waiting for new data' : 'Not analysed yet'),
    trained_at: model?.trainedAt.toISOString() ?? null,
    evaluated_at: result?.evaluatedAt?.toISOString() ?? null,
    last_error: result?.lastError ?? null,
  };
}

/** The stored evaluation of a bridge, or the 409 that explains why there is none yet. */
/** A stored report's tracked SSI modes as the contract says them now (decision 076 (d)). */
function truthfulReport(report: Schemas['AnomalyReport']): Schemas['AnomalyReport'] {
  if (!report.frequencies) return report;
  return {
    ...report,
    frequencies: report.frequencies.map((f) => truthfulTrackedFrequency(f, report.feature_labels)),
  };
}

export async function storedEvaluation(repository: AnalysisRepository, bridge: NamedBridge) {
  const [result, model] = await Promise.all([
    repository.findResult(bridge.id),
    repository.findModel(bridge.id),
  ]);
  if (!result?.report || !result.forecast) {
    const state = result?.lastError
      ? `${result.state}: ${result.lastError}`
      : result?.message || 'no analysis has run yet';
    throw new HttpError(
      409,
      model
        ? `No evaluation yet for bridge '${bridge.name}': ${state}`
        : `No trained model yet for bridge '${bridge.name}': ${state}`,
    );
  }
  return {
    report: truthfulReport(result.report as Schemas['AnomalyReport']),
    forecast: result.forecast as Schemas['ForecastSeries'],
  };
}

/** The bridge lookups of the /ai operations, bound to the process's database. */
export function createAnalysisViewRepository(db: Db) {
  return {
    findVisibleBridge: (viewer: Viewer, sid: string) => findVisibleBridge(db, viewer, sid),
  };
}

export type AnalysisViewRepository = ReturnType<typeof createAnalysisViewRepository>;
