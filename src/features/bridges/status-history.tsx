import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import {
  type SensorStatusChange,
  listSensorStatusChangesQueryOptions,
} from '../../api/queries/sensor-status';
import type { Sensor } from '../../api/queries/structures';
import { Button } from '../../ui/button';
import { type DataTableColumn, DataTable } from '../../ui/data-table/data-table';
import { formatDateTime } from '../../../domain/formats';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { sensorStatusLabel } from './bridge-messages';
import * as styles from './fatigue-detail.css';
import { StatusChangeModal } from './status-change-modal';

/** The first row of a sensor that existed before the history was kept: its start is unknown. */
const fromText = (c: SensorStatusChange) =>
  c.dated ? formatDateTime(c.effective_at) : 'Before the history was kept';

// Newest first: the status in force heads the list.
const COLUMNS: DataTableColumn<SensorStatusChange>[] = [
  { id: 'status', header: 'Status', value: (c) => sensorStatusLabel(c.status) },
  { id: 'from', header: 'From', value: fromText },
  { id: 'by', header: 'Changed by', value: (c) => c.changed_by },
  { id: 'note', header: 'Note', value: (c) => c.note ?? '' },
  { id: 'recorded', header: 'Recorded', value: (c) => formatDateTime(c.recorded_at) },
];

/**
 * Bridge Management, under the Sensors tab: the selected sensor's register status over time
 * (issue 30). Fatigue counts a gauge's data by the status in force when it was measured, so a
 * change is entered from the time it took effect. Everyone who sees the sensor reads it; staff
 * change it.
 */
export function StatusHistory({ sensor, isStaff }: { sensor?: Sensor; isStaff: boolean }) {
  const api = useApi();
  const [changing, setChanging] = useState(false);
  const history = useQuery({
    ...listSensorStatusChangesQueryOptions(api, sensor?.id ?? 0),
    enabled: sensor !== undefined,
  });
  const failure = useFailureNotice(history.error?.message, { as: 'banner' });
  if (!sensor) return null;
  return (
    <section className={styles.section} aria-labelledby="status-history-heading">
      <h2 id="status-history-heading" className={styles.heading}>
        Status history of {sensor.sensor_id}
      </h2>
      {failure}
      <DataTable
        label={`Status history of ${sensor.sensor_id}`}
        columns={COLUMNS}
        rows={[...(history.data ?? [])].reverse()}
        rowKey={(c) => c.id}
        loading={history.isPending}
        emptyMessage="No status recorded for this sensor."
        toolbar={isStaff && <Button onClick={() => setChanging(true)}>Change status</Button>}
      />
      {changing && <StatusChangeModal sensor={sensor} onClose={() => setChanging(false)} />}
    </section>
  );
}
