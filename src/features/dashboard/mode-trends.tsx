import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import type { BridgeModes } from '../../api/queries/modes';
import { SelectField } from '../../ui/select-field';
import { dashboardQueries } from './dashboard-queries';
import * as cardStyles from './fatigue-card.css';
import { ModeDailyChart } from './mode-daily-chart';
import { ModeHistoryChart } from './mode-history-chart';

const DAY_MS = 86_400_000;

const PERIODS = [
  { value: 'windows', label: 'Newest windows (up to 500)', days: 0 },
  { value: '30d', label: 'Last 30 days, per day', days: 30 },
  { value: '1y', label: 'Last year, per day', days: 365 },
] as const;

type Period = (typeof PERIODS)[number]['value'];

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The period's UTC days, ending on the newest window's day (a silent bridge's trend stays). */
export function periodDays(modes: BridgeModes, days: number): { from: string; to: string } {
  const newest = modes.latest?.window_start ?? modes.reference?.window_start ?? '';
  const end = Date.parse(newest.slice(0, 10));
  return { from: dayOf(end - (days - 1) * DAY_MS), to: dayOf(end) };
}

function WindowCharts({ modes }: { modes: BridgeModes }) {
  if (new Set(modes.history.map((h) => h.window_start)).size < 2) {
    return (
      <p className={cardStyles.muted}>
        Each mode&apos;s frequency and damping over time appear once two windows are identified.
      </p>
    );
  }
  return (
    <>
      <ModeHistoryChart modes={modes} measure="frequency" />
      <ModeHistoryChart modes={modes} measure="damping" />
    </>
  );
}

function DailyCharts({
  bridgeId,
  modes,
  days,
}: {
  bridgeId: number;
  modes: BridgeModes;
  days: number;
}) {
  const { from, to } = periodDays(modes, days);
  const query = useQuery(dashboardQueries.modesDaily(useApi(), bridgeId, from, to));
  if (query.isPending) {
    return (
      <p className={cardStyles.muted} role="status">
        Loading each mode&apos;s daily summary…
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert">Each mode&apos;s daily summary could not be loaded: {query.error.message}</p>
    );
  }
  const daily = query.data;
  if (daily.days.length === 0 || daily.modes.length === 0) {
    return (
      <p className={cardStyles.muted}>
        No window matched to a reference mode was identified from {from} to {to}.
      </p>
    );
  }
  const active = modes.reference_version ?? 0;
  return (
    <>
      <p className={cardStyles.muted}>
        {daily.days.length} days with identified windows from {from} to {to} (UTC days).
      </p>
      <ModeDailyChart daily={daily} activeVersion={active} measure="frequency" />
      <ModeDailyChart daily={daily} activeVersion={active} measure="damping" />
    </>
  );
}

/**
 * Each mode's frequency and damping over time, over a period of the engineer's choice: the
 * newest windows one by one, or (decision 076's amendment of 2026-12-01) a month or a year of
 * daily medians, since 500 windows are only days on a bridge monitored for months.
 */
export function ModeTrends({ bridgeId, modes }: { bridgeId: number; modes: BridgeModes }) {
  const [period, setPeriod] = useState<Period>('windows');
  const chosen = PERIODS.find((p) => p.value === period) ?? PERIODS[0];
  return (
    <>
      <SelectField
        label="Period of the frequency and damping charts"
        value={period}
        onChange={(e) =>
          setPeriod(PERIODS.find((p) => p.value === e.target.value)?.value ?? 'windows')
        }
        options={PERIODS.map(({ value, label }) => ({ value, label }))}
      />
      {chosen.days === 0 ? (
        <WindowCharts modes={modes} />
      ) : (
        <DailyCharts bridgeId={bridgeId} modes={modes} days={chosen.days} />
      )}
    </>
  );
}
