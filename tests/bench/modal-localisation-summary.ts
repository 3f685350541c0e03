// Printing of the localisation bench (decision 046, "Localisation, 2026-11-30").

/** One trial: the damaged element and the element each method located. */
export interface Located {
  damaged: number;
  /** Decision 046's first method: curvature change against one reference window. */
  before: number;
  /** The standardised curvature change against the reference windows. */
  after: number;
  /** Time of the reference's curvature and the standardised change (not the identification). */
  milliseconds: number;
}

const GROUPS: [string, (e: number) => boolean][] = [
  ['support elements 0, 19', (e) => e === 0 || e === 19],
  ['next to them 1-2, 17-18', (e) => (e >= 1 && e <= 2) || (e >= 17 && e <= 18)],
  ['midspan 8-11', (e) => e >= 8 && e <= 11],
  ['others', (e) => (e >= 3 && e <= 7) || (e >= 12 && e <= 16)],
];

const within = (found: number, damaged: number): boolean => Math.abs(found - damaged) <= 1;

export function summariseLocalisation(title: string, results: Located[], goal: boolean): void {
  const n = results.length;
  const count = (pick: (r: Located) => number, rows = results): number =>
    rows.filter((r) => within(pick(r), r.damaged)).length;
  const after = count((r) => r.after);
  const verdict = goal ? ` (goal ≥ 90 %: ${after >= 0.9 * n ? 'met' : 'NOT met'})` : '';
  const times = results.map((r) => r.milliseconds).sort((a, b) => a - b);
  console.log(
    `Localisation ${title}, ${n} trials, within ±1 element: before ${count((r) => r.before)} (${pct(
      count((r) => r.before),
      n,
    )}), after ${after} (${pct(after, n)})${verdict}; localisation alone median ${(times[Math.floor(n / 2)] ?? 0).toFixed(2)} ms`,
  );
  for (const [name, inGroup] of GROUPS) {
    const rows = results.filter((r) => inGroup(r.damaged));
    console.log(
      `  ${name}: before ${count((r) => r.before, rows)}/${rows.length}, after ${count((r) => r.after, rows)}/${rows.length}`,
    );
  }
  const misses = results.filter((r) => !within(r.after, r.damaged));
  console.log(
    `  after, misses (element→found): ${misses.map((r) => `${r.damaged}→${r.after}`).join(' ') || 'none'}`,
  );
}

const pct = (k: number, n: number): string => `${((100 * k) / n).toFixed(0)} %`;
