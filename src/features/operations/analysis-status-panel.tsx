import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useApi } from '../../api/api-context';
import { requestAnalysisMutationOptions } from '../../api/mutations/operations';
import { withEffects } from '../../api/mutations/with-effects';
import {
  type AnalysisStatus,
  analysisStatusQueryOptions,
  isAnalysisRunning,
} from '../../api/queries/analytics';
import type { Bridge } from '../../api/queries/bridges';
import { formatDateTime } from '../../../domain/formats';
import { type DataTableColumn, DataTable } from '../../ui/data-table/data-table';
import * as pageStyles from '../../ui/management-page.css';
import { useNotify } from '../../ui/use-notify';
import { analysisStateText } from './analysis-state';
import * as styles from './operations.css';

interface Row {
  bridge: Bridge;
  status: AnalysisStatus | undefined;
  failure: string | undefined;
}

const COLUMNS: DataTableColumn<Row>[] = [
  { id: 'bridge', header: 'Bridge', value: (r) => r.bridge.name },
  {
    id: 'state',
    header: 'State',
    value: (r) => (r.status ? analysisStateText(r.status) : (r.failure ?? 'Loading...')),
    render: (r) => {
      const running = r.status?.state === 'training' || r.status?.state === 'scoring';
      const text = r.status ? analysisStateText(r.status) : (r.failure ?? 'Loading...');
      return running && r.status ? (
        <>
          {text}{' '}
          <progress
            aria-label={`Progress of ${r.bridge.name}`}
            max={100}
            value={Math.round(r.status.progress * 100)}
          />
        </>
      ) : (
        text
      );
    },
  },
  {
    id: 'evaluated',
    header: 'Last evaluated',
    value: (r) => (r.status?.evaluated_at ? formatDateTime(r.status.evaluated_at) : 'Never'),
  },
  {
    id: 'error',
    header: 'Error',
    value: (r) => (r.status?.state === 'failed' ? (r.status.last_error ?? '') : ''),
  },
];

/** Where each bridge's analysis stands, polled closely while one runs, with 'Analyse now'. */
export function AnalysisStatusPanel({ bridges }: { bridges: Bridge[] }) {
  const headingId = useId();
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const statuses = useQueries({
    queries: bridges.map((b) => analysisStatusQueryOptions(api, b.name)),
  });
  const analyse = useMutation(
    withEffects(requestAnalysisMutationOptions(api, queryClient), {
      onError: (error) => notify('error', error.message),
    }),
  );

  const rows: Row[] = bridges.map((bridge, i) => ({
    bridge,
    status: statuses[i]?.data,
    failure: statuses[i]?.error?.message,
  }));

  const actions = (row: Row) => (
    <button
      type="button"
      className={pageStyles.actionButton}
      aria-label={`Analyse ${row.bridge.name} now`}
      disabled={
        isAnalysisRunning(row.status) ||
        (analyse.isPending && analyse.variables === row.bridge.name)
      }
      onClick={() => analyse.mutate(row.bridge.name)}
    >
      Analyse now
    </button>
  );

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Analysis status
      </h2>
      <DataTable
        label="Analysis status"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.bridge.id}
        actions={actions}
        emptyMessage="No bridges yet."
      />
    </section>
  );
}
