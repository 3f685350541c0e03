import type { Db } from '../db/client.ts';
import { createBaselineVersions } from './baseline-versions.ts';
import type { BridgeStream } from './bridge-streams.ts';
import { type DatasetPlan, trackerGroup, WINDOW_SECONDS } from './dataset-plan.ts';
import { MIN_MODE_COVERAGE } from './learnable-modes.ts';
import { modalSpanOf } from './modal-channels.ts';
import { createModesStore } from './modes-store.ts';
import {
  type IdentifiedWindow,
  identifiedWindow,
  type SsiReferenceMode,
  ssiFeatureRows,
} from './ssi-features.ts';

const WINDOW_MS = WINDOW_SECONDS * 1000;
const DAY_MS = 86_400_000;

/**
 * The reference modes a training's plan feeds the detector, or null to keep the peak trackers
 * (decision 076, amended 2026-12-02): null when fewer than MIN_MODE_COVERAGE of the baseline's
 * `slots` 10-minute windows were identified (SSI runs only from when the bridge got a modal span
 * and the worker ran), and otherwise the reference modes matched in at least that share of the
 * identified windows (the trackers' rule for rare modes, learnable-modes.ts); null when none is.
 * `found` counts, per reference mode, the identified windows that matched it.
 */
export function learnableSsiModes(
  reference: readonly SsiReferenceMode[],
  counts: { identified: number; found: readonly number[] },
  slots: number,
): SsiReferenceMode[] | null {
  const { identified, found } = counts;
  if (reference.length === 0 || slots <= 0 || identified < MIN_MODE_COVERAGE * slots) return null;
  const kept = reference.filter((_, k) => (found[k] ?? 0) >= MIN_MODE_COVERAGE * identified);
  return kept.length > 0 ? kept : null;
}

/** Per reference mode, how many of the windows matched it; and how many windows there were. */
export function foundCounts(
  reference: readonly SsiReferenceMode[],
  windows: readonly IdentifiedWindow[],
): { identified: number; found: number[] } {
  const found = new Array<number>(reference.length).fill(0);
  for (const features of ssiFeatureRows(reference, windows).values()) {
    features.forEach((hz, k) => {
      if (Number.isFinite(hz)) found[k] = (found[k] ?? 0) + 1;
    });
  }
  return { identified: windows.length, found };
}

/**
 * A plan with the SSI modes in place of the modal span's peak trackers, when the baseline's
 * stored identifications allow (learnableSsiModes); otherwise the plan as it was. The reference
 * is the stored SSI reference window of the version active now (version 0's before any): it only
 * names the modes; their levels and temperature models are learnt from the baseline's windows.
 * Reads the baseline's identified windows a day at a time, so memory stays flat.
 */
export async function withSsiModes(
  db: Db,
  bridgeId: number,
  plan: DatasetPlan,
  streams: readonly BridgeStream[],
  baseline: { from: number; to: number },
): Promise<DatasetPlan> {
  const span = await modalSpanOf(db, bridgeId);
  if (!span) return plan;
  const store = createModesStore(db);
  const version = (await createBaselineVersions(db).active(bridgeId))?.version ?? 0;
  const reference = (await store.referenceModes(bridgeId, version)).flatMap(
    (r): SsiReferenceMode[] =>
      r.frequencyHz === null || r.lost ? [] : [{ frequencyHz: r.frequencyHz, shape: r.shape }],
  );
  if (reference.length === 0) return plan;
  let identified = 0;
  const found = new Array<number>(reference.length).fill(0);
  for (let from = baseline.from; from < baseline.to; from += DAY_MS) {
    const stored = await store.windowsBetween(bridgeId, from, Math.min(baseline.to, from + DAY_MS));
    const windows = stored.flatMap((rows) => identifiedWindow(rows) ?? []);
    const day = foundCounts(reference, windows);
    identified += day.identified;
    day.found.forEach((n, k) => (found[k] = (found[k] ?? 0) + n));
  }
  const slots = Math.floor((baseline.to - baseline.from) / WINDOW_MS);
  const modes = learnableSsiModes(reference, { identified, found }, slots);
  if (!modes) return plan;
  const channels = new Set(span.channels.map((c) => c.datastreamId));
  const lead = streams.find((s) => channels.has(s.id) && s.placement);
  const group = lead ? trackerGroup(lead) : `span ${span.spanId} vertical`;
  const replaced = new Set(
    streams.filter((s) => channels.has(s.id) || trackerGroup(s) === group).map((s) => s.streamId),
  );
  return {
    ...plan,
    modal: plan.modal.filter((m) => !replaced.has(m.stream)),
    family: 'modal',
    ssi: { bridgeId, group, spanLabel: span.label, modes },
  };
}
