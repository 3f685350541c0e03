import { type ChangeEvent, useState } from 'react';
import { Button } from '../../ui/button';
import { useObjectUrl } from '../../ui/use-object-url';
import type { DraftPhoto } from './inspection-draft';
import * as styles from './inspections.css';
import { resizePhoto } from './resize-photo';

/** The most the server keeps per inspection (decision 053). */
export const MAX_PHOTOS = 20;

function DraftThumb({
  photo,
  index,
  onRemove,
}: {
  photo: DraftPhoto;
  index: number;
  onRemove: () => void;
}) {
  const url = useObjectUrl(photo.blob);
  return (
    <li className={styles.photoItem}>
      {url && <img className={styles.thumbnail} src={url} alt={`Photo ${index + 1}`} />}
      <Button variant="secondary" onClick={onRemove} aria-label={`Remove photo ${index + 1}`}>
        Remove
      </Button>
    </li>
  );
}

interface PhotoPickerProps {
  photos: DraftPhoto[];
  onChange: (photos: DraftPhoto[]) => void;
}

/**
 * Photos taken with the phone's rear camera (`capture`), or chosen from the gallery where the
 * browser offers it; each made smaller on the phone and kept with the draft until sent.
 */
export function PhotoPicker({ photos, onChange }: PhotoPickerProps) {
  const [preparing, setPreparing] = useState(false);
  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setPreparing(true);
    try {
      const room = Math.max(0, MAX_PHOTOS - photos.length);
      const resized = await Promise.all(files.slice(0, room).map(resizePhoto));
      onChange([...photos, ...resized.map((blob) => ({ id: crypto.randomUUID(), blob }))]);
    } finally {
      setPreparing(false);
    }
  };
  return (
    <fieldset className={styles.photoFieldset}>
      <legend>Photos</legend>
      {photos.length > 0 && (
        <ul className={styles.photoGrid}>
          {photos.map((photo, index) => (
            <DraftThumb
              key={photo.id}
              photo={photo}
              index={index}
              onRemove={() => onChange(photos.filter((p) => p.id !== photo.id))}
            />
          ))}
        </ul>
      )}
      {photos.length < MAX_PHOTOS ? (
        <label className={styles.cameraButton}>
          {preparing ? 'Preparing photo...' : 'Add photo'}
          <input
            className={styles.visuallyHiddenInput}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            disabled={preparing}
            onChange={(event) => void add(event)}
          />
        </label>
      ) : (
        <p className={styles.note}>{MAX_PHOTOS} photos, the most an inspection keeps.</p>
      )}
    </fieldset>
  );
}
