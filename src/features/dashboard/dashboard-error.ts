import { isApiError } from '../../../domain/api-error';
import { UNEXPECTED_ERROR } from '../../../domain/messages';

/**
 * Spec §8, Dashboard: the server's detail, else 'Failed to fetch anomaly count' (both carried by
 * the ApiError); 'Invalid response format from anomaly API'; anything else (no answer at all)
 * is 'An unexpected error occurred'.
 */
export function dashboardErrorText(error: unknown): string {
  if (isApiError(error) && error.kind !== 'network') return error.message;
  return UNEXPECTED_ERROR;
}
