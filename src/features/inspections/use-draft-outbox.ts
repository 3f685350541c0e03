import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/api-context';
import { inspectionsQueryKey } from '../../api/queries/inspections';
import { useNotify } from '../../ui/use-notify';
import { useOnline } from '../../ui/use-online';
import { draftStore } from './draft-store';
import type { InspectionDraft } from './inspection-draft';
import { sendDraft } from './send-draft';

/** The user's drafts as the device holds them, read again after every change. */
export function useDrafts(userId: number): InspectionDraft[] {
  const store = draftStore();
  const [drafts, setDrafts] = useState<InspectionDraft[]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      void store.list(userId).then((found) => {
        if (live) setDrafts(found);
      });
    load();
    const unsubscribe = store.subscribe(load);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [store, userId]);
  return drafts;
}

/**
 * The inspections saved on this phone and waiting: sent on opening the page and whenever the
 * browser is back online, oldest first; one that cannot be sent for lack of network stops the
 * round (the next would fail alike).
 */
export function useDraftOutbox(userId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const online = useOnline();
  const drafts = useDrafts(userId);
  const [sending, setSending] = useState(false);

  const sendAll = useCallback(async () => {
    const store = draftStore();
    setSending(true);
    try {
      for (const draft of await store.list(userId)) {
        if (!draft.queued) continue;
        const outcome = await sendDraft(api, store, draft);
        if (outcome.status === 'kept') break;
        if (outcome.status === 'sent') {
          notify('success', `Inspection of ${draft.bridgeName} sent`);
          void queryClient.invalidateQueries({ queryKey: inspectionsQueryKey });
        }
      }
    } finally {
      setSending(false);
    }
  }, [api, notify, queryClient, userId]);

  useEffect(() => {
    if (online) void sendAll();
  }, [online, sendAll]);

  return {
    queued: drafts.filter((d) => d.queued),
    refused: drafts.filter((d) => !d.queued && d.refusal !== null),
    online,
    sending,
    sendAll,
  };
}
