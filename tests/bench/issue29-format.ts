// Formatting shared by bench:detect's two issue 29 parts (detect-issue29.ts, the detect
// command; reference-path-issue29.ts, the stored analysis): one markdown row per case.
import { at } from '../../server/analytics/at.ts';
import { falseAlarmRate } from '../../server/analytics/false-alarm-rate.ts';
import {
  HOURS_PER_MONTH,
  ISSUE29_CASES,
  type Issue29Case,
} from '../server/analytics/control-chart-cases.ts';

export const hours = (v: number | null) => (v === null ? 'never' : `${v}`);
export const months = (v: number | null) =>
  v === null ? 'never' : (v / HOURS_PER_MONTH).toFixed(1);

/** Prints a markdown table: the header, then one row per issue 29 case from `row`. */
export function printCaseTable<Cell>(
  header: readonly string[],
  perSeed: readonly (readonly Cell[])[],
  row: (cells: Cell[], delay: (v: number | null) => string, unit: string) => string[],
  cases: readonly Issue29Case[] = ISSUE29_CASES,
): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  cases.forEach((damage, c) => {
    const cells = perSeed.map((cases) => at(cases, c));
    const slow = damage.name.startsWith('slow');
    const columns = row(cells, slow ? months : hours, slow ? ' months' : '');
    console.log(`| ${[damage.name, damage.goal, ...columns].join(' | ')} |`);
  });
}

/** The false-alarm rate of the seeds' summed episodes over their healthy bridge-years. */
export const summedRate = <Seed>(
  results: readonly Seed[],
  episodes: (seed: Seed) => number,
  years: number,
) =>
  falseAlarmRate(
    results.reduce((sum, r) => sum + episodes(r), 0),
    years,
  );
