import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../server/project-paths.ts';

/**
 * Issue 35: the server's layers and its folders' acyclicity are held by dependency-cruiser
 * (.dependency-cruiser.cjs, run by `npm run lint`). Each case writes a tiny tree with one
 * forbidden import and runs the project's own rules over it.
 */
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'spanwatch-layers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

async function violations(files: Record<string, string>): Promise<Violation[]> {
  const root = mkdtempSync(join(scratch, 'tree-'));
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: {} }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  const args = ['server', '--config', projectPath('.dependency-cruiser.cjs'), '-T', 'json'];
  const output = await run(projectPath('node_modules', '.bin', 'depcruise'), args, {
    cwd: root,
  }).catch((error: { stdout: string }) => error);
  const report = JSON.parse(output.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations;
}

describe('the server layers rule', () => {
  it('refuses a lower layer importing a higher one, even for a type', async () => {
    const found = await violations({
      'server/db/client.ts': "import type { Handler } from '../routes/thing-handlers.ts';\n",
      'server/routes/thing-handlers.ts': 'export type Handler = () => void;\n',
    });
    expect(found.map((v) => [v.rule.name, v.from, v.to])).toEqual([
      ['layer-db', 'server/db/client.ts', 'server/routes/thing-handlers.ts'],
    ]);
  });

  it('refuses two folders of one layer that import each other', async () => {
    const found = await violations({
      'server/alerts/alert-service.ts':
        "import type { Result } from '../analysis/analyse-bridge.ts';\nexport type Alert = Result;\n",
      'server/analysis/analyse-bridge.ts':
        "import type { Alert } from '../alerts/alert-service.ts';\nexport type Result = string;\nexport type Seen = Alert;\n",
    });
    expect(found.map((v) => v.rule.name)).toContain('no-folder-cycles');
  });

  it('lets a higher layer import a lower one', async () => {
    const found = await violations({
      'server/routes/thing-handlers.ts':
        "import type { Things } from '../repositories/things-repository.ts';\nexport type X = Things;\n",
      'server/repositories/things-repository.ts':
        "import type { Db } from '../db/client.ts';\nexport type Things = Db;\n",
      'server/db/client.ts': 'export type Db = object;\n',
    });
    expect(found).toEqual([]);
  });

  it('refuses a route that reaches the database past the repositories', async () => {
    const found = await violations({
      'server/routes/thing-handlers.ts':
        "import type { Db } from '../db/client.ts';\nexport type X = Db;\n",
      'server/db/client.ts': 'export type Db = object;\n',
    });
    expect(found.map((v) => v.rule.name)).toEqual(['http-through-repositories']);
  });
});
