import { sql } from 'drizzle-orm';
import type { ModeSet } from '../analytics/modal/damage-location.ts';
import {
  referenceCurvature,
  standardisedCurvatureChange,
} from '../analytics/modal/reference-curvature.ts';
import {
  standsOut,
  stripNoiseFloor,
  type StripNoiseFloor,
} from '../analytics/modal/strip-noise-floor.ts';
import {
  nearestSensor,
  persistenceOf,
  STRIP_PERSISTENCE,
} from '../analytics/modal/strip-persistence.ts';
import type { Schemas } from '../contract-types.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import type { StoredModeRow } from './modes-store.ts';

/** Reference windows the strip needs: decision 046's hour, W = 6, fixed before its trials. */
export const STRIP_REFERENCE_WINDOWS = 6;

/** The span under the shapes' sensors; null unless every vertical accelerometer on it is placed. */
async function placedSpan(db: Db, datastreamId: number): Promise<number | null> {
  const [row] = rowsOf<{ length: number; unplaced: number }>(
    await db.execute(sql`
      SELECT sp.length::float8 AS length,
             (SELECT count(*)::int FROM sensors o
              WHERE o.span_id = sp.id AND o.type = 'accelerometer' AND o.status = 'active'
                AND o.direction = 'vertical' AND o.chainage_m IS NULL) AS unplaced
      FROM datastream_sensors ds
      JOIN sensors s ON s.id = ds.sensor_id
      JOIN spans sp ON sp.id = s.span_id
      WHERE ds.datastream_id = ${datastreamId}
      LIMIT 1`),
  );
  return row && Number(row.unplaced) === 0 ? Number(row.length) : null;
}

/** A window's found modes on the channels given, or null when a shape lacks one of them. */
function modeSetOn(rows: readonly StoredModeRow[], channels: readonly number[]): ModeSet | null {
  const found = rows.filter((r) => !r.lost && r.frequencyHz !== null);
  const shapes: number[][] = [];
  for (const row of found) {
    const values = new Map(row.shape.map((p) => [p.datastream_id, p.value]));
    const shape = channels.map((c) => values.get(c));
    if (shape.some((v) => v === undefined)) return null;
    shapes.push(shape as number[]);
  }
  return { frequenciesHz: found.map((r) => r.frequencyHz ?? 0), shapes };
}

/** Where one compared window's index stands out: the sensor it names, or null. */
function namedSensor(
  reference: ReturnType<typeof referenceCurvature>,
  window: ModeSet | null,
  noise: StripNoiseFloor,
  sensorsM: readonly number[],
  supports: readonly [number, number],
): number | null {
  if (!window) return null;
  const change = standardisedCurvatureChange(reference, window, sensorsM, supports);
  if (change.pairs.length === 0 || !standsOut(change.index, noise)) return null;
  return nearestSensor(change.locationM, sensorsM);
}

/**
 * The located-change strip of decision 046 on stored modes: the standardised rise of mode-shape
 * curvature per sensor of the newest window against the first STRIP_REFERENCE_WINDOWS windows
 * identified against the reference, supports at 0 and the span's length (057), with its noise
 * floor (decision 076, 2026-12-01): the newest window's candidate is null unless the index
 * stands out of the reference's own healthy scatter, and it is the location only once it
 * persists over the newest windows (076, 2026-12-02). `recent` holds the newest windows,
 * newest first (the newest is the one drawn; STRIP_PERSISTENCE.of are read). Null until the
 * reference windows are stored, for a window among them, or when the sensors or span differ.
 */
export async function locatedChange(
  db: Db,
  referenceWindows: readonly (readonly StoredModeRow[])[],
  recent: readonly (readonly StoredModeRow[])[],
): Promise<Schemas['LocatedChange'] | null> {
  const base = referenceWindows[0]?.find((r) => !r.lost);
  const latest = recent[0] ?? [];
  const newest = latest[0];
  if (!base || !newest || referenceWindows.length < STRIP_REFERENCE_WINDOWS) return null;
  const referenceStarts = new Set(referenceWindows.map((w) => w[0]?.windowStart.getTime()));
  if (referenceStarts.has(newest.windowStart.getTime())) return null;
  const channels = base.shape.map((p) => p.datastream_id);
  const sensorsM = base.shape.map((p) => p.chainage_m);
  const lengthM = channels[0] === undefined ? null : await placedSpan(db, channels[0]);
  if (lengthM === null) return null;
  const sets = referenceWindows.map((w) => modeSetOn(w, channels));
  const changed = modeSetOn(latest, channels);
  if (!changed || sets.some((s) => s === null)) return null;
  const supports: [number, number] = [0, lengthM];
  const reference = referenceCurvature(sets as ModeSet[], sensorsM, supports);
  if (reference.length === 0) return null;
  const change = standardisedCurvatureChange(reference, changed, sensorsM, supports);
  // The floor is computed on reading, from the same reference windows (no column holds it):
  // six left-out comparisons of three to five modes, well under a millisecond.
  const noise = stripNoiseFloor(sets as ModeSet[], sensorsM, supports);
  if (!noise) return null;
  const candidate = standsOut(change.index, noise) ? change.locationM : null;
  // The older windows after the reference only (the newest is not one, checked above): a
  // reference window is healthy by definition.
  const older = recent
    .slice(1, STRIP_PERSISTENCE.of)
    .filter((w) => !referenceStarts.has(w[0]?.windowStart.getTime()));
  const named = [
    candidate === null ? null : nearestSensor(candidate, sensorsM),
    ...older.map((w) => namedSensor(reference, modeSetOn(w, channels), noise, sensorsM, supports)),
  ];
  const persistence = persistenceOf(named);
  return {
    window_start: newest.windowStart.toISOString(),
    supports_m: supports,
    reference_windows: referenceWindows.length,
    modes_compared: change.pairs.length,
    location_m: persistence.persistent ? candidate : null,
    candidate_m: candidate,
    persistence: {
      agreeing: persistence.agreeing,
      of: persistence.of,
      needed: persistence.needed,
    },
    noise_floor: noise.floor,
    threshold: noise.threshold,
    sensors: base.shape.map((p, j) => ({
      datastream_id: p.datastream_id,
      stream_id: p.stream_id,
      chainage_m: p.chainage_m,
      index: change.index[j] ?? 0,
    })),
  };
}
