import { conditionHistorySentence } from './condition-text.ts';
import { modeRowText } from '../../domain/mode-rows.ts';
import type { ModesFacts, ReportFacts } from './report-facts.ts';

export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const day = (iso: string) => iso.slice(0, 10);

export function lifeText(years: number | 'no damage' | null): string {
  if (years === null) return 'not known (no counted days)';
  if (years === 'no damage') return 'unbounded (no damage accumulating)';
  return `${years < 10 ? years.toFixed(1) : Math.round(years).toLocaleString('en-GB')} years`;
}

function maintenanceClause({ maintenance }: ReportFacts): string {
  if (maintenance.length === 0) return 'No maintenance was recorded in the month.';
  const events = maintenance.map((m) => `${m.kind.toLowerCase()} on ${m.occurredOn}`);
  const listed =
    events.length === 1 ? events[0] : `${events.slice(0, -1).join(', ')} and ${events.at(-1)}`;
  return `${plural(maintenance.length, 'maintenance event')} ${maintenance.length === 1 ? 'was' : 'were'} recorded: ${listed}.`;
}

/** The reference modes lost in the month's newest window and the largest change; null: none. */
function modesClause(modes: ModesFacts): string | null {
  if (modes.absent !== null || modes.tracked.length === 0) return null;
  const lost = modes.tracked.filter((r) => r.state !== 'found').length;
  const changed = modes.tracked.filter((r) => r.changePercent !== null);
  const largest = changed.reduce<(typeof changed)[number] | undefined>(
    (a, b) => (a && Math.abs(a.changePercent ?? 0) >= Math.abs(b.changePercent ?? 0) ? a : b),
    undefined,
  );
  const found =
    lost === 0
      ? `All ${plural(modes.tracked.length, 'reference mode')} were found in the month's newest window`
      : `Of ${plural(modes.tracked.length, 'reference mode')}, ${lost} ${lost === 1 ? 'was' : 'were'} ` +
        "not found in the month's newest window";
  const change = largest
    ? `; the largest frequency change of those found was ${modeRowText({ ...largest, referenceShape: [], latestShape: [] }).change} (${largest.name})`
    : '';
  return `${found}${change}.`;
}

/** The report's one-paragraph summary: every clause restates a fact of the sections below. */
export function reportSummary(facts: ReportFacts): string {
  const sensorCount = facts.spans.reduce((n, s) => n + s.sensors.length, 0);
  const parts: string[] = [
    `In ${monthName(facts.month)}, ${facts.bridge.name} (${plural(facts.spans.length, 'span')}, ` +
      `${plural(sensorCount, 'sensor')}) was monitored by SpanWatch.`,
  ];

  const c = facts.condition;
  if (!c) parts.push('The bridge has not been assessed yet.');
  else {
    const change = ` ${conditionHistorySentence(facts.conditionHistory, facts.timeZone)}`;
    parts.push(
      `At the latest evaluation${c.evaluatedAt ? ` (${day(c.evaluatedAt)})` : ''} its condition was ` +
        `${c.current ?? 'not assessed'}.${change} ` +
        `${plural(c.episodes.length, 'alarm episode')} started in the month.`,
    );
  }

  const acknowledged = facts.alerts.filter((a) => a.acknowledgedAt !== null).length;
  const cleared = facts.alerts.filter((a) => a.clearedAt !== null).length;
  const alertTotal = facts.alerts.length + facts.alertsLeftOut;
  parts.push(
    alertTotal === 0
      ? 'No alert was open during the month.'
      : `${plural(alertTotal, 'alert')} ${alertTotal === 1 ? 'was' : 'were'} open during the month, ` +
          `${acknowledged} acknowledged and ${cleared} cleared.`,
  );

  parts.push(maintenanceClause(facts));

  const measured = facts.streams.filter((s) => s.percent !== null);
  if (measured.length === 0) parts.push('No data stream was expected to report in the month.');
  else {
    const mean = measured.reduce((sum, s) => sum + (s.percent ?? 0), 0) / measured.length;
    const worst = measured.reduce((a, b) => ((b.percent ?? 0) < (a.percent ?? 0) ? b : a));
    parts.push(
      `Data availability averaged ${mean.toFixed(1)} % over ${plural(measured.length, 'data stream')}; ` +
        `the lowest was ${worst.streamId} at ${(worst.percent ?? 0).toFixed(1)} % ` +
        `with ${plural(worst.gapCount, 'gap')} of an hour or more.`,
    );
  }

  const values = (facts.frequency?.points ?? [])
    .map((p) => p.value)
    .filter((v): v is number => v !== null);
  if (values.length === 0) parts.push('No natural-frequency values are stored for the month.');
  else {
    const unit = facts.frequency?.unit ?? '';
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const low = facts.frequency?.alarmLow ?? null;
    const below = low === null ? 0 : values.filter((v) => v < low).length;
    parts.push(
      `The ${facts.frequency?.compensation ? 'temperature-compensated ' : ''}first natural frequency ` +
        `averaged ${mean.toFixed(3)} ${unit} over ${plural(values.length, 'day')} ` +
        `(${Math.min(...values).toFixed(3)} to ${Math.max(...values).toFixed(3)} ${unit})` +
        (low === null
          ? '.'
          : below === 0
            ? `, never below its alarm level of ${low.toFixed(3)} ${unit}.`
            : `, below its alarm level of ${low.toFixed(3)} ${unit} on ${plural(below, 'day')}.`),
    );
  }

  const modes = modesClause(facts.modes);
  if (modes) parts.push(modes);

  if (facts.fatigue.length === 0) parts.push('No fatigue detail is defined on this bridge.');
  else {
    const worst = facts.fatigue.reduce((a, b) => (b.damage > a.damage ? b : a));
    parts.push(
      `Of ${plural(facts.fatigue.length, 'fatigue detail')}, ${worst.name} (${worst.sensorLabel}) has ` +
        `the highest cumulative damage, D = ${worst.damage.toExponential(2)} at the month's end ` +
        `(${worst.damageInMonth.toExponential(2)} in the month), remaining life ` +
        `${lifeText(worst.remainingLifeYears)}.`,
    );
  }
  return parts.join(' ');
}
