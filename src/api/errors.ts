// The API answers every expected failure as `{ detail }` (the contract's shared Error schema).
export function errorDetail(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'detail' in error) {
    const { detail } = error;
    if (typeof detail === 'string' && detail.trim() !== '') return detail;
  }
  return undefined;
}
