import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each test file took in a recent full run: `node scripts/file-times.mjs` writes it. */
const TIMES_FILE = new URL('../file-times.json', import.meta.url);

function committedTimes(): Map<string, number> {
  try {
    const parsed = JSON.parse(readFileSync(TIMES_FILE, 'utf8')) as Record<string, number>;
    return new Map(Object.entries(parsed));
  } catch {
    return new Map();
  }
}

/**
 * Starts the longest test files first, so the two workers end together instead of one running a
 * two-minute file alone at the end. Vitest orders by its own record of the last run's times,
 * which a fresh clone (CI) does not have: it then starts the largest files first, and the
 * slowest files, whose time goes to trainings and child processes rather than to lines of code,
 * started anywhere (stored-modes-strip, 95 s in a loaded run, was 201st of 306). So the files in
 * the committed times come first, longest first; the others follow in Vitest's own order (its
 * record of their times, else their size). docs/decisions/033-test-suite-time.md, 2026-11-30.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const times = committedTimes();
    const secondsOf = (file: TestSpecification) =>
      times.get(relative(this.ctx.config.root, file.moduleId));
    const known = files.filter((file) => secondsOf(file) !== undefined);
    const others = await super.sort(files.filter((file) => secondsOf(file) === undefined));
    const longestFirst = known.sort((a, b) => (secondsOf(b) ?? 0) - (secondsOf(a) ?? 0));
    // Projects stay together, in Vitest's order: a worker changes environment once.
    const projects = [...new Set([...longestFirst, ...others].map((file) => file.project.name))];
    return projects
      .sort()
      .flatMap((name) => [...longestFirst, ...others].filter((file) => file.project.name === name));
  }
}
