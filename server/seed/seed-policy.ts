import type { AppConfig } from '../config/config.ts';

/**
 * The demo company is for trying the product out: seeded on an empty database, except in
 * production, where only an explicit `--demo` seeds it.
 */
export function demoSeedAllowed(
  config: Pick<AppConfig, 'production'>,
  argv: readonly string[],
): boolean {
  return !config.production || argv.includes('--demo');
}
