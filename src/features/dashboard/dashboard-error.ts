import { ApiFailure } from '../../api/queries/api-failure';
import { InvalidResponse } from '../../api/queries/analytics';
import { UNEXPECTED_ERROR } from '../../domain/messages';

/**
 * Spec §8, Dashboard: the server's detail, else 'Failed to fetch anomaly count' (both carried by
 * the ApiFailure); 'Invalid response format from anomaly API'; anything else (no answer at all)
 * is 'An unexpected error occurred'.
 */
export function dashboardErrorText(error: unknown): string {
  if (error instanceof ApiFailure || error instanceof InvalidResponse) return error.message;
  return UNEXPECTED_ERROR;
}
