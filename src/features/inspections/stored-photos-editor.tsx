import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { deleteInspectionPhoto, type InspectionPhoto } from '../../api/inspection-photos';
import { inspectionsQueryKey } from '../../api/queries/inspections';
import { Button } from '../../ui/button';
import { useNotify } from '../../ui/use-notify';
import { StoredThumb } from './inspection-photo-thumbs';
import * as styles from './inspections.css';

/**
 * A recorded inspection's photos while staff correct it, each removable at once (decision 053):
 * a removal is its own call, not part of the form's Save, so Cancel does not bring it back.
 */
export function StoredPhotosEditor({
  photos,
  describe,
}: {
  photos: InspectionPhoto[];
  describe: string;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const remove = useMutation({
    mutationFn: (photo: InspectionPhoto) => deleteInspectionPhoto(api, photo.id),
    onSuccess: (_, photo) => {
      setRemoved((before) => new Set([...before, photo.id]));
      void queryClient.invalidateQueries({ queryKey: inspectionsQueryKey });
      notify('success', 'Photo removed');
    },
    onError: (error) => notify('error', error.message),
  });
  const kept = photos.filter((photo) => !removed.has(photo.id));
  if (photos.length === 0) return null;
  return (
    <fieldset className={styles.photoFieldset}>
      <legend>Photos</legend>
      {kept.length === 0 ? (
        <p>No photos left.</p>
      ) : (
        <ul className={styles.photoGrid}>
          {kept.map((photo) => {
            const label = `${describe}, photo ${photos.indexOf(photo) + 1}`;
            return (
              <li key={photo.id} className={styles.photoItem}>
                <StoredThumb photo={photo} label={label} large />
                <Button
                  variant="secondary"
                  onClick={() => remove.mutate(photo)}
                  disabled={remove.isPending}
                  aria-label={`Remove ${label}`}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
