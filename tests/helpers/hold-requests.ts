import { http } from 'msw';
import type { SetupServer } from 'msw/node';
import { apiUrl } from './msw';

// Long enough for a slow test machine to send requests that start together, far shorter than
// any answer a waterfall would wait for.
const HOLD_MS = 4_000;

/**
 * Holds every API request that `labelOf` names in `labels` unanswered until all of them have
 * arrived (or HOLD_MS after the first did), then lets the other handlers answer. `together()`
 * is what had arrived when the first answer went out: with no waterfall, the whole group.
 */
export function holdUntilAllArrive(
  server: SetupServer,
  labels: readonly string[],
  labelOf: (request: Request) => string | undefined,
) {
  const arrived = new Set<string>();
  let together: string[] | undefined;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = () => {
      together ??= [...arrived].sort();
      resolve();
    };
  });
  server.use(
    http.all(apiUrl('/api/v1/*'), async ({ request }) => {
      const label = labelOf(request);
      if (label === undefined || !labels.includes(label)) return undefined;
      if (arrived.size === 0) setTimeout(release, HOLD_MS);
      arrived.add(label);
      if (arrived.size === labels.length) release();
      await released;
      // Nothing returned: the next handler answers.
      return undefined;
    }),
  );
  return { together: () => together };
}
