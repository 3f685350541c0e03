import { describe, expect, it } from 'vitest';
import { bridges } from '../../../server/db/schema.ts';
import { takeSnapshot } from '../../helpers/data-snapshot.ts';
import { drivers, truncateAll } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

// The helper the slow files start their tests from (roles, fuzzing, simulated histories): a
// test must see exactly the rows the seed made, and the ids a fresh seed would hand out next.
describe.each(drivers)('a data snapshot on %s', (kind) => {
  const t = setupTestApp(kind);

  it('puts the seeded rows back after a cleanup, sequences included, and refuses dirty data', async () => {
    const made = await t.services.bridges.create({ name: 'Kept Bridge', location: 'River' });
    await t.services.spans.create({ bridgeId: made.id, label: 'main', length: 30 });
    const snapshot = await takeSnapshot(t.services.database, 'probe');
    const seeded = await t.services.database.db.select().from(bridges);

    await t.services.bridges.create({ name: 'Later Bridge', location: 'River' });
    await truncateAll(t.services.database);
    await snapshot.restore();
    expect(await t.services.database.db.select().from(bridges)).toEqual(seeded);
    const next = await t.services.bridges.create({ name: 'Next Bridge', location: 'River' });
    expect(next.id).toBe(made.id + 1);

    // Restored over rows still there, it says so instead of doubling or colliding with them.
    await expect(snapshot.restore()).rejects.toThrow(/is not empty/);
  });
});
