import type { AnalysisStatus } from '../../api/queries/analytics';

/** The job's state as one phrase for the Operations table. */
export function analysisStateText(status: AnalysisStatus): string {
  const percent = `${Math.round(status.progress * 100)} %`;
  switch (status.state) {
    case 'queued':
      return 'Queued';
    case 'training':
      return `Running: training ${percent}`;
    case 'scoring':
      return `Running: scoring ${percent}`;
    case 'failed':
      return 'Failed';
    default:
      return status.evaluated_at ? 'Up to date' : 'Not analysed yet';
  }
}
