import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApi } from '../../api/api-context';
import {
  type AnalysisStatus,
  anomalyReportQueryOptions,
  isAnalysisRunning,
} from '../../api/queries/analytics';
import { dashboardQueries } from './dashboard-queries';
import * as styles from './dashboard.css';

const percent = (progress: number) => `${Math.round(progress * 100)} %`;

/** The job's step in words: queued, training n %, scoring n %, or why it failed. */
export function analysisStepText(status: AnalysisStatus): string | null {
  switch (status.state) {
    case 'queued':
      return 'Queued for analysis';
    case 'training':
      return `Training the model: ${percent(status.progress)}`;
    case 'scoring':
      return `Scoring the latest data: ${percent(status.progress)}`;
    case 'failed':
      return 'The last analysis failed';
    default:
      return null;
  }
}

/**
 * Where the first evaluation of a bridge stands, for the "Not assessed yet" card: followed every
 * few seconds while the job is queued or running, and the dashboard reloads its evaluation as
 * soon as the job has stored one.
 */
export function AnalysisProgress({ sid }: { sid: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data: status } = useQuery(dashboardQueries.status(api, sid));
  const wasRunning = useRef(false);

  useEffect(() => {
    if (!status) return;
    if (isAnalysisRunning(status)) wasRunning.current = true;
    else if (wasRunning.current && status.evaluated_at !== null) {
      wasRunning.current = false;
      void queryClient.invalidateQueries({
        queryKey: anomalyReportQueryOptions(api, sid).queryKey,
      });
    }
  }, [status, api, sid, queryClient]);

  const step = status ? analysisStepText(status) : null;
  if (!status || !step) return null;
  const running = status.state === 'training' || status.state === 'scoring';
  return (
    <div className={styles.progress} role="status" aria-live="polite">
      <p className={styles.subTitle}>{step}</p>
      {running && (
        <progress
          className={styles.progressBar}
          aria-label={step}
          max={100}
          value={Math.round(status.progress * 100)}
        />
      )}
      <p className={styles.muted}>
        {status.state === 'failed' ? status.last_error : status.message}
      </p>
    </div>
  );
}
