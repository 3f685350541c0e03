import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { type InspectionPhoto, getInspectionPhoto } from '../../api/inspection-photos';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useObjectUrl } from '../../ui/use-object-url';
import * as styles from './inspections.css';

/** The whole photo, read through the API client only when asked for (decision 053). */
export function PhotoViewer({
  photo,
  label,
  onClose,
}: {
  photo: InspectionPhoto;
  label: string;
  onClose: () => void;
}) {
  const api = useApi();
  // A stored photo never changes: read once, kept apart from the inspections' refreshes.
  const whole = useQuery({
    queryKey: ['inspection-photo', photo.id],
    queryFn: () => getInspectionPhoto(api, photo.id),
    staleTime: Infinity,
  });
  const url = useObjectUrl(whole.data);
  return (
    <Modal
      title={label}
      onClose={onClose}
      wide
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {whole.isError ? (
        <p role="alert">The photo could not be loaded.</p>
      ) : url ? (
        <img className={styles.wholePhoto} src={url} alt={label} />
      ) : (
        <Spinner label="Loading the photo" />
      )}
    </Modal>
  );
}
