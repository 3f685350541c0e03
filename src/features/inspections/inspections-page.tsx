import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import { type InspectionDue, inspectionCalendarQueryOptions } from '../../api/queries/inspections';
import { dashboardSearchOf } from '../../../domain/bridge-search';
import { formatCalendarDate } from '../../../domain/formats';
import { DUE_STATUS_LABELS, INSPECTION_KIND_LABELS } from '../../../domain/inspection-regimes';
import { Button } from '../../ui/button';
import { cardTable } from '../../ui/card-table.css';
import { container } from '../../ui/layout.css';
import * as pageStyles from '../../ui/management-page.css';
import { SelectField } from '../../ui/select-field';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { BridgeInspections } from './bridge-inspections';
import { BridgeProgramme } from './bridge-programme';
import { DraftOutbox } from './draft-outbox';
import * as styles from './inspections.css';
import { RecordInspectionModal } from './record-inspection-modal';
import { useFailureNotice } from '../../ui/use-failure-notice';

function CalendarRow({ entry }: { entry: InspectionDue }) {
  return (
    <tr>
      <td className={styles.cell} data-label="Bridge">
        <Link
          to="/dashboard"
          search={dashboardSearchOf({ id: entry.bridge, name: entry.bridge_name })}
        >
          {entry.bridge_name}
        </Link>
      </td>
      <td className={styles.cell} data-label="Inspection">
        {INSPECTION_KIND_LABELS[entry.kind]}
      </td>
      <td className={styles.cell} data-label="Last inspected">
        {formatCalendarDate(entry.last_inspected_on)}
      </td>
      <td className={styles.cell} data-label="Next due">
        {formatCalendarDate(entry.next_due)}
        {entry.shortened && (
          <div className={styles.note}>Interval shortened: condition {entry.condition}</div>
        )}
      </td>
      <td className={styles.cell} data-label="Status">
        <span className={styles.status[entry.status]}>{DUE_STATUS_LABELS[entry.status]}</span>
      </td>
    </tr>
  );
}

/**
 * Overdue inspections first, then the month's, across every bridge the user may see; below, a
 * chosen bridge's programme and records (staff change and correct them).
 */
export function InspectionsPage({ isStaff, userId }: { isStaff: boolean; userId: number }) {
  const api = useApi();
  const [month, setMonth] = useState('');
  const [recording, setRecording] = useState(false);
  const calendar = useQuery(inspectionCalendarQueryOptions(api, month || undefined));
  const entries = calendar.data?.entries ?? [];
  // The route's loader has fetched it; loading and failure are the route's.
  const { data: bridges } = useSuspenseQuery(listBridgesQueryOptions(api));
  const [bridgeChoice, setBridgeChoice] = useState('');
  const chosenBridge = bridges.find((b) => String(b.id) === bridgeChoice);

  const calendarFailure = useFailureNotice(calendar.error?.message, { as: 'banner' });
  return (
    <div className={`${container} ${pageStyles.page}`}>
      <header className={pageStyles.header}>
        <h1 className={pageStyles.title}>Inspections</h1>
        {isStaff && <Button onClick={() => setRecording(true)}>Record inspection</Button>}
      </header>
      {isStaff && <DraftOutbox userId={userId} />}
      <div className={styles.toolbar}>
        <TextField
          label="Month"
          type="month"
          value={month || (calendar.data?.month ?? '')}
          onChange={(event) => setMonth(event.target.value)}
        />
      </div>
      {calendar.isPending && <Spinner />}
      {calendarFailure}
      {calendar.data && entries.length === 0 && (
        <p className={styles.note}>
          Nothing overdue and nothing due in {calendar.data.month}. Bridges appear here once their
          first inspection is recorded.
        </p>
      )}
      {entries.length > 0 && (
        <table
          className={`${styles.table} ${cardTable}`}
          aria-label={`Inspections overdue and due in ${calendar.data?.month ?? ''}`}
        >
          <thead>
            <tr>
              <th className={styles.cell}>Bridge</th>
              <th className={styles.cell}>Inspection</th>
              <th className={styles.cell}>Last inspected</th>
              <th className={styles.cell}>Next due</th>
              <th className={styles.cell}>Status</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <CalendarRow key={`${entry.bridge}-${entry.kind}`} entry={entry} />
            ))}
          </tbody>
        </table>
      )}
      <div className={styles.toolbar}>
        <SelectField
          label="Bridge programme and records"
          placeholder="Select a bridge"
          value={bridgeChoice}
          options={bridges.map((b) => ({ value: String(b.id), label: b.name }))}
          onChange={(event) => setBridgeChoice(event.target.value)}
        />
      </div>
      {chosenBridge && (
        <>
          <BridgeProgramme
            key={`programme-${chosenBridge.id}`}
            bridgeId={chosenBridge.id}
            bridgeName={chosenBridge.name}
            isStaff={isStaff}
          />
          <BridgeInspections
            key={`records-${chosenBridge.id}`}
            bridgeId={chosenBridge.id}
            bridgeName={chosenBridge.name}
            isStaff={isStaff}
          />
        </>
      )}
      {recording && (
        <RecordInspectionModal
          onClose={() => setRecording(false)}
          userId={userId}
          {...(chosenBridge ? { initialBridge: chosenBridge.id } : {})}
        />
      )}
    </div>
  );
}
