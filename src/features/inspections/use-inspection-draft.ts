import { useEffect, useRef, useState } from 'react';
import type { RatingScale } from '../../../domain/inspection-regimes';
import { draftStore } from './draft-store';
import { type DraftPhoto, type InspectionDraft, newDraftKey } from './inspection-draft';
import type { InspectionFormValues } from './inspection-form';

interface DraftOptions {
  /** Whose draft; without a user nothing is kept (a correction of a stored record). */
  userId: number | undefined;
  values: InspectionFormValues;
  replaceValues: (values: InspectionFormValues) => void;
  scale: RatingScale;
  bridgeName: string;
}

/**
 * A new inspection's form kept on the device as it is filled in (decision 053): the user's
 * draft still being filled in is restored on opening the form, and every change (photos
 * included) is written at once, so a closed tab or a dead battery loses nothing.
 */
export function useInspectionDraft({
  userId,
  values,
  replaceValues,
  scale,
  bridgeName,
}: DraftOptions) {
  const store = draftStore();
  const [key, setKey] = useState(newDraftKey);
  const [photos, setPhotos] = useState<DraftPhoto[]>([]);
  const [restored, setRestored] = useState<InspectionDraft | null>(null);
  const [loaded, setLoaded] = useState(userId === undefined);
  const pristine = useRef(values);

  useEffect(() => {
    if (userId === undefined) return undefined;
    let live = true;
    void store.list(userId).then((drafts) => {
      if (!live) return;
      const open = drafts.filter((d) => !d.queued).at(-1);
      if (open) {
        setKey(open.key);
        setPhotos(open.photos);
        setRestored(open);
        replaceValues(open.values);
      }
      setLoaded(true);
    });
    return () => {
      live = false;
    };
    // Once, on opening: later changes are this form's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, userId]);

  const draftOf = (queued: boolean): InspectionDraft | null =>
    userId === undefined
      ? null
      : {
          key,
          userId,
          values,
          scale,
          bridgeName,
          photos,
          queued,
          inspectionId: restored?.key === key ? restored.inspectionId : null,
          sentPhotoIds: restored?.key === key ? restored.sentPhotoIds : [],
          refusal: queued || restored?.key !== key ? null : restored.refusal,
          updatedAt: new Date().toISOString(),
        };

  useEffect(() => {
    if (!loaded) return;
    if (values === pristine.current && photos.length === 0) return;
    const draft = draftOf(false);
    if (draft) void store.put(draft);
    // draftOf reads exactly these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, values, photos, scale, bridgeName]);

  /** Forgets the draft on this device and starts an empty one. */
  const discard = async (empty: InspectionFormValues) => {
    await store.remove(key);
    pristine.current = empty;
    replaceValues(empty);
    setPhotos([]);
    setRestored(null);
    setKey(newDraftKey());
  };

  return { store, photos, setPhotos, restored, draftOf, discard, kept: userId !== undefined };
}
