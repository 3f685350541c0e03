import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import {
  type DateOrder,
  importLoggerUpload,
  inspectLoggerUpload,
  type LoggerFileInspection,
} from '../../api/logger-upload';
import type { Bridge } from '../../api/queries/bridges';
import { datastreamsQueryKey } from '../../api/queries/structures';
import { Button } from '../../ui/button';
import { ErrorBanner } from '../../ui/error-banner';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { Spinner } from '../../ui/spinner';
import {
  ColumnMapping,
  ImportSummaryView,
  InspectionFacts,
  PreviewTable,
  type StreamChoice,
} from './logger-import-parts';
import * as styles from './logger-import.css';
import type { StructureData } from './structure-data';

/** The data streams fed by the bridge's sensors: the only ones an import may write. */
function streamsOf(bridge: Bridge, data: StructureData): StreamChoice[] {
  return data.datastreams
    .filter((s) => s.sensors.some((id) => data.sensorById.get(id)?.bridge === bridge.id))
    .map((s) => ({ streamId: s.stream_id, label: `${s.stream_id} (${s.data_type})` }));
}

/** A column whose name is a stream's id goes to it unless changed. */
function guessedMapping(inspection: LoggerFileInspection, streams: StreamChoice[]) {
  const mapping: Record<string, string> = {};
  for (const column of inspection.columns) {
    const same = streams.find((s) => s.streamId.toLowerCase() === column.name.toLowerCase());
    if (same) mapping[column.key] = same.streamId;
  }
  return mapping;
}

const ORDER_WORDS: Record<DateOrder, string> = {
  ymd: 'year-month-day',
  ydm: 'year-day-month',
  dmy: 'day-month-year',
  mdy: 'month-day-year',
};

export function LoggerImportDialog(props: {
  bridge: Bridge;
  data: StructureData;
  onClose: () => void;
}) {
  const { bridge, data, onClose } = props;
  const api = useApi();
  const queryClient = useQueryClient();
  const streams = streamsOf(bridge, data);
  const [chosen, setChosen] = useState<{ file: File; n: number } | null>(null);
  const [dateOrder, setDateOrder] = useState<DateOrder | undefined>();
  const [mapping, setMapping] = useState<Record<string, string> | null>(null);
  const [progress, setProgress] = useState(0);

  // Read once as sent (its question and choices when the dates read two ways), then again
  // with the order chosen: the rate is known only once the times can be read.
  const inspect = (order?: DateOrder) => ({
    queryKey: ['logger-inspection', bridge.id, chosen?.n, order ?? null],
    queryFn: () => inspectLoggerUpload(api, bridge.id, chosen?.file ?? new Blob(), order),
    retry: false,
    staleTime: Infinity,
  });
  const first = useQuery({ ...inspect(), enabled: chosen !== null });
  const settled = useQuery({ ...inspect(dateOrder), enabled: dateOrder !== undefined });
  const inspection = dateOrder === undefined ? first : settled;
  const found = inspection.data;
  const choices = first.data?.date_order_choices ?? [];
  const columns = mapping ?? (found ? guessedMapping(found, streams) : {});
  const mapped = new Map(Object.entries(columns).filter(([, streamId]) => streamId !== ''));
  const order = found?.date_order ?? undefined;

  const upload = useMutation({
    mutationFn: () =>
      importLoggerUpload({
        bridgeId: bridge.id,
        file: chosen?.file ?? new Blob(),
        mapping: mapped,
        dateOrder: order ?? 'ymd',
        onProgress: setProgress,
      }),
    onMutate: () => setProgress(0),
    // The streams' sample counts and last-seen times changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datastreamsQueryKey }),
  });

  const choose = (file: File | undefined) => {
    setChosen(file ? { file, n: (chosen?.n ?? 0) + 1 } : null);
    setDateOrder(undefined);
    setMapping(null);
    upload.reset();
  };
  const busy = upload.isPending;
  const canImport = found !== undefined && order !== undefined && mapped.size > 0 && !busy;

  return (
    <Modal
      title={`Import logger file into ${bridge.name}`}
      onClose={onClose}
      wide
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {upload.isSuccess ? 'Close' : 'Cancel'}
          </Button>
          {!upload.isSuccess && (
            <Button onClick={() => upload.mutate()} disabled={!canImport}>
              Import
            </Button>
          )}
        </>
      }
    >
      <div className={styles.body}>
        {streams.length === 0 && (
          <p className={styles.muted}>
            {bridge.name} has no data streams yet. Add one on the Sensors tab (Add DataStream), then
            import the file into it.
          </p>
        )}
        <label>
          Logger file{' '}
          <input
            type="file"
            accept=".csv,.tsv,.txt,.dat,text/csv,text/plain"
            disabled={busy}
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </label>
        <p className={styles.muted}>
          Campbell TOA5, HBM catman ASCII, UniBw Munich logger CSV or any CSV/TSV with a header row.
          Unzip an archive first.
        </p>
        {inspection.isFetching && <Spinner label="Reading the file" />}
        {inspection.isError && <ErrorBanner>{inspection.error.message}</ErrorBanner>}
        {found && !inspection.isFetching && (
          <>
            <InspectionFacts inspection={found} />
            {choices.length > 0 && (
              <>
                {first.data?.date_order_question && <p>{first.data.date_order_question}</p>}
                <SelectField
                  label="Date order"
                  placeholder="Choose the date order"
                  value={dateOrder ?? ''}
                  disabled={busy}
                  options={choices.map((o) => ({ value: o, label: ORDER_WORDS[o] }))}
                  onChange={(e) => setDateOrder((e.target.value || undefined) as DateOrder)}
                />
              </>
            )}
            <ColumnMapping
              inspection={found}
              streams={streams}
              mapping={columns}
              onMap={(key, streamId) => setMapping({ ...columns, [key]: streamId })}
            />
            <PreviewTable inspection={found} />
          </>
        )}
        {busy && (
          <>
            <progress
              className={styles.progress}
              max={1}
              value={progress}
              aria-label="Import progress"
            />
            <p className={styles.muted}>{Math.round(progress * 100)} % sent and stored</p>
          </>
        )}
        {upload.isError && <ErrorBanner>{upload.error.message}</ErrorBanner>}
        {upload.data && <ImportSummaryView summary={upload.data} />}
      </div>
    </Modal>
  );
}
