import type { AppConfig } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { writeDemoHistory } from '../demo/history-writer.ts';
import type { DemoRates } from '../demo/demo-fleet.ts';
import type { PasswordHasher } from '../services/passwords.ts';
import type { SecretBox } from '../services/secret-box.ts';
import { isEmpty, seedDemo } from './demo-seed.ts';
import { demoSeedAllowed } from './seed-policy.ts';

export interface DemoStart {
  /** The demo may be seeded here (not production, or production with `--demo`). */
  allowed: boolean;
  /** This start seeded the demo company (the database was empty). */
  seeded: boolean;
}

/** The composition root's services the seed writes with (server/services.ts). */
export interface DemoSeedServices {
  database: Database;
  secretBox: SecretBox;
  passwords: PasswordHasher;
}

/**
 * What `npm start` does for the demo before serving: on an empty database the demo company,
 * then its bridges' sensor history; on any later start nothing, so a restart never duplicates.
 */
export async function prepareDemoOnStart(
  { database, secretBox, passwords }: DemoSeedServices,
  config: Pick<AppConfig, 'production' | 'demoHistoryDays'>,
  argv: readonly string[],
  options: { log?: (message: string) => void; rates?: DemoRates; parallel?: boolean } = {},
): Promise<DemoStart> {
  const allowed = demoSeedAllowed(config, argv);
  const seeded = allowed && (await isEmpty(database.db));
  if (!seeded) return { allowed, seeded };
  await seedDemo(database.db, secretBox, passwords);
  const days = config.demoHistoryDays;
  if (days > 0) {
    const started = Date.now();
    const { samples } = await writeDemoHistory(database, { days, ...options });
    options.log?.(
      `Stored ${(samples / 1e6).toFixed(1)} million demo samples in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
  return { allowed, seeded };
}
