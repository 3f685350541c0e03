import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { fetchBridgeReport } from '../../api/queries/reports';
import { Button } from '../../ui/button';
import { useDisplaySettings } from '../../ui/display-settings';
import { saveBlob } from '../../ui/save-blob';
import { TextField } from '../../ui/text-field';
import { browserTimeZone } from '../../ui/time-zones';
import { useToast } from '../../ui/toast';
import * as styles from './monthly-report.css';

const monthOf = (date: Date) => date.toISOString().slice(0, 7);
const FIRST_MONTH = '2000-01';

/** The last month that is over (UTC). */
export function lastFullMonth(today: Date): string {
  return monthOf(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)));
}

/**
 * The month the picker opens on (issue 36, decision 043): the month (UTC, as the report's months
 * are) of the bridge's newest sample, so the current month when data came in this month, else
 * the latest month with data. An alarm is found in the data, so that month also holds the latest
 * Critical event. A bridge that never sent data falls back to the last full month. A sample
 * stamped ahead of the clock never makes it pick a month the server refuses as future.
 */
export function defaultReportMonth(today: Date, lastDataReceived: string | null): string {
  const newest = lastDataReceived === null ? Number.NaN : Date.parse(lastDataReceived);
  if (Number.isNaN(newest)) return lastFullMonth(today);
  const month = monthOf(new Date(newest));
  const current = monthOf(today);
  return month > current ? current : month < FIRST_MONTH ? FIRST_MONTH : month;
}

/** Issue 19: the month picker and the button that saves the bridge's monthly PDF report. */
export function MonthlyReportButton({
  bridgeId,
  bridgeName,
  lastDataReceived,
}: {
  bridgeId: number;
  bridgeName: string;
  /** ISO time of the bridge's newest sample, null when none came. */
  lastDataReceived: string | null;
}) {
  const api = useApi();
  const { show } = useToast();
  const [today] = useState(() => new Date());
  const [month, setMonth] = useState(() => defaultReportMonth(today, lastDataReceived));
  const { timeZone } = useDisplaySettings();
  const download = useMutation({
    mutationFn: (chosen: string) =>
      fetchBridgeReport(api, bridgeId, chosen, timeZone ?? browserTimeZone()),
    onSuccess: (blob, chosen) =>
      saveBlob(`${bridgeName.replace(/[^\w.-]+/g, '-')}-${chosen}.pdf`, blob),
    onError: (error) => show({ tone: 'error', message: error.message, durationMs: 4000 }),
  });
  const valid = /^\d{4}-\d{2}$/.test(month);
  return (
    <div className={styles.row}>
      <TextField
        label="Report month"
        type="month"
        value={month}
        min={FIRST_MONTH}
        max={monthOf(today)}
        onChange={(event) => setMonth(event.target.value)}
      />
      <Button
        variant="secondary"
        disabled={!valid || download.isPending}
        onClick={() => download.mutate(month)}
      >
        {download.isPending ? 'Preparing report…' : 'Download monthly report'}
      </Button>
    </div>
  );
}
