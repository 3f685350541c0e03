import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  bridges,
  datastreamSensors,
  datastreams,
  sensors,
  spans,
  userBridges,
  userDatastreams,
  users,
} from '../db/schema.ts';
import type { DataType, SensorType } from '../../domain/enums.ts';
import { DEMO_SPAN_LABELS } from '../demo/demo-fleet.ts';
import { DEMO_RESOLUTIONS } from '../demo/demo-resolutions.ts';
import { companyOfUser } from '../repositories/companies-repository.ts';
import { type PasswordHasher, defaultPasswordHasher } from '../services/passwords.ts';
import type { SecretBox } from '../services/secret-box.ts';
import { DEMO_OPERATOR, DEMO_STAFF } from './demo-accounts.ts';
import { catalogue, locatedBridgeRow } from './catalogue-bridges.ts';
import { seedDemoFatigueDetails } from './demo-fatigue.ts';
import { seedDemoCalibrations } from './demo-calibrations.ts';
import { seedDemoInspections } from './demo-inspections.ts';
import { DEMO_COMPANY_SETTINGS, settleDemoCompany } from './demo-companies.ts';
import { seedDemoPolicy } from './demo-policy.ts';
import { seedPrairieCrossings } from './demo-prairie.ts';
import { planSensors } from './demo-sensors.ts';

/** Real bridges with their real coordinates, in the order they are created. */
const DEMO_BRIDGES = [
  'Confederation Bridge',
  'Lions Gate Bridge',
  'Jacques Cartier Bridge',
  'Samuel De Champlain Bridge',
  'Quebec Bridge',
  'Angus L. Macdonald Bridge',
  'Burlington Bay James N. Allan Skyway',
  'Alex Fraser Bridge',
  'High Level Bridge (Edmonton)',
  'Broadway Bridge',
] as const;

/** A real bridge whose position is not surveyed yet: it must stay off the map (spec §5). */
const UNLOCATED_BRIDGE = 'Hartland Covered Bridge';

/** The staff account's company: the platform's, owning no bridge. */
const DEMO_PLATFORM_COMPANY = 'SpanWatch Demo Engineering';

/** The agency that owns the demo fleet, the operator's company (decision 040). */
const DEMO_COMPANY = 'Atlantic Crossings Operations';

/** The operator sees these (by index into DEMO_BRIDGES), not the whole fleet. */
const OPERATOR_BRIDGES = [0, 1, 2];

const DATA_TYPE_OF: Record<SensorType, DataType> = {
  accelerometer: 'acceleration',
  strain_gauge: 'strain',
  temperature: 'temperature',
  displacement: 'displacement',
  tilt: 'tilt',
  load_cell: 'load',
};

const MANUFACTURER_OF: Record<SensorType, [string, string]> = {
  accelerometer: ['PCB Piezotronics', '393B04'],
  strain_gauge: ['HBK', 'LY41-6/350'],
  temperature: ['Campbell Scientific', '109-L'],
  displacement: ['Micro-Epsilon', 'WDS-1000-P60'],
  tilt: ['Geokon', '6160'],
  load_cell: ['Futek', 'LCF450'],
};

/** Every demo sensor went in on this day (and its gauge's fatigue count starts there). */
const DEMO_INSTALLED_ON = '2024-05-15';

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * A demo company: two accounts, real bridges, spans, sensors of every type and status, streams.
 * The operator's three bridges carry the sensors of their simulated scenarios (see
 * server/demo/), named after their data streams, e.g. `confederation-s1-acc`.
 */
