import type { RatingScale } from '../../../domain/inspection-regimes';
import type { InspectionFormValues } from './inspection-form';

/** A photo kept on the device until the server has it. */
export interface DraftPhoto {
  id: string;
  blob: Blob;
}

/**
 * An inspection being recorded, kept on this device (decision 053) from the first change until
 * the server confirms it and every photo. Its key is the `client_key` the server stores, so a
 * draft sent twice (a lost answer, two tabs) is recorded once.
 */
export interface InspectionDraft {
  key: string;
  /** Whose draft: a shared phone shows and sends each user only their own. */
  userId: number;
  values: InspectionFormValues;
  scale: RatingScale;
  bridgeName: string;
  photos: DraftPhoto[];
  /** Saved by its author: sent as soon as the network allows. Else still being filled in. */
  queued: boolean;
  /** The server's record once it confirmed the inspection; photos are sent to it. */
  inspectionId: number | null;
  /** Photos the server confirmed. */
  sentPhotoIds: string[];
  /** Why the server refused it, when it did; it then waits for its author. */
  refusal: string | null;
  updatedAt: string;
}

export const newDraftKey = (): string => crypto.randomUUID();
