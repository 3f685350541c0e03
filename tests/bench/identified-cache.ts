// Identified windows kept by key (JSON lines in a file), so a bench rerun skips SSI-COV: used by
// the localisation bench (decision 046) and the strip-floor bench (decision 076).
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { ModeSet } from '../../server/analytics/modal/damage-location.ts';

export interface IdentifiedCache {
  /** The kept modes of `key`, or `identify()`'s, then kept (in the file too, if any). */
  get: (key: string, identify: () => ModeSet) => ModeSet;
}

export function identifiedCache(path: string | undefined): IdentifiedCache {
  const kept = new Map<string, ModeSet>();
  if (path && existsSync(path)) {
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line) continue;
      const entry = JSON.parse(line) as ModeSet & { key: string };
      kept.set(entry.key, { frequenciesHz: entry.frequenciesHz, shapes: entry.shapes });
    }
  }
  return {
    get(key, identify) {
      const found = kept.get(key);
      if (found) return found;
      const modes = identify();
      kept.set(key, modes);
      if (path) appendFileSync(path, `${JSON.stringify({ key, ...modes })}\n`);
      return modes;
    },
  };
}
