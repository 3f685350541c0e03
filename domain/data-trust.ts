// What a bridge's data can be trusted for (issue 36, items 1 and 7): each stream's badges, the
// counts beside the condition, and which spans the evidence leaves unjudged. Shared by the
// server (the stream list's register status) and the dashboard. Decision 037 says why.
import type { DataType, SensorStatus } from './enums.ts';
import { countOf } from './formats.ts';

export type StreamState = 'reporting' | 'silent' | 'never';
export type FindingKind = 'signal' | 'drift';

export interface StreamTrustFacts {
  state: StreamState;
  /** The register's status of its sensors, the worst of them; null when it has none here. */
  sensorStatus: SensorStatus | null;
  findings: readonly { kind: FindingKind; detail: string }[];
}

// Worst first: a faulty sensor outweighs one in maintenance, which outweighs an inactive one.
const STATUS_ORDER: readonly SensorStatus[] = ['faulty', 'maintenance', 'inactive', 'active'];

export function worstSensorStatus(statuses: readonly SensorStatus[]): SensorStatus | null {
  return STATUS_ORDER.find((s) => statuses.includes(s)) ?? null;
}

export type TrustBadge = 'Faulty' | 'Drifting' | 'Silent' | 'Under Maintenance' | 'Inactive';

/** The register's faulty status and an analysis' broken-signal finding both say 'Faulty'. */
export const isFaulty = (facts: StreamTrustFacts): boolean =>
  facts.sensorStatus === 'faulty' || facts.findings.some((f) => f.kind === 'signal');

export const isDrifting = (facts: StreamTrustFacts): boolean =>
  facts.findings.some((f) => f.kind === 'drift');

/** Off duty: staff took its sensors out of service, so its silence is expected. */
const isOffDuty = (facts: StreamTrustFacts): boolean =>
  facts.sensorStatus === 'maintenance' || facts.sensorStatus === 'inactive';

/** The badges a stream's card carries, worst first; none for a stream that can be believed. */
export function badgesOf(facts: StreamTrustFacts): TrustBadge[] {
  const badges: TrustBadge[] = [];
  if (isFaulty(facts)) badges.push('Faulty');
  if (isDrifting(facts)) badges.push('Drifting');
  if (facts.state === 'silent') badges.push('Silent');
  // Spec §3 displays 'maintenance' as 'Under Maintenance'.
  if (facts.sensorStatus === 'maintenance') badges.push('Under Maintenance');
  if (facts.sensorStatus === 'inactive') badges.push('Inactive');
  return badges;
}

/** Data that can stand as evidence of the structure's condition. */
export const isTrusted = (facts: StreamTrustFacts): boolean =>
  facts.state === 'reporting' && !isFaulty(facts) && !isDrifting(facts) && !isOffDuty(facts);

export interface TrustCounts {
  total: number;
  reporting: number;
  /** Each stream counted once, in the first that applies: faulty, drifting, silent, never. */
  faulty: number;
  drifting: number;
  silent: number;
  never: number;
}

export function countTrust(streams: readonly StreamTrustFacts[]): TrustCounts {
  const counts = {
    total: streams.length,
    reporting: 0,
    faulty: 0,
    drifting: 0,
    silent: 0,
    never: 0,
  };
  for (const facts of streams) {
    if (facts.state === 'reporting') counts.reporting += 1;
    if (isFaulty(facts)) counts.faulty += 1;
    else if (isDrifting(facts)) counts.drifting += 1;
    else if (facts.state === 'silent') counts.silent += 1;
    else if (facts.state === 'never') counts.never += 1;
  }
  return counts;
}

/** '6 of 9 streams reporting · 1 faulty · 1 silent'; 'No data streams' for a bridge without. */
export function trustLine(counts: TrustCounts): string {
  if (counts.total === 0) return 'No data streams';
  const parts = [
    `${counts.reporting} of ${countOf(counts.total, 'stream', 'streams')} reporting`,
    counts.faulty > 0 && `${counts.faulty} faulty`,
    counts.drifting > 0 && `${counts.drifting} drifting`,
    counts.silent > 0 && `${counts.silent} silent`,
    counts.never > 0 && `${counts.never} never reported`,
  ];
  return parts.filter((p): p is string => typeof p === 'string').join(' · ');
}

export interface PlacedStream {
  facts: StreamTrustFacts;
  dataType: DataType;
  /** The span's label; null for a sensor on the whole bridge. */
  span: string | null;
}

/**
 * The spans whose structure no trusted stream watches: every span carrying a structural stream
 * (anything but temperature, which is context) needs one of them trusted. A span without
 * structural sensors is not counted against the bridge: nothing was meant to watch it there.
 */
export function unwatchedSpans(streams: readonly PlacedStream[]): string[] {
  const structural = streams.filter((s) => s.dataType !== 'temperature');
  const spans = [...new Set(structural.map((s) => s.span ?? 'whole bridge'))];
  return spans.filter(
    (span) => !structural.some((s) => (s.span ?? 'whole bridge') === span && isTrusted(s.facts)),
  );
}
