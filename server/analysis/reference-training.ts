import type { Db } from '../db/client.ts';
import type { BaselineVersionRow, BaselineVersions } from './baseline-versions.ts';
import { summariseBaseline } from './baseline-summary.ts';
import { keepSensitivity, keptSensitivityWords, keptTemperatures } from './kept-sensitivity.ts';
import { trainReferenceCharts } from './reference-charts.ts';
import { confirmedVersion } from './confirmed-version.ts';
import { compareWithActive, decideVersion } from './reference-acceptance.ts';
import type { TrainedBridgeModel } from './train-model.ts';
import { structuralAlertBlocks } from './training-exclusions.ts';

/**
 * Stores a training as the bridge's next reference version (decision 041), active or proposed
 * by reference-acceptance.ts' rule, and compared mode by mode with the version active now.
 * `repairSince` (epoch ms): the training is a repair's re-baselining, whose version keeps the
 * active version's temperature sensitivity and refits only the level (decision 051).
 */
export async function storeVersion(
  db: Db,
  versions: BaselineVersions,
  bridgeId: number,
  trained: TrainedBridgeModel,
  maintenanceSince: string | null,
  repairSince: number | null = null,
  /** Why this training ran, when the version should say so (e.g. a fault the last one learnt). */
  options: { cause?: string | null; amberPercent?: number } = {},
): Promise<BaselineVersionRow> {
  const { model, trainingWindows } = trained;
  const summary = summariseBaseline(
    model.featureNames,
    trainingWindows,
    model.plan.temperatureStream !== null,
  );
  const active = await versions.active(bridgeId);
  const compared = active
    ? compareWithActive(active.modes, model.featureNames, trainingWindows)
    : new Map();
  // The cumulative check's anchor (decision 073, amended 2026-12-01 morning).
  const confirmed = active
    ? confirmedVersion(await versions.anchorCandidates(bridgeId))
    : undefined;
  const alertSinceAccepted = active
    ? await structuralAlertBlocks(db, bridgeId, active.acceptedAt ?? active.createdAt, new Date())
    : false;
  const decision = decideVersion({
    active: active ? { version: active.version, modes: active.modes } : null,
    compared,
    alertSinceAccepted,
    maintenanceSince,
    confirmed:
      confirmed && confirmed.version !== active?.version
        ? {
            version: confirmed.version,
            modes: confirmed.modes,
            compared: compareWithActive(confirmed.modes, model.featureNames, trainingWindows),
          }
        : null,
    ...(options.amberPercent === undefined ? {} : { amberPercent: options.amberPercent }),
  });
  const modes =
    active && repairSince !== null
      ? keepSensitivity(summary.modes, active, model.featureNames, trainingWindows, repairSince)
      : summary.modes;
  const kept = keptTemperatures(modes);
  // The control charts are set now, on this version's own healthy windows, and kept with it
  // (decision 067): later data never re-chooses their threshold.
  const charts = trainReferenceCharts(modes, model.featureNames, trainingWindows);
  const now = new Date();
  return versions.add({
    bridgeId,
    status: decision.status,
    trainedFrom: new Date(trained.baseline.from),
    trainedTo: new Date(trained.baseline.to),
    windowsUsed: trainingWindows.length,
    windowsExcluded: trained.excludedWindows,
    // A kept temperature model judges the temperatures it learnt, which the version states.
    temperatureMin: kept?.min ?? summary.temperatureMin,
    temperatureMax: kept?.max ?? summary.temperatureMax,
    modes: modes.map((m) => ({ ...m, compared: compared.get(m.feature) ?? null })),
    model,
    charts,
    trainingSeconds: trained.trainingMs / 1000,
    acceptedAt: decision.status === 'active' ? now : null,
    acceptedBy: null,
    reason:
      (options.cause ? `${options.cause} ` : '') + decision.reason + keptSensitivityWords(modes),
  });
}
