// A sensor on a stay or hanger (issue 31, decision 079): the cable's properties and the limits
// its tension, estimated from vibration, is held to. Shared by the API, the analysis and the SPA.

/** Stored as the sensor's `cable` (jsonb), in the contract's units. */
export interface CableSettings {
  length_m: number;
  mass_per_m: number;
  bending_stiffness_nm2?: number | null;
  tension_low_kn?: number | null;
  tension_high_kn?: number | null;
  tension_change_percent?: number | null;
  reference_tension_kn?: number | null;
}

/** Windows of the first stored day whose mean is the reference, when none is set. */
export const REFERENCE_WINDOWS = 144;
/** The change from the reference is judged on the mean of the newest day's windows. */
export const CHANGE_WINDOWS = 144;
/** …with at least this many tensions in it, so a few windows never decide it. */
export const CHANGE_MIN_WINDOWS = 12;

export interface TensionBreach {
  sensorLabel: string;
  streamId: string;
  /** low/high: an absolute limit; change: the day's mean against the reference. */
  side: 'low' | 'high' | 'change';
  /** The limit in kN, or the change limit in %. */
  limit: number;
  /** The value judged: the newest tension (kN), or the day's change (%). */
  value: number;
  uncertaintyKn: number | null;
  referenceKn: number | null;
  windowStart: number;
  windows: number;
}

const kn = (value: number) => `${value.toFixed(value >= 100 ? 0 : 1)} kN`;

/** The 'Limit exceeded' alert's message: the value against its trigger (decision 079). */
export function tensionBreachMessage(b: TensionBreach): string {
  const who = `Cable sensor ${b.sensorLabel} (stream ${b.streamId})`;
  const at = new Date(b.windowStart).toISOString();
  const pm = b.uncertaintyKn === null ? '' : ` ± ${kn(b.uncertaintyKn)}`;
  if (b.side === 'change') {
    const sign = b.value > 0 ? '+' : '';
    return (
      `${who}: tension changed ${sign}${b.value.toFixed(2)} % from its reference of ` +
      `${kn(b.referenceKn ?? 0)} (limit ±${b.limit} %), mean of ${b.windows} windows to ${at}`
    );
  }
  const where = b.side === 'low' ? 'below its low' : 'above its high';
  return `${who}: tension ${kn(b.value)}${pm} ${where} limit of ${kn(b.limit)} at ${at}`;
}

/**
 * The limits judged on the newest tension (absolute) and the newest day's mean (change): the
 * absolute limits take the newest window's tension, so a cut or slack hanger is told at once;
 * the change takes the mean of up to a day of windows (at least 12), so one noisy window never
 * raises it (decision 079).
 */
export function judgeTension(
  cable: CableSettings,
  newest: { windowStart: number; tensionKn: number; uncertaintyKn: number | null } | null,
  day: { meanKn: number; windows: number; to: number } | null,
  referenceKn: number | null,
  who: { sensorLabel: string; streamId: string },
): TensionBreach[] {
  const breaches: TensionBreach[] = [];
  if (newest) {
    const base = {
      ...who,
      value: newest.tensionKn,
      uncertaintyKn: newest.uncertaintyKn,
      referenceKn,
      windowStart: newest.windowStart,
      windows: 1,
    };
    const low = cable.tension_low_kn ?? null;
    const high = cable.tension_high_kn ?? null;
    if (low !== null && newest.tensionKn < low) breaches.push({ ...base, side: 'low', limit: low });
    if (high !== null && newest.tensionKn > high) {
      breaches.push({ ...base, side: 'high', limit: high });
    }
  }
  const percent = cable.tension_change_percent ?? null;
  if (percent !== null && day && referenceKn !== null && day.windows >= CHANGE_MIN_WINDOWS) {
    const change = 100 * (day.meanKn / referenceKn - 1);
    if (Math.abs(change) > percent) {
      breaches.push({
        ...who,
        side: 'change',
        limit: percent,
        value: change,
        uncertaintyKn: null,
        referenceKn,
        windowStart: day.to,
        windows: day.windows,
      });
    }
  }
  return breaches;
}
