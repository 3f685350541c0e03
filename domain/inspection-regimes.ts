import type { Condition } from './health.ts';
import { addDays } from './local-time.ts';

// Inspection programmes (issue 20, docs/decisions/020-inspections.md): the regimes' presets as
// data with their source, and the rule that turns an inspection into its next due date. Shared
// by the server (calendar, alerts) and the SPA (the programme form shows the presets).

export const INSPECTION_KINDS = ['routine', 'in_depth', 'underwater', 'special'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];

export const INSPECTION_KIND_LABELS: Record<InspectionKind, string> = {
  routine: 'Routine',
  in_depth: 'In-depth',
  underwater: 'Underwater',
  special: 'Special (after an event)',
};

export const RATING_SCALES = ['NBI', 'BCI'] as const;
export type RatingScale = (typeof RATING_SCALES)[number];

export const REGIMES = ['NBIS', 'OSIM', 'custom'] as const;
export type Regime = (typeof REGIMES)[number];

/** Months between inspections of each kind; null: not periodic (scheduled by the owner). */
export type InspectionIntervals = Record<InspectionKind, number | null>;

export interface RegimePreset {
  regime: Exclude<Regime, 'custom'>;
  name: string;
  ratingScale: RatingScale;
  intervals: InspectionIntervals;
  source: string;
}

export const REGIME_PRESETS: Record<RegimePreset['regime'], RegimePreset> = {
  NBIS: {
    regime: 'NBIS',
    name: 'US National Bridge Inspection Standards',
    ratingScale: 'NBI',
    // Only the maxima the regulation fixes; in-depth and special inspections are the owner's call.
    intervals: { routine: 24, in_depth: null, underwater: 60, special: null },
    source:
      '23 CFR 650.311 (NBIS, 2022): routine inspections at most every 24 months, underwater at most every 60 months; NBI condition ratings 0-9 for deck, superstructure and substructure',
  },
  OSIM: {
    regime: 'OSIM',
    name: 'Ontario Structure Inspection Manual',
    ratingScale: 'BCI',
    intervals: { routine: 24, in_depth: null, underwater: null, special: null },
    source:
      "Ontario Structure Inspection Manual (MTO): detailed visual inspection every 2 years; the Bridge Condition Index (BCI) 0-100 as the structure's rating",
  },
};

/** Intervals are shortened by this factor while the monitoring condition is Poor or Critical. */
export const DEFAULT_POOR_CONDITION_FACTOR = 0.5;
/** Days before a due date that 'Inspection due' is raised. */
export const DEFAULT_INSPECTION_LEAD_DAYS = 30;

export const NBI_RATING_MAX = 9;
export const BCI_MAX = 100;

/** Whether the monitoring condition shortens the intervals. */
export const conditionShortens = (condition: Condition | null): boolean =>
  condition === 'Poor' || condition === 'Critical';

/**
 * The interval in whole months after an inspection: the programme's, times `factor` (rounded
 * down, at least one month) while the monitoring condition is Poor or Critical.
 */
export function effectiveIntervalMonths(
  months: number,
  condition: Condition | null,
  factor: number,
): number {
  return conditionShortens(condition) ? Math.max(1, Math.floor(months * factor)) : months;
}

/** YYYY-MM-DD plus whole months; the 31st of a short month falls back to its last day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export type DueStatus = 'overdue' | 'due' | 'scheduled';

/** Overdue after the due day; due from `leadDays` before it. */
export function dueStatus(nextDue: string, today: string, leadDays: number): DueStatus {
  if (nextDue < today) return 'overdue';
  return nextDue <= addDays(today, leadDays) ? 'due' : 'scheduled';
}

/** A rating as read aloud: 'Deck 7 · Superstructure 6 · Substructure 5' or 'BCI 72.5'. */
export function ratingText(rating: {
  scale: RatingScale;
  deck?: number | null;
  superstructure?: number | null;
  substructure?: number | null;
  bci?: number | null;
}): string {
  if (rating.scale === 'BCI') return `BCI ${rating.bci ?? '–'}`;
  return `Deck ${rating.deck ?? '–'} · Superstructure ${rating.superstructure ?? '–'} · Substructure ${rating.substructure ?? '–'}`;
}

export const DUE_STATUS_LABELS: Record<DueStatus, string> = {
  overdue: 'Overdue',
  due: 'Due soon',
  scheduled: 'Scheduled',
};
