/** The API's bound on a stream's resolution (openapi DatastreamInput, DatastreamChange). */
export const RESOLUTION_MAX = 1_000_000;

export const RESOLUTION_INVALID = 'Resolution must be a step above 0, such as 0.01, or left empty';

/** A typed resolution: null when empty (exact), undefined when it is no step the server takes. */
export function resolutionOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const step = Number(text);
  return Number.isFinite(step) && step > 0 && step <= RESOLUTION_MAX ? step : undefined;
}
