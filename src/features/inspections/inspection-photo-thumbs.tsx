import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useApi } from '../../api/api-context';
import { type InspectionPhoto, getInspectionPhotoThumbnail } from '../../api/inspection-photos';
import { useNearViewport } from '../../ui/use-near-viewport';
import { useObjectUrl } from '../../ui/use-object-url';
import * as styles from './inspections.css';
import { PhotoViewer } from './photo-viewer';

/** The drawn sizes in CSS pixels (inspections.css.ts), set on the image so nothing jumps. */
const SIDE = { large: 88, small: 48 };

/**
 * A stored photo's thumbnail (at most 320 px, made by the server), read through the API client
 * once it nears the viewport; pressing it (click, Enter or Space) opens the whole photo.
 */
export function StoredThumb({
  photo,
  label,
  large = false,
}: {
  photo: InspectionPhoto;
  label: string;
  large?: boolean;
}) {
  const api = useApi();
  const ref = useRef<HTMLButtonElement>(null);
  const near = useNearViewport(ref);
  const [open, setOpen] = useState(false);
  // A stored photo never changes: read once, kept apart from the inspections' refreshes.
  const thumbnail = useQuery({
    queryKey: ['inspection-photo-thumbnail', photo.id],
    queryFn: () => getInspectionPhotoThumbnail(api, photo.id),
    staleTime: Infinity,
    enabled: near,
  });
  const url = useObjectUrl(thumbnail.data);
  const side = large ? SIDE.large : SIDE.small;
  return (
    <>
      <button
        ref={ref}
        type="button"
        className={styles.thumbButton}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {url ? (
          <img
            className={large ? styles.thumbnail : styles.smallThumbnail}
            src={url}
            alt={label}
            loading="lazy"
            width={side}
            height={side}
          />
        ) : (
          <span>{label}</span>
        )}
      </button>
      {open && <PhotoViewer photo={photo} label={label} onClose={() => setOpen(false)} />}
    </>
  );
}

/** An inspection's stored photos as thumbnails, each opening the whole photo. */
export function InspectionPhotoThumbs({
  photos,
  describe,
}: {
  photos: InspectionPhoto[];
  describe: string;
}) {
  if (photos.length === 0) return null;
  return (
    <ul className={styles.photoGrid} aria-label={`Photos of ${describe}`}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <StoredThumb photo={photo} label={`${describe}, photo ${index + 1}`} />
        </li>
      ))}
    </ul>
  );
}
