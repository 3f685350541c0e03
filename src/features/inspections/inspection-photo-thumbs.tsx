import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { type InspectionPhoto, getInspectionPhoto } from '../../api/inspection-photos';
import { useObjectUrl } from '../../ui/use-object-url';
import * as styles from './inspections.css';

/** A stored photo, read through the API client, opening whole in a new tab. */
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
  // A stored photo never changes: read once, kept apart from the inspections' refreshes.
  const blob = useQuery({
    queryKey: ['inspection-photo', photo.id],
    queryFn: () => getInspectionPhoto(api, photo.id),
    staleTime: Infinity,
  });
  const url = useObjectUrl(blob.data);
  if (!url) return <span>{label}</span>;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img className={large ? styles.thumbnail : styles.smallThumbnail} src={url} alt={label} />
    </a>
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
