import type { ErrorInfo } from 'react';

/**
 * For createRoot/hydrateRoot: an error an error boundary catches (a route loader's failed
 * request, shown by the route's errorComponent) is one the page already tells its user about,
 * so it is a warning for the developer rather than the console.error React writes by default.
 */
export function warnCaughtError(error: unknown, info: ErrorInfo): void {
  console.warn('Shown by an error boundary:', error, info.componentStack);
}