export async function seedDemo(
  db: Db,
  secretBox: SecretBox,
  passwords: PasswordHasher = defaultPasswordHasher,
): Promise<void> {
  await db.transaction(async (tx) => {
    const platformCompanyId = await companyOfUser(tx, DEMO_PLATFORM_COMPANY);
    const demoCompanyId = await companyOfUser(tx, DEMO_COMPANY);
    await settleDemoCompany(tx, platformCompanyId, DEMO_COMPANY_SETTINGS.platform);
    await settleDemoCompany(tx, demoCompanyId, DEMO_COMPANY_SETTINGS.fleet);
    const [staff, operator] = await tx
      .insert(users)
      .values([
        {
          ...DEMO_STAFF,
          passwordHash: await passwords.hash(DEMO_STAFF.password),
          isStaff: true,
          company: DEMO_PLATFORM_COMPANY,
          companyId: platformCompanyId,
          address: DEMO_COMPANY_SETTINGS.platform.address,
          companyUsername: 'demo-staff',
          companyPasswordSealed: secretBox.seal('demo-company-secret'),
        },
        {
          ...DEMO_OPERATOR,
          phoneVerifiedAt: new Date(),
          passwordHash: await passwords.hash(DEMO_OPERATOR.password),
          company: DEMO_COMPANY,
          companyId: demoCompanyId,
          address: DEMO_COMPANY_SETTINGS.fleet.address,
        },
      ])
      .returning();
    if (!staff || !operator) throw new Error('demo users were not created');

    const located = DEMO_BRIDGES.map(catalogue);
    const unlocated = catalogue(UNLOCATED_BRIDGE);
    const bridgeRows = await tx
      .insert(bridges)
      .values([
        ...located.map((b) => locatedBridgeRow(b, demoCompanyId, b.spans)),
        {
          companyId: demoCompanyId,
          name: unlocated.name,
          location: `${unlocated.city}, ${unlocated.province}. Position not yet surveyed.`,
          constructionDate: `${unlocated.opened}-01-01`,
          structureType: unlocated.structure_type,
          status: 'Restricted',
        },
      ])
      .returning();

    const fleetCycle = { index: 0 };
    const streamRows: {
      streamId: string;
      dataType: DataType;
      sensorId: number;
      bridgeId: number;
    }[] = [];
    for (const bridge of bridgeRows) {
      const spanRows = await tx
        .insert(spans)
        .values(
          DEMO_SPAN_LABELS.map((label) => ({
            bridgeId: bridge.id,
            label,
            length: bridge.lengthPerSpan ?? 30,
          })),
        )
        .returning();
      const planned = planSensors(bridge, spanRows, fleetCycle);
      for (const { label, type, status, spanId, position, cable } of planned) {
        const [manufacturer, model] = MANUFACTURER_OF[type];
        const [sensor] = await tx
          .insert(sensors)
          .values({
            bridgeId: bridge.id,
            spanId,
            label,
            type,
            status,
            installationDate: DEMO_INSTALLED_ON,
            manufacturer,
            modelNumber: model,
            lastCalibrationDate: '2026-05-01',
            nextCalibrationDate: '2027-05-01',
            ...position,
            cable: cable ?? null,
          })
          .returning();
        if (sensor) {
          streamRows.push({
            streamId: label.toLowerCase(),
            dataType: DATA_TYPE_OF[type],
            sensorId: sensor.id,
            bridgeId: bridge.id,
          });
        }
      }
    }

    const created = await tx
      .insert(datastreams)
      .values(
        streamRows.map(({ streamId, dataType }) => ({
          companyId: demoCompanyId,
          streamId,
          dataType,
          resolution: DEMO_RESOLUTIONS[dataType],
        })),
      )
      .returning();
    await tx.insert(datastreamSensors).values(
      created.map((stream, i) => ({
        datastreamId: stream.id,
        sensorId: streamRows[i]?.sensorId ?? 0,
      })),
    );

    await seedDemoFatigueDetails(tx, streamRows, {
      constructionDateOf: (id) => bridgeRows.find((b) => b.id === id)?.constructionDate ?? null,
      installedOn: DEMO_INSTALLED_ON,
    });
    const operatorBridgeIds = OPERATOR_BRIDGES.map((i) => bridgeRows[i]?.id).filter(
      (id): id is number => id !== undefined,
    );
    await tx
      .insert(userBridges)
      .values(operatorBridgeIds.map((bridgeId) => ({ userId: operator.id, bridgeId })));
    // One stream from a bridge the operator does not otherwise see, assigned directly.
    const extraStream = created.find(
      (_, i) => !operatorBridgeIds.includes(streamRows[i]?.bridgeId ?? -1),
    );
    if (extraStream)
      await tx
        .insert(userDatastreams)
        .values({ userId: operator.id, datastreamId: extraStream.id });
    await seedDemoCalibrations(
      tx,
      streamRows.map((row) => row.sensorId),
    );
    await seedDemoInspections(
      tx,
      bridgeRows.slice(0, located.length).map((b) => b.id),
    );
    // The operator is the demo company's only user: staff belong to the platform's company,
    // which a company's group may not name (decision 060); they are told at tier 2.
    await seedDemoPolicy(
      tx,
      demoCompanyId,
      [operator.id],
      bridgeRows.map((b) => b.id),
    );
    await seedPrairieCrossings(tx, passwords);
  });
}
