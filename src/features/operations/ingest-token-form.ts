import type { FieldErrors } from '../../../domain/form-rules';

/** The server keeps token names to this length. */
export const TOKEN_NAME_MAX = 100;

export interface IngestTokenFormValues {
  name: string;
}

/** What keeps a new token from being asked for; empty when it can be. */
export function checkIngestTokenForm({ name }: IngestTokenFormValues): FieldErrors<'name'> {
  const trimmed = name.trim();
  if (!trimmed) return { name: 'Token name is required' };
  if (trimmed.length > TOKEN_NAME_MAX) return { name: `At most ${TOKEN_NAME_MAX} characters` };
  return {};
}
