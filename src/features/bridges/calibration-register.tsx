import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import {
  type Calibration,
  listSensorCalibrationsQueryOptions,
} from '../../api/queries/calibrations';
import type { Sensor } from '../../api/queries/structures';
import { Button } from '../../ui/button';
import { type DataTableColumn, DataTable } from '../../ui/data-table/data-table';
import { calibrationState, calibrationStateText } from '../../../domain/calibration-state';
import { formatCalendarDate } from '../../../domain/formats';
import { CalibrationFormModal } from './calibration-form-modal';
import * as styles from './fatigue-detail.css';
import { useFailureNotice } from '../../ui/use-failure-notice';

/** 'Calibration due Dec 1, 2026' or 'Calibration overdue since …'; nothing while it is valid. */
export function CalibrationBadge({ nextDue, today }: { nextDue: string | null; today: string }) {
  const state = calibrationState(nextDue, today);
  if (state !== 'due' && state !== 'overdue') return null;
  return (
    <span className={state === 'overdue' ? styles.overdue : styles.due}>
      {' '}
      Calibration {lowerFirst(calibrationStateText(nextDue, today))}
    </span>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const calendarDate = (ymd: string | null) =>
  ymd === null ? '' : formatCalendarDate(ymd, 'medium');

function factorsText(c: Calibration): string {
  const parts = [
    c.gauge_factor === null ? null : `gauge factor ${c.gauge_factor}`,
    c.sensitivity === null ? null : `sensitivity ${c.sensitivity}`,
    c.offset === null ? null : `offset ${c.offset}`,
  ].filter((p): p is string => p !== null);
  return parts.join(', ');
}

// Newest first: the entry that vouches for the sensor now heads the register.
const COLUMNS: DataTableColumn<Calibration>[] = [
  { id: 'on', header: 'Calibrated on', value: (c) => calendarDate(c.calibrated_on) },
  { id: 'by', header: 'Calibrated by', value: (c) => c.calibrated_by },
  { id: 'certificate', header: 'Certificate', value: (c) => c.certificate },
  { id: 'factors', header: 'Factors', value: factorsText },
  { id: 'due', header: 'Next due', value: (c) => calendarDate(c.next_due) },
];

/**
 * Bridge Management, under the Sensors tab: the selected sensor's calibration history
 * (issue 20). Everyone who sees the sensor reads it; staff add to it.
 */
export function CalibrationRegister({ sensor, isStaff }: { sensor?: Sensor; isStaff: boolean }) {
  const api = useApi();
  const [adding, setAdding] = useState(false);
  const history = useQuery({
    ...listSensorCalibrationsQueryOptions(api, sensor?.id ?? 0),
    enabled: sensor !== undefined,
  });
  const historyFailure = useFailureNotice(history.error?.message, { as: 'banner' });
  if (!sensor) {
    return (
      <section className={styles.section} aria-labelledby="calibration-register-heading">
        <h2 id="calibration-register-heading" className={styles.heading}>
          Calibration register
        </h2>
        <p className={styles.muted}>Select a sensor to see its calibration history.</p>
      </section>
    );
  }
  const rows = [...(history.data ?? [])].reverse();
  return (
    <section className={styles.section} aria-labelledby="calibration-register-heading">
      <h2 id="calibration-register-heading" className={styles.heading}>
        Calibration register of {sensor.sensor_id}
      </h2>
      {historyFailure}
      <DataTable
        label={`Calibrations of ${sensor.sensor_id}`}
        columns={COLUMNS}
        rows={rows}
        rowKey={(c) => c.id}
        loading={history.isPending}
        emptyMessage="No calibration recorded for this sensor."
        toolbar={isStaff && <Button onClick={() => setAdding(true)}>Add calibration</Button>}
      />
      {adding && <CalibrationFormModal sensor={sensor} onClose={() => setAdding(false)} />}
    </section>
  );
}
