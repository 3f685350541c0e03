import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { datastreams } from '../db/schema.ts';
import { ingestContextOf } from '../ingest/ingest-context.ts';
import { HttpError, notFound } from '../http-error.ts';
import { viewerOf } from '../plugins/authentication.ts';
import { visibleDatastreamFilter } from '../repositories/visibility.ts';
import type { Services } from '../services.ts';
import type { Handlers } from './operation-types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function rangeOf(query: { from?: string; to?: string }): { fromMs: number; toMs: number } {
  const toMs = query.to ? Date.parse(query.to) : Date.now();
  const fromMs = query.from ? Date.parse(query.from) : toMs - DAY_MS;
  if (!(fromMs < toMs)) throw new HttpError(400, 'from: must be before to');
  return { fromMs, toMs };
}

/** Readings back out, with the same visibility as the data streams themselves. */
export function readingsHandlers(
  services: Services,
): Handlers<'getReadings' | 'exportReadingsCsv'> {
  const { db } = services.database;
  const { readingsQuery } = ingestContextOf(services.database);

  async function assertVisible(request: FastifyRequest, id: number) {
    const [row] = await db
      .select({ id: datastreams.id })
      .from(datastreams)
      .where(
        and(eq(datastreams.id, id), visibleDatastreamFilter(db, viewerOf(request), datastreams.id)),
      );
    if (!row) throw notFound('Data stream', id);
  }

  return {
    async getReadings(request) {
      const { id } = request.params;
      await assertVisible(request, id);
      const { fromMs, toMs } = rangeOf(request.query);
      const maxPoints = request.query.max_points ?? 2000;
      const { level, points } = await readingsQuery.series(id, fromMs, toMs, maxPoints);
      return {
        datastream: id,
        from: new Date(fromMs).toISOString(),
        to: new Date(toMs).toISOString(),
        level,
        points: points.map((p) => ({
          t: new Date(p.t).toISOString(),
          min: p.min,
          max: p.max,
          mean: p.sum / p.count,
          count: p.count,
        })),
      };
    },

    async exportReadingsCsv(request, reply) {
      const { id } = request.params;
      await assertVisible(request, id);
      const { fromMs, toMs } = rangeOf(request.query);
      const name = `datastream-${id}-${new Date(fromMs).toISOString().slice(0, 10)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(readingsQuery.csvLines(id, fromMs, toMs)));
    },
  };
}
