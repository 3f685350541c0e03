import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { fetchBridgeReport } from '../../api/queries/reports';
import { Button } from '../../ui/button';
import { saveBlob } from '../../ui/save-blob';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import * as styles from './monthly-report.css';

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** The last month that is over (UTC), the one an owner files a report for. */
export function lastFullMonth(today: Date): string {
  return monthOf(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)));
}

/** Issue 19: the month picker and the button that saves the bridge's monthly PDF report. */
export function MonthlyReportButton({
  bridgeId,
  bridgeName,
}: {
  bridgeId: number;
  bridgeName: string;
}) {
  const api = useApi();
  const { show } = useToast();
  const [today] = useState(() => new Date());
  const [month, setMonth] = useState(() => lastFullMonth(today));
  const download = useMutation({
    mutationFn: (chosen: string) => fetchBridgeReport(api, bridgeId, chosen),
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
        min="2000-01"
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
