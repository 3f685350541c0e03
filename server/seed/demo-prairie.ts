import type { Db } from '../db/client.ts';
import { bridges, datastreamSensors, datastreams, sensors, spans, users } from '../db/schema.ts';
import { DEMO_RESOLUTIONS } from '../demo/demo-resolutions.ts';
import { companyOfUser } from '../repositories/companies-repository.ts';
import type { PasswordHasher } from '../services/passwords.ts';
import { catalogue, locatedBridgeRow } from './catalogue-bridges.ts';
import { DEMO_PRAIRIE_ADMIN } from './demo-accounts.ts';
import { DEMO_COMPANY_SETTINGS, settleDemoCompany } from './demo-companies.ts';
import { fedSensorPosition } from './demo-positions.ts';

/** The demo's second company, to show company administrators and tenant isolation (040). */
export const PRAIRIE_COMPANY = 'Prairie Crossings Ltd.';

/** Its two bridges, with their catalogue coordinates, and the stream key of each one's sensor. */
const PRAIRIE_BRIDGES = [
  { name: 'Centre Street Bridge', key: 'centre-street' },
  { name: 'Esplanade Riel', key: 'esplanade-riel' },
] as const;

const PRAIRIE_SPANS = ['west_span', 'east_span'] as const;

/**
 * The company, its administrator and two bridges with spans and one temperature sensor each.
 * Kept light on purpose: their streams are none of the demo fleet's (server/demo picks bridges
 * by those), so they get no simulated history, no live feed and no analysis jobs.
 */
export async function seedPrairieCrossings(tx: Db, passwords: PasswordHasher): Promise<void> {
  const companyId = await companyOfUser(tx, PRAIRIE_COMPANY);
  await settleDemoCompany(tx, companyId, DEMO_COMPANY_SETTINGS.prairie);
  await tx.insert(users).values({
    ...DEMO_PRAIRIE_ADMIN,
    passwordHash: await passwords.hash(DEMO_PRAIRIE_ADMIN.password),
    isCompanyAdmin: true,
    company: PRAIRIE_COMPANY,
    companyId,
    address: DEMO_COMPANY_SETTINGS.prairie.address,
  });
  for (const { name, key } of PRAIRIE_BRIDGES) {
    const [bridge] = await tx
      .insert(bridges)
      .values(locatedBridgeRow(catalogue(name), companyId, PRAIRIE_SPANS.length))
      .returning();
    if (!bridge) throw new Error(`demo bridge '${name}' was not created`);
    const spanRows = await tx
      .insert(spans)
      .values(
        PRAIRIE_SPANS.map((label) => ({
          bridgeId: bridge.id,
          label,
          length: bridge.lengthPerSpan ?? 30,
        })),
      )
      .returning();
    const label = `${key}-s1-tmp`;
    const [sensor] = await tx
      .insert(sensors)
      .values({
        bridgeId: bridge.id,
        spanId: spanRows[0]?.id ?? 0,
        label,
        type: 'temperature',
        status: 'active',
        installationDate: '2025-04-01',
        // At midspan of its span, in the deck (decision 068); a thermometer has no direction.
        ...fedSensorPosition({ position: 0.5 }, 'temperature', spanRows[0]?.length ?? 0),
      })
      .returning();
    const [stream] = await tx
      .insert(datastreams)
      .values({
        companyId,
        streamId: label,
        dataType: 'temperature',
        resolution: DEMO_RESOLUTIONS.temperature,
      })
      .returning();
    if (sensor && stream) {
      await tx.insert(datastreamSensors).values({ datastreamId: stream.id, sensorId: sensor.id });
    }
  }
}
