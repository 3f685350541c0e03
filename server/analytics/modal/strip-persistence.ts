/**
 * Whether the located-change strip's candidate persists (decision 076, amendment 2026-12-02):
 * a real stiffness loss stays where it is window after window, a noise peak moves. A window
 * *names* the sensor nearest its located chainage when its index stands out of the noise floor.
 */
export interface PersistenceRule {
  /** Windows that must name the newest window's sensor (within the tolerance)… */
  agree: number;
  /** …among this many newest windows, the newest included. */
  of: number;
  /** How many sensor positions apart two windows may name and still agree. */
  toleranceSensors: number;
}

/**
 * 2 of the newest 2 windows, within ±1 sensor position: chosen on the tuning trials of decision
 * 076's amendment of 2026-12-02 (fewest healthy false locations while a 10 % loss is still
 * located in at least 5 of 6 trials within 8 windows); kept on 076 (i)'s tuning trials of the
 * logger-filtered records (tied with 3 of 3 on false locations and trials located).
 */
export const STRIP_PERSISTENCE: PersistenceRule = { agree: 2, of: 2, toleranceSensors: 1 };

export interface Persistence {
  /** Windows among the newest `of` that agree with the newest window's sensor (0 if it names none). */
  agreeing: number;
  of: number;
  needed: number;
  persistent: boolean;
}

/** The index of the sensor nearest a chainage. */
export function nearestSensor(xM: number, sensorsM: readonly number[]): number {
  let best = 0;
  sensorsM.forEach((s, j) => {
    if (Math.abs(s - xM) < Math.abs((sensorsM[best] ?? Infinity) - xM)) best = j;
  });
  return best;
}

/**
 * The rule over the sensors the windows named, newest first (null: the window named none). Only
 * the newest `rule.of` are read; fewer windows than that simply agree less.
 */
export function persistenceOf(
  namedNewestFirst: readonly (number | null)[],
  rule: PersistenceRule = STRIP_PERSISTENCE,
): Persistence {
  const newest = namedNewestFirst[0] ?? null;
  const agreeing =
    newest === null
      ? 0
      : namedNewestFirst
          .slice(0, rule.of)
          .filter((s) => s !== null && Math.abs(s - newest) <= rule.toleranceSensors).length;
  return { agreeing, of: rule.of, needed: rule.agree, persistent: agreeing >= rule.agree };
}
