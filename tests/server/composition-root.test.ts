import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../server/project-paths.ts';

/**
 * Issue 14's one composition root, held by lint: the wiring takes its repositories and services
 * from server/services.ts and its settings from server/config/config.ts.
 */
const eslint = new ESLint({ cwd: projectPath('.') });

async function complaints(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: projectPath(filePath) });
  return (result?.messages ?? []).map((m) => m.message);
}

const adHocRepository = `
declare function createAuditRepository(db: unknown): unknown;
export const audit = (db: unknown) => createAuditRepository(db);
`;
const adHocService = `
declare function createIngestService(db: unknown): unknown;
export const ingest = (db: unknown) => createIngestService(db);
`;
const environment = `export const url = process.env.MQTT_URL;\n`;

describe('the composition root', () => {
  it.each([
    ['server/routes/example-handlers.ts', adHocRepository],
    ['server/ingest/example.ts', adHocService],
    ['server/demo/example.ts', adHocService],
    ['server/analysis/analysis-view.ts', adHocRepository],
    ['server/report/report-gather.ts', adHocRepository],
    ['server/alerts/fatigue-alerts.ts', adHocRepository],
    ['server/alerts/inspection-check.ts', adHocRepository],
    ['server/ops/example.ts', adHocService],
  ])('refuses a repository or service built in %s', async (file, code) => {
    expect(await complaints(file, code)).toContain(
      'Take it from the services (server/services.ts), which build it once.',
    );
  });

  it.each([
    'server/services.ts',
    'server/analysis/analysis-stores.ts',
    'server/report/report-thread.ts',
  ])('lets %s, a composition root, build them', async (file) => {
    expect(await complaints(file, adHocRepository)).toEqual([]);
  });

  it('refuses the environment outside the config and the entry point', async () => {
    expect(await complaints('server/ingest/example.ts', environment)).toContain(
      "'process.env' is restricted from being used. Read settings from the config (server/config/config.ts), not the environment.",
    );
    expect(await complaints('server/config/config.ts', environment)).toEqual([]);
  });
});
