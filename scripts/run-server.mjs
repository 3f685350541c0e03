// `npm start`, `npm run start:api|start:ingest|start:worker`, `npm run db:migrate`: runs a
// compiled server entry (dist-server/<entry>.js) with plain node, building first what is
// missing or older than its sources: the web app (dist/) for the server, and the server itself
// (scripts/build-server.mjs, a second or less). A fresh clone thus needs only `npm ci && npm start`.
//   node scripts/run-server.mjs <entry> [args...]     entry: main | migrate-cli | ...
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = process.argv[2] ?? 'main';
const compiled = path.join(root, 'dist-server', `${entry}.js`);
const inputsFile = path.join(root, 'dist-server', 'inputs.json');

/** True when the build is missing or a source it was built from changed since. */
function serverIsStale() {
  if (!existsSync(compiled) || !existsSync(inputsFile)) return true;
  const builtAt = statSync(compiled).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return inputs.some((file) => {
    const source = path.join(root, file);
    return !existsSync(source) || statSync(source).mtimeMs > builtAt;
  });
}

// WEB_DIR names another build to serve (the QA build of `npm run build:qa`); it is not built here.
const webDir = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : undefined;
if (entry === 'main' && webDir && !existsSync(path.join(webDir, 'index.html'))) {
  console.error(`WEB_DIR=${process.env.WEB_DIR} holds no built web app (npm run build:qa).`);
}
if (entry === 'main' && !webDir && !existsSync(path.join(root, 'dist', 'index.html'))) {
  console.log('Building the web app (first start only)...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) console.error('The web app failed to build; serving the API only.');
}

if (serverIsStale()) {
  let buildServer;
  try {
    ({ buildServer } = await import('./build-server.mjs'));
    await buildServer({ quiet: true });
  } catch (error) {
    // An install without dev dependencies has no esbuild: run the build it shipped with.
    if (!existsSync(compiled)) throw error;
    console.warn(`Could not rebuild the server (${error.message}); running the existing build.`);
  }
}

// The entry reads its own arguments from process.argv: drop this script's entry name.
process.argv.splice(2, 1);
await import(pathToFileURL(compiled).href);
