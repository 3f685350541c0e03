import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../../server/project-paths.ts';

/** The one module allowed to write the alerts table (issue 32: every alert through one service). */
const WRITER = 'server/alerts/alert-store.ts';

// drizzle's builders on the table object, and raw SQL naming the table.
const WRITES = [
  /\.(insert|update|delete)\(\s*alerts\s*\)/,
  /\b(insert\s+into|update|delete\s+from)\s+"?alerts"?\b/i,
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(folder, file));
}

/** Files outside the writer whose text writes the alerts table. */
function writersOf(text: string): boolean {
  return WRITES.some((pattern) => pattern.test(text));
}

describe('the alerts table has one writer', () => {
  it('finds a write in the forms the product uses (the check can fail)', () => {
    expect(writersOf('await tx.update(alerts).set({ state })')).toBe(true);
    expect(writersOf('db.insert( alerts )')).toBe(true);
    expect(writersOf('sql`UPDATE alerts SET state = 1`')).toBe(true);
    expect(writersOf('DELETE FROM "alerts" WHERE id = 1')).toBe(true);
    expect(writersOf('db.select().from(alerts)')).toBe(false);
    expect(writersOf('await tx.update(alertDeliveries)')).toBe(false);
  });

  it('nothing in the server but the alert store writes it', () => {
    const root = projectPath();
    const offenders = sourceFiles(projectPath('server'))
      .map((file) => relative(root, file))
      .filter((file) => file !== WRITER)
      .filter((file) => writersOf(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
    expect(writersOf(readFileSync(projectPath(WRITER), 'utf8'))).toBe(true);
  });
});
