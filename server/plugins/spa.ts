import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api';

/**
 * Serves the built SPA with history fallback: any GET outside /api that is not a file gets
 * index.html, and the router shows its own 404 page. API paths answer JSON 404s.
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
      setHeaders(reply, filePath) {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasSpa && request.method === 'GET' && !isApiPath(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ detail: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
