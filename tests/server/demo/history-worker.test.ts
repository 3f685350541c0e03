import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { writeDemoHistory } from '../../../server/demo/history-writer.ts';
import { seedDemo } from '../../../server/seed/demo-seed.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { LIGHT_RATES } from './light-rates.ts';

const run = fileURLToPath(new URL('./parallel-history-run.ts', import.meta.url));

// A child process under tsx plus the same history on one thread: 10 s alone, past 30 s in CI
// beside the browser tests.
describe('the demo history on a worker thread', { timeout: 180_000 }, () => {
  const t = setupTestApp('pglite');

  it('stores under tsx, as npm start runs it, the same samples as on one thread', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', run], {
      timeout: 150_000,
    });
    const parallel = JSON.parse(stdout) as { samples: number; stored: number; messages: string[] };
    expect(parallel.messages.join('\n')).not.toContain('main thread');
    expect(parallel.stored).toBe(parallel.samples);

    await seedDemo(t.services.database.db, t.services.secretBox, t.services.passwords);
    const single = await writeDemoHistory(t.services.database, { days: 3, rates: LIGHT_RATES });
    expect(parallel.samples).toBe(single.samples);
  });
});
