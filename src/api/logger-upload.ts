/**
 * Logger files sent to a bridge (decision 044). The inspection goes through the one client (its
 * token refresh included) with the file's first megabyte; the import sends the whole file by
 * XMLHttpRequest, the one browser API that reports an upload's progress. The server reads the
 * body only as fast as it stores it, so the upload's progress is the import's.
 */
import type { components } from '../../openapi/schema';
import { ApiError } from '../../domain/api-error';
import type { ApiClient } from './client';
import { answerOf } from './answer';
import { tokenStorage } from './token-storage';

export type LoggerFileInspection = components['schemas']['LoggerFileInspection'];
export type LoggerImportSummary = components['schemas']['LoggerImportSummary'];
export type DateOrder = NonNullable<LoggerFileInspection['date_order']>;

/** The server reads the first 1,000 lines; a megabyte holds them for any logger we know. */
const HEAD_BYTES = 1024 * 1024;

/** The file's first megabyte, cut after its last whole line (the whole file when smaller). */
export async function headOf(file: Blob): Promise<Blob> {
  if (file.size <= HEAD_BYTES) return file;
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const end = head.lastIndexOf(0x0a);
  return file.slice(0, end > 0 ? end + 1 : HEAD_BYTES);
}

export async function inspectLoggerUpload(
  api: ApiClient,
  bridgeId: number,
  file: Blob,
  dateOrder?: DateOrder,
): Promise<LoggerFileInspection> {
  const head = await headOf(file);
  return answerOf(
    api.POST('/api/v1/bridges/{id}/imports/inspect', {
      params: { path: { id: bridgeId }, query: dateOrder ? { date_order: dateOrder } : {} },
      body: '',
      // The bytes as they are: the server finds the encoding (Latin-1 or UTF-8) itself.
      bodySerializer: () => head,
      headers: { 'Content-Type': 'application/octet-stream' },
    }),
    'The file could not be read. Please try again.',
  );
}

export interface UploadRequest {
  bridgeId: number;
  file: Blob;
  /** Column key (`#n`) → stream_id, for the columns imported. */
  mapping: ReadonlyMap<string, string>;
  dateOrder: DateOrder;
  /** The share of the file sent and stored so far, 0 to 1. */
  onProgress?: (share: number) => void;
}

export function importUrl({ bridgeId, mapping, dateOrder }: UploadRequest): string {
  const query = new URLSearchParams({ date_order: dateOrder });
  for (const [column, streamId] of mapping) query.append('map', `${column}=${streamId}`);
  return `/api/v1/bridges/${bridgeId}/imports?${query.toString()}`;
}

function failureOf(xhr: XMLHttpRequest): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText) as unknown;
  } catch {
    body = undefined;
  }
  return new ApiError({
    kind: 'http',
    status: xhr.status,
    body,
    message:
      xhr.status === 408
        ? 'The upload took longer than the server allows; import this file with npm run import.'
        : 'The import failed. Please try again.',
  });
}

export function importLoggerUpload(request: UploadRequest): Promise<LoggerImportSummary> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', importUrl(request));
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    const access = tokenStorage.getAccess();
    if (access) xhr.setRequestHeader('Authorization', `Bearer ${access}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) request.onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status !== 200) return reject(failureOf(xhr));
      try {
        resolve(JSON.parse(xhr.responseText) as LoggerImportSummary);
      } catch (cause) {
        reject(new ApiError({ kind: 'invalid-response', status: xhr.status, cause }));
      }
    });
    xhr.addEventListener('error', () =>
      reject(new ApiError({ kind: 'network', message: 'The server could not be reached.' })),
    );
    xhr.send(request.file);
  });
}
