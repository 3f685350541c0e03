import type { FatigueRepository } from '../fatigue/fatigue-repository.ts';
import { fatigueState } from '../fatigue/fatigue-status.ts';
import type { FatigueFact } from './report-facts.ts';
import { coverageNotes, monthPeriod } from './report-fatigue-period.ts';
import type { ReportMonth } from './report-month.ts';

const DAY_MS = 86_400_000;
const SUPERSCRIPTS: Record<string, string> = { '⁶': '^6', '⁷': '^7', '⁸': '^8' };
/** The PDF's standard fonts have no superscript digits. */
const plain = (text: string) => text.replace(/[⁶⁷⁸]/g, (ch) => SUPERSCRIPTS[ch] ?? ch);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Each fatigue detail as it stood at the month's end: the state the dashboard's card computes
 * (fatigue-status.ts), from the days counted up to the month's last day only; its coverage, the
 * month's damage and counted days over the month's days counted (decision 045 (f)).
 */
export async function fatigueFacts(
  fatigueDetails: FatigueRepository,
  bridgeId: number,
  month: ReportMonth,
): Promise<FatigueFact[]> {
  const firstDay = isoDay(month.startMs);
  const lastDay = isoDay(month.endMs - DAY_MS);
  const dayCount = Math.round((month.endMs - month.startMs) / DAY_MS);
  const entries = await fatigueDetails.ofBridge(bridgeId);
  return entries.map((entry) => {
    const days = entry.days.filter((d) => d.day <= lastDay);
    const countedThrough =
      entry.countedThrough && entry.countedThrough > lastDay ? lastDay : entry.countedThrough;
    const state = fatigueState(entry.row, days, countedThrough, entry);
    const daily = new Array<number>(dayCount).fill(0);
    let damageInMonth = 0;
    let daysInMonth = 0;
    for (const d of state.daily) {
      if (d.day < firstDay) continue;
      daily[Math.round((Date.parse(d.day) - month.startMs) / DAY_MS)] = d.damage;
      damageInMonth += d.damage;
      daysInMonth += 1;
    }
    const seconds = new Map(days.map((d) => [d.day, d.monitoredSeconds ?? null]));
    const period = monthPeriod(state, seconds, firstDay, countedThrough);
    const life = state.last365Days ?? state.last90Days;
    return {
      name: entry.row.name,
      sensorLabel: entry.sensorLabel,
      curve: `${entry.row.material}, ${entry.row.curve}`,
      damage: state.damage,
      damageInMonth,
      daysInMonth,
      equivalentRangeMpa: state.equivalentRangeMpa,
      remainingLifeYears: !life ? null : Number.isFinite(life.years) ? life.years : 'no damage',
      daily,
      histogram: state.histogram,
      rateWarning: state.rateCheck?.warning ?? null,
      period: period.label,
      notes: [
        ...coverageNotes(state, period, countedThrough),
        `Curve ${plain(state.curve.text)}`,
        state.counting.text,
        plain(state.lifeBasis),
      ],
    };
  });
}
