import { isApiError } from '../../../domain/api-error';
import { answerOf } from '../../api/answer';
import type { ApiClient } from '../../api/client';
import { uploadInspectionPhoto } from '../../api/inspection-photos';
import type { DraftStore } from './draft-store';
import type { InspectionDraft } from './inspection-draft';
import { inspectionBody } from './inspection-form';

/** What became of a draft sent: on the server, still on the phone, or refused (and why). */
export type SendOutcome =
  | { status: 'sent'; inspectionId: number }
  | { status: 'kept' }
  | { status: 'refused'; detail: string };

/** No network, or a server that did not answer: worth trying again later as it is. */
function worthRetrying(error: unknown): boolean {
  if (!navigator.onLine) return true;
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'invalid-response') return true;
  const status = error.status ?? 500;
  return status >= 500 || status === 408 || status === 429;
}

async function send(
  api: ApiClient,
  store: DraftStore,
  draft: InspectionDraft,
): Promise<SendOutcome> {
  let current = draft;
  const keep = async (change: Partial<InspectionDraft>) => {
    current = { ...current, ...change, updatedAt: new Date().toISOString() };
    await store.put(current);
  };
  try {
    let inspectionId = current.inspectionId;
    if (inspectionId === null) {
      const recorded = await answerOf(
        api.POST('/api/v1/bridges/{id}/inspections', {
          params: { path: { id: Number(current.values.bridge) } },
          body: { ...inspectionBody(current.values, current.scale), client_key: current.key },
        }),
        'Failed to record the inspection',
      );
      inspectionId = recorded.id;
      await keep({ inspectionId });
    }
    for (const [index, photo] of current.photos.entries()) {
      if (current.sentPhotoIds.includes(photo.id)) continue;
      try {
        await uploadInspectionPhoto(api, inspectionId, photo.blob);
      } catch (error) {
        if (isApiError(error) && !worthRetrying(error)) {
          throw new Error(`Photo ${index + 1}: ${error.message}`, { cause: error });
        }
        throw error;
      }
      await keep({ sentPhotoIds: [...current.sentPhotoIds, photo.id] });
    }
    // Removed only now: the server has confirmed the inspection and each of its photos.
    await store.remove(current.key);
    return { status: 'sent', inspectionId };
  } catch (error) {
    const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
    if (worthRetrying(cause)) return { status: 'kept' };
    const detail = error instanceof Error ? error.message : String(error);
    // Sending it again unchanged would be refused again: it waits for its author.
    await keep({ queued: false, refusal: detail });
    return { status: 'refused', detail };
  }
}

const inFlight = new Map<string, Promise<SendOutcome>>();

/**
 * Sends a draft: the inspection (with its key, so a second send finds the first record), then
 * each photo not yet confirmed. A draft already being sent is not sent twice at once.
 */
export function sendDraft(
  api: ApiClient,
  store: DraftStore,
  draft: InspectionDraft,
): Promise<SendOutcome> {
  const running = inFlight.get(draft.key);
  if (running) return running;
  const sending = send(api, store, draft).finally(() => inFlight.delete(draft.key));
  inFlight.set(draft.key, sending);
  return sending;
}
