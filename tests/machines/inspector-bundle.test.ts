import { describe, expect, it } from 'vitest';
import { type Rolldown, build } from 'vite';

// The browser bundle of `npm run build` and of `npm run build:qa` (client only, in memory: the
// pages are not prerendered and nothing is written to dist/). Two builds take a few minutes on
// a shared machine.
const BUILD_TIMEOUT_MS = 600_000;
const INSPECTOR_PACKAGE = '/node_modules/@statelyai/inspect/';

type Chunk = Rolldown.OutputChunk;

async function browserChunks(mode: 'production' | 'qa'): Promise<Chunk[]> {
  const result = await build({
    configFile: 'vite.config.ts',
    mode,
    logLevel: 'silent',
    build: { write: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) =>
    'output' in output ? output.output.filter((item) => item.type === 'chunk') : [],
  );
}

const holdsInspector = (chunk: Chunk) =>
  chunk.moduleIds.some((id) => id.includes(INSPECTOR_PACKAGE));

/** What loads with the page: the entry and everything it imports statically. */
function staticallyLoaded(chunks: Chunk[]): Chunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<Chunk>();
  const visit = (chunk: Chunk | undefined) => {
    if (!chunk || seen.has(chunk)) return;
    seen.add(chunk);
    chunk.imports.forEach((file) => visit(byFile.get(file)));
  };
  chunks.filter((chunk) => chunk.isEntry).forEach(visit);
  return [...seen];
}

describe('the Stately inspector in the browser bundle', () => {
  it(
    'is absent from the production build',
    async () => {
      const chunks = await browserChunks('production');

      expect(chunks.some((chunk) => chunk.isEntry)).toBe(true);
      expect(chunks.filter(holdsInspector).map((chunk) => chunk.fileName)).toEqual([]);
      // Its address, in case the package were ever inlined under another path.
      expect(chunks.filter((chunk) => chunk.code.includes('stately.ai/inspect'))).toEqual([]);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'is in the QA build, loaded only when asked for',
    async () => {
      const chunks = await browserChunks('qa');

      const inspectorChunks = chunks.filter(holdsInspector);
      expect(inspectorChunks.length).toBeGreaterThan(0);
      expect(inspectorChunks.some((chunk) => chunk.code.includes('stately.ai/inspect'))).toBe(true);
      // The page itself does not grow: the inspector is a chunk of its own, imported on demand.
      expect(staticallyLoaded(chunks).filter(holdsInspector)).toEqual([]);
    },
    BUILD_TIMEOUT_MS,
  );
});
