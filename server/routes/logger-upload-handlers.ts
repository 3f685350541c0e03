import type { FastifyRequest } from 'fastify';
import type { DateOrder } from '../analytics/logger-time.ts';
import { InputError } from '../analytics/csv-table.ts';
import type { ImportItem } from '../import/block-builder.ts';
import { ImportRefused } from '../import/import-refused.ts';
import { importLoggerFile, inspectLoggerFile } from '../import/logger-import.ts';
import { HttpError, notFound } from '../http-error.ts';
import { uploadedChunks } from '../http/upload-body.ts';
import { requireAdmin } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';
import { inspectionDto, summaryDto } from './logger-upload-dto.ts';
import { assertInScope, hiddenAs } from './tenant-scope.ts';

/** The inspection reads 1,000 lines: a client sends the file's first megabytes, not all of it. */
export const INSPECT_LIMIT_BYTES = 64 * 1024 * 1024;
/** A 1 GiB file streams through in bounded memory (decision 044); larger ones go by the CLI. */
export const IMPORT_LIMIT_BYTES = 1024 * 1024 * 1024;
const LARGER = 'import a larger file with npm run import on the server';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** A zip cannot be read as it streams in (its directory is at its end): refused by its first bytes. */
async function* notZipped(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let first = true;
  for await (const chunk of chunks) {
    if (first && ZIP_MAGIC.every((byte, i) => chunk[i] === byte)) {
      throw new HttpError(
        400,
        'body: the file is a zip archive; unzip it and upload the file inside',
      );
    }
    first = false;
    yield chunk;
  }
}

/** `column=streamId` pairs, split at the last '=' as the command's --map is. */
function mappingOf(pairs: readonly string[]): Map<string, string> {
  const mapping = new Map<string, string>();
  for (const pair of pairs) {
    const at = pair.lastIndexOf('=');
    if (at <= 0 || at === pair.length - 1) {
      throw new HttpError(400, `map: '${pair}' is not column=streamId`);
    }
    mapping.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return mapping;
}

/** What the reading refused, as the 400 naming the parameter to change. */
function refusal(error: unknown): unknown {
  if (error instanceof ImportRefused) return new HttpError(400, `${error.field}: ${error.message}`);
  if (error instanceof InputError) return new HttpError(400, `body: ${error.message}`);
  return error;
}

/**
 * Logger files uploaded by staff or the bridge's company administrator (decision 044, section
 * 2026-11-29): the same module as `npm run import`, the same ingest scoped to the bridge.
 */
export function loggerUploadHandlers(
  services: Pick<RouteServices, 'bridges' | 'tenancy' | 'datastreams' | 'ingest'>,
  horizonDays: number,
): Handlers<'inspectLoggerUpload' | 'importLoggerUpload'> {
  const { bridges, datastreams, ingest } = services;
  // Another company's bridge answers as a missing one (decision 040).
  const assertBridge = async (request: FastifyRequest, id: number) => {
    const scope = requireAdmin(request);
    await assertInScope(services, scope, 'bridge', id, hiddenAs('Bridge'));
    if (!(await bridges.findById(id))) throw notFound('Bridge', id);
    return scope;
  };

  /** Every mapped stream is fed by a sensor on the bridge, checked before a byte is read. */
  async function assertStreamsOnBridge(request: FastifyRequest, bridgeId: number, ids: string[]) {
    const scope = await assertBridge(request, bridgeId);
    const own = new Set((await datastreams.list(scope.viewer, bridgeId)).map((s) => s.streamId));
    const stranger = ids.find((id) => !own.has(id));
    if (stranger !== undefined) {
      throw new HttpError(400, `map: no data stream '${stranger}' on bridge ${bridgeId}`);
    }
  }

  return {
    async inspectLoggerUpload(request) {
      await assertBridge(request, request.params.id);
      const chunks = uploadedChunks(request, INSPECT_LIMIT_BYTES, 'send its first megabytes');
      const { date_order, utc_offset_minutes } = request.query;
      try {
        const inspection = await inspectLoggerFile(notZipped(chunks), {
          dateOrder: date_order as DateOrder | undefined,
          utcOffsetMinutes: utc_offset_minutes,
        });
        return inspectionDto(inspection);
      } catch (error) {
        throw refusal(error);
      }
    },

    async importLoggerUpload(request, reply) {
      const bridgeId = request.params.id;
      const { map, date_order, utc_offset_minutes } = request.query;
      const mapping = mappingOf(map);
      await assertStreamsOnBridge(request, bridgeId, [...mapping.values()]);
      const chunks = uploadedChunks(request, IMPORT_LIMIT_BYTES, LARGER);
      const store = async (items: ImportItem[]) => {
        try {
          return await ingest.ingest(items, { bridgeId }, { horizonDays });
        } catch (error) {
          reply.log.error({ err: error }, 'an upload could not write to the readings store');
          throw new HttpError(
            503,
            'The readings store is unavailable; import the same file again later (what was stored counts as duplicates)',
          );
        }
      };
      try {
        const summary = await importLoggerFile(notZipped(chunks), {
          mapping,
          dateOrder: date_order as DateOrder | undefined,
          utcOffsetMinutes: utc_offset_minutes,
          ingest: store,
        });
        return summaryDto(summary);
      } catch (error) {
        throw refusal(error);
      }
    },
  };
}
