// npm run machines:export — writes each machine's chart to machines/json/<name>.json for the
// Stately editor (docs/qa-state-machines.md). A test fails when a committed file is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allMachines } from '../machines/all-machines';
import { chartJson } from '../machines/chart-json';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'machines', 'json');
mkdirSync(outDir, { recursive: true });
for (const [name, machine] of Object.entries(allMachines)) {
  const file = path.join(outDir, `${name}.json`);
  writeFileSync(file, chartJson(machine));
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
}
