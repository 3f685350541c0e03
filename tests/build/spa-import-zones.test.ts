import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../server/project-paths.ts';

/**
 * STYLE.md's one-way imports in the SPA, held by lint: a feature never imports another feature.
 * The list of features is read from src/features, so no folder is left unguarded (issue 35:
 * audit, inspections and operations were missing from a hand-written list).
 */
const eslint = new ESLint({ cwd: projectPath('.') });
const REFUSED = 'Features do not import each other; move shared code down a level.';

async function complaints(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: projectPath(filePath) });
  return (result?.messages ?? []).map((m) => m.message);
}

const features = readdirSync(projectPath('src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("the SPA's feature folders", () => {
  it.each(features)('refuses an import of another feature in features/%s', async (feature) => {
    const other = feature === 'bridges' ? 'users/users-page' : 'bridges/bridge-messages';
    const code = `export * from '../${other}';\n`;
    expect(await complaints(`src/features/${feature}/example.ts`, code)).toContainEqual(
      expect.stringContaining(REFUSED),
    );
  });

  it('names the folders that a hand-written list once missed', () => {
    expect(features).toEqual(expect.arrayContaining(['audit', 'inspections', 'operations']));
  });

  it('lets a feature import its own folder and the shared layers below', async () => {
    const code = [
      "export * from './audit-page';",
      "export * from '../../ui/row-actions';",
      "export * from '../../api/client';",
      '',
    ].join('\n');
    expect(await complaints('src/features/audit/example.ts', code)).toEqual([]);
  });
});
