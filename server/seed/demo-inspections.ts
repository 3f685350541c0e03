import type { InspectionKind } from '../../domain/inspection-regimes.ts';
import type { Db } from '../db/client.ts';
import { inspectionProgrammes, inspections } from '../db/schema.ts';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The demo's inspection bodies, by the bridge's place in the seeded list. */
const DUE_SOON = 0;
const OVERDUE = 1;
/** Burlington Bay Skyway, in Ontario: inspected under OSIM and rated on the BCI. */
const OSIM_BRIDGE = 6;

const FINDINGS = [
  'No change since the last inspection.',
  'Minor cracking in the deck wearing surface; monitor.',
  'Bearing at the east abutment shows corrosion; clean and coat.',
  'Expansion joint seal torn over 2 m; replace next season.',
];

type Entry = { daysAgo: number; kind: InspectionKind };

/**
 * A year of inspections on the located demo bridges, with one routine inspection due in about
 * three weeks (the first bridge, on a yearly programme) and one overdue (the second, on a
 * six-monthly programme after repairs). The other bridges' routine inspections are recent
 * enough that even a halved interval keeps them off the calendar; their older entries are
 * in-depth and special inspections, which no preset schedules.
 */
export async function seedDemoInspections(
  tx: Db,
  locatedBridgeIds: number[],
  now = Date.now(),
): Promise<void> {
  const located = locatedBridgeIds.map((id) => ({ id }));
  const first = located[DUE_SOON];
  const second = located[OVERDUE];
  const osim = located[OSIM_BRIDGE];
  const programmes: (typeof inspectionProgrammes.$inferInsert)[] = [];
  if (first) {
    // The conditions come from the analysis after seeding; a factor of 1 keeps this one due soon.
    programmes.push({
      bridgeId: first.id,
      regime: 'custom',
      ratingScale: 'NBI',
      intervals: { routine: 12, in_depth: 72, underwater: 60, special: null },
      poorConditionFactor: 1,
      dueLeadDays: 30,
    });
  }
  if (second) {
    programmes.push({
      bridgeId: second.id,
      regime: 'custom',
      ratingScale: 'NBI',
      intervals: { routine: 6, in_depth: null, underwater: 60, special: null },
      poorConditionFactor: 0.5,
      dueLeadDays: 30,
    });
  }
  if (osim) {
    programmes.push({
      bridgeId: osim.id,
      regime: 'OSIM',
      ratingScale: 'BCI',
      intervals: { routine: 24, in_depth: null, underwater: null, special: null },
      poorConditionFactor: 0.5,
      dueLeadDays: 30,
    });
  }
  if (programmes.length > 0) await tx.insert(inspectionProgrammes).values(programmes);

  const records: (typeof inspections.$inferInsert)[] = [];
  located.forEach((bridge, i) => {
    const entries: Entry[] =
      i === DUE_SOON
        ? [
            { daysAgo: 345, kind: 'routine' },
            { daysAgo: 160, kind: 'underwater' },
            { daysAgo: 60, kind: 'special' },
          ]
        : i === OVERDUE
          ? [
              { daysAgo: 330, kind: 'in_depth' },
              { daysAgo: 196, kind: 'routine' },
            ]
          : [
              { daysAgo: 250 + 10 * i, kind: i % 2 === 0 ? 'special' : 'in_depth' },
              { daysAgo: 40 + 20 * i, kind: 'routine' },
            ];
    entries.forEach((entry, n) => {
      const bci = i === OSIM_BRIDGE;
      records.push({
        bridgeId: bridge.id,
        inspectedOn: dayOf(now - entry.daysAgo * DAY_MS),
        kind: entry.kind,
        inspector: n % 2 === 0 ? 'A. Tremblay, P.Eng.' : 'S. Singh, P.Eng.',
        ratingScale: bci ? 'BCI' : 'NBI',
        deckRating: bci ? null : 7 - (i % 3),
        superstructureRating: bci ? null : 7 - ((i + n) % 2),
        substructureRating: bci ? null : 6 - (i % 2),
        bci: bci ? 72.5 - n * 1.5 : null,
        findings: FINDINGS[(i + n) % FINDINGS.length] ?? null,
        attachments: [`inspection-${i + 1}-${n + 1}.pdf`],
      });
    });
  });
  if (records.length > 0) await tx.insert(inspections).values(records);
}
