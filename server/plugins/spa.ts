import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api';
/**
 * Build metadata such as `.vite/manifest.json` lists every file of the build and is for the
 * build alone: no path with a segment that starts with a dot is served, nor answered with the app.
 */
const isHiddenPath = (url: string) => /\/\./.test(url.split('?')[0] ?? '');

// Written by the build (build/prerender-plugin.ts): the public pages' HTML, rendered ahead.
const PRERENDER_DIR = 'prerendered';

/** Page path -> file under distDir, e.g. '/faqs' -> 'prerendered/faqs.html'. */
function prerenderedPages(distDir: string): Map<string, string> {
  const dir = path.join(distDir, PRERENDER_DIR);
  if (!existsSync(dir)) return new Map();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  );
  return new Map(
    files.map((file) => {
      const page = `/${file
        .split(path.sep)
        .join('/')
        .replace(/\.html$/, '')}`;
      return [page === '/index' ? '/' : page, `${PRERENDER_DIR}/${file}`];
    }),
  );
}

/**
 * Serves the built SPA with history fallback: a prerendered public page gets its own HTML, any
 * other GET outside /api that is not a file gets index.html, and the router shows its own 404
 * page. API paths answer JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined) {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && existsSync(indexFile);
  if (hasSpa && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br/.gz beside each asset (build/precompress-plugin.ts).
      preCompressed: true,
      allowedPath: (pathName) => !isHiddenPath(pathName),
      setHeaders(reply, filePath) {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // A public page's own HTML paints before any JavaScript runs; the app then takes over.
    for (const [page, file] of prerenderedPages(distDir)) {
      app.get(page, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile(file));
    }
  }
  app.setNotFoundHandler((request, reply) => {
    if (
      hasSpa &&
      request.method === 'GET' &&
      !isApiPath(request.url) &&
      !isHiddenPath(request.url)
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ detail: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
