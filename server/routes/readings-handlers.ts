import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { parseIsoTime } from '../ingest/iso-time.ts';
import { HttpError, notFound } from '../http-error.ts';
import { viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';
import { createInFlightLimit } from '../http/in-flight.ts';

/**
 * Raw exports running at once, per user and on the whole server (issue 37, finding 6): each
 * reads the database page after page for as long as its range holds data, so one user's
 * parallel exports raised everyone's response times; beyond these a 429 says to wait.
 */
export const EXPORTS_PER_USER = 1;
export const EXPORTS_PER_SERVER = 4;

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Times a range may name: from the epoch (no sensor data is older) to the last instant ISO 8601
 * writes with four digits. Beyond them the database refuses the time, and the CSV export had
 * already sent its 200 (issue 13, finding 8).
 */
const EARLIEST_MS = Date.UTC(1970, 0, 1);
const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function timeOf(field: 'from' | 'to', text: string | undefined): number | null {
  if (text === undefined) return null;
  const ms = parseIsoTime(text);
  if (ms === null) {
    throw new HttpError(400, `${field}: must be an ISO 8601 date-time on a day that exists`);
  }
  if (ms < EARLIEST_MS || ms > LATEST_MS) {
    throw new HttpError(
      400,
      `${field}: must lie between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z`,
    );
  }
  return ms;
}

/** The range asked for, checked before anything is read or any header is sent. */
function rangeOf(query: { from?: string; to?: string }): { fromMs: number; toMs: number } {
  const toMs = timeOf('to', query.to) ?? Date.now();
  const fromMs = timeOf('from', query.from) ?? Math.max(EARLIEST_MS, toMs - DAY_MS);
  if (!(fromMs < toMs)) throw new HttpError(400, 'from: must be before to');
  return { fromMs, toMs };
}

/** Readings back out, with the same visibility as the data streams themselves. */
export function readingsHandlers(
  services: Pick<RouteServices, 'readingsQuery' | 'calibrations' | 'datastreams'>,
): Handlers<'getReadings' | 'exportReadingsCsv'> {
  const { readingsQuery, calibrations, datastreams } = services;
  const exportsOfUser = createInFlightLimit<number>(EXPORTS_PER_USER);
  const allExports = createInFlightLimit<'all'>(EXPORTS_PER_SERVER);

  async function assertVisible(request: FastifyRequest, id: number) {
    if (!(await datastreams.isVisible(viewerOf(request), id))) throw notFound('Data stream', id);
  }

  return {
    async getReadings(request) {
      const { id } = request.params;
      // Three independent reads on three connections: a chart waits for the slowest, not the
      // sum (issue 16). A stream not visible is still a 404 before a bad range is a 400.
      const visible = assertVisible(request, id);
      let range: ReturnType<typeof rangeOf>;
      try {
        range = rangeOf(request.query);
      } catch (error) {
        await visible;
        throw error;
      }
      const { fromMs, toMs } = range;
      const maxPoints = request.query.max_points ?? 2000;
      const [, { level, points }, uncalibrated] = await Promise.all([
        visible,
        readingsQuery.series(id, fromMs, toMs, maxPoints),
        calibrations.outOfCalibrationOfStream(id, fromMs, toMs),
      ]);
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
        out_of_calibration: uncalibrated.map((r) => ({
          from: new Date(r.from).toISOString(),
          to: new Date(r.to).toISOString(),
        })),
      };
    },

    async exportReadingsCsv(request, reply) {
      const { id } = request.params;
      await assertVisible(request, id);
      const { fromMs, toMs } = rangeOf(request.query);
      const name = `datastream-${id}-${new Date(fromMs).toISOString().slice(0, 10)}.csv`;
      if (!exportsOfUser.tryHold(viewerOf(request).id, reply)) {
        reply.header('retry-after', 5);
        throw new HttpError(429, 'Another export of yours is running; try again when it is done');
      }
      if (!allExports.tryHold('all', reply)) {
        reply.header('retry-after', 5);
        throw new HttpError(429, 'The server is busy with other exports; try again in a moment');
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(readingsQuery.csvLines(id, fromMs, toMs)));
    },
  };
}
