import type { InspectionEvent } from 'xstate';

/**
 * The Stately inspector for QA (docs/qa-state-machines.md, "Inspecting the state machines", and
 * docs/qa-state-machines.md): in the dev build (`npm run dev`) and the QA build
 * (`npm run build:qa`), `?inspect` in the address or VITE_XSTATE_INSPECT=true connects every
 * machine actor to it. The production build never contains it: vite.config.ts sets
 * import.meta.env.STATELY_INSPECTOR to a literal false there, so the import below is dropped.
 */
let forward: ((event: InspectionEvent) => void) | undefined;

/** Passed as `inspect` to every actor; does nothing until the inspector is connected. */
export function inspect(event: InspectionEvent): void {
  forward?.(event);
}

function isRequested(): boolean {
  if (import.meta.env.VITE_XSTATE_INSPECT === 'true') return true;
  return new URLSearchParams(window.location.search).has('inspect');
}

/** Never rejects: a missing inspector must not keep the app from starting. */
export async function connectInspector(): Promise<void> {
  // Checked inline so the production build drops the import below altogether.
  if (!import.meta.env.STATELY_INSPECTOR || !isRequested()) return;
  try {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const inspector = createBrowserInspector();
    forward = (event) => inspector.inspect.next?.(event);
  } catch (error) {
    console.warn('The Stately inspector could not be connected:', error);
  }
}
