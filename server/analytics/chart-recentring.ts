/**
 * A slow, guarded re-centring of the control charts (decision 081 (g)). The reference (the
 * temperature model and the charts' scatter) stays frozen at commissioning; the charts see each
 * mode's compensated residual less a centre that follows the residuals slowly, so a slow bias of
 * the frozen model where it misfits (the winter weeks) is not summed for weeks by the CUSUMs
 * (Montgomery & Mastrangelo 1991: an EWMA centre line for a wandering mean). Its known cost, that
 * it forgets a change not yet flagged, is bounded so a persistent loss cannot be learnt away:
 * - the centre learns only from rows that were judged, observed and not alarmed (score ≤ 1), so
 *   a loss once raised keeps the chart raised;
 * - it moves by 1/`rows` of the gap per row: slow beside the 48 h detection goal;
 * - it never moves by more than `capRelative` (half the default amber level), whatever it learns.
 * The cumulative shift and its trigger levels are never re-centred (cumulative-shift.ts).
 */
export interface Recentring {
  /** Rows over which the centre averages (an EWMA weight of 1/rows). */
  rows: number;
  /** Largest |centre|, relative Δf/f. */
  capRelative: number;
}

/** Decision 081 (g)'s option: a month of hourly rows, capped at half the −2 % amber level. */
export const SLOW_RECENTRING: Recentring = { rows: 720, capRelative: 0.01 };

export interface ModeCentres {
  /** The row's residuals less the centres (a reused array), or null for an unjudged row. */
  centred(residuals: readonly number[] | null): readonly number[] | null;
  /** Teaches the centres the row's residuals; call only for a row that was not alarmed. */
  learn(residuals: readonly number[]): void;
}

export function modeCentres(modes: number, recentring: Recentring): ModeCentres {
  const centre = new Float64Array(modes);
  const out = new Array<number>(modes).fill(0);
  const weight = 1 / recentring.rows;
  const cap = recentring.capRelative;
  return {
    centred(residuals) {
      if (residuals === null) return null;
      for (let k = 0; k < modes; k += 1) out[k] = (residuals[k] ?? Number.NaN) - (centre[k] ?? 0);
      return out;
    },
    learn(residuals) {
      for (let k = 0; k < modes; k += 1) {
        const r = residuals[k] ?? Number.NaN;
        if (!Number.isFinite(r)) continue;
        const next = (centre[k] ?? 0) + weight * (r - (centre[k] ?? 0));
        centre[k] = Math.max(-cap, Math.min(cap, next));
      }
    },
  };
}
