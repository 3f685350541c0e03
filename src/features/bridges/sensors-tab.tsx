import { localToday } from '../../../domain/calendar';
import type { Sensor } from '../../api/queries/structures';
import { Button } from '../../ui/button';
import { CreateHint } from './create-hint';
import { type DataTableColumn, DataTable } from '../../ui/data-table/data-table';
import { CalibrationBadge, CalibrationRegister } from './calibration-register';
import { StatusHistory } from './status-history';
import { sensorStatusLabel, sensorTypeLabel } from './bridge-messages';
import type { BridgesDialog, Selection } from './dialogs';
import { HistoryLink } from '../../ui/history-link';
import { RowActions } from '../../ui/row-actions';
import { SelectionFilters } from './selection-filters';
import { positionText, SensorPositionNote } from './sensor-position-note';
import type { StructureData } from './structure-data';

export interface SensorsTabProps {
  data: StructureData;
  isStaff: boolean;
  /** Staff or a company administrator: creates and deletes (decision 040). */
  manages: boolean;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  onOpen: (dialog: BridgesDialog) => void;
}

export function SensorsTab({
  data,
  isStaff,
  manages,
  selection,
  onSelect,
  onOpen,
}: SensorsTabProps) {
  const today = localToday();
  const spanName = (s: Sensor) => data.spanById.get(s.span)?.span_id ?? 'Unknown';
  const columns: DataTableColumn<Sensor>[] = [
    {
      id: 'bridge',
      header: 'Bridge',
      value: (s) => data.bridgeById.get(s.bridge)?.name ?? 'Unknown',
    },
    {
      id: 'span',
      header: 'Span',
      value: (s) => [spanName(s), positionText(s)].filter(Boolean).join(' · '),
      // The spec fixes the columns, so where on the span the sensor sits shows under its span.
      render: (s) => (
        <>
          {spanName(s)}
          <SensorPositionNote sensor={s} />
        </>
      ),
    },
    { id: 'sensor', header: 'Sensor ID', value: (s) => s.sensor_id },
    { id: 'type', header: 'Type', value: (s) => sensorTypeLabel(s.type) },
    {
      id: 'status',
      header: 'Status',
      value: (s) => sensorStatusLabel(s.status),
      // The spec fixes the columns, so a due or overdue calibration shows beside the status.
      render: (s) => (
        <>
          {sensorStatusLabel(s.status)}
          <CalibrationBadge nextDue={s.next_calibration_date} today={today} />
        </>
      ),
    },
  ];
  const rows = data.sensors.filter(
    (s) =>
      (selection.bridgeId === null || s.bridge === selection.bridgeId) &&
      (selection.spanId === null || s.span === selection.spanId),
  );
  const selected =
    selection.sensorId === null ? undefined : data.sensorById.get(selection.sensorId);
  const selectedSpan = selection.spanId === null ? undefined : data.spanById.get(selection.spanId);

  return (
    <>
      <SelectionFilters
        data={data}
        selection={selection}
        onChange={onSelect}
        levels={['bridge', 'span', 'sensor']}
      />
      <DataTable
        label="Sensors"
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        emptyMessage="No sensors yet."
        // Add Sensor asks for its span when none is selected; the spec shows Add DataStream
        // only once a sensor is selected, and a line says so until then.
        toolbar={
          isStaff && (
            <>
              <Button
                onClick={() =>
                  onOpen(
                    selectedSpan
                      ? { kind: 'sensor-form', span: selectedSpan }
                      : { kind: 'choose', child: 'sensor' },
                  )
                }
              >
                Add Sensor
              </Button>
              {selected ? (
                <Button
                  variant="secondary"
                  onClick={() => onOpen({ kind: 'datastream', sensor: selected })}
                >
                  Add DataStream
                </Button>
              ) : (
                <CreateHint>Select a sensor to add a datastream</CreateHint>
              )}
            </>
          )
        }
        actions={
          manages
            ? (sensor) => (
                <RowActions
                  actions={[
                    {
                      text: 'Datastream',
                      label: `Manage datastream of ${sensor.sensor_id}`,
                      onClick: () => onOpen({ kind: 'datastream', sensor }),
                    },
                    {
                      text: 'Delete',
                      label: `Delete ${sensor.sensor_id}`,
                      onClick: () =>
                        onOpen({
                          kind: 'delete',
                          target: { kind: 'sensor', id: sensor.id, name: sensor.sensor_id },
                        }),
                    },
                    {
                      text: 'Calibrations',
                      label: `Calibrations of ${sensor.sensor_id}`,
                      onClick: () =>
                        onSelect({
                          bridgeId: sensor.bridge,
                          spanId: sensor.span,
                          sensorId: sensor.id,
                        }),
                    },
                  ]}
                >
                  {isStaff && (
                    <HistoryLink objectType="sensor" objectId={sensor.id} name={sensor.sensor_id} />
                  )}
                </RowActions>
              )
            : undefined
        }
      />
      <CalibrationRegister sensor={selected} isStaff={isStaff} />
      <StatusHistory sensor={selected} isStaff={isStaff} />
    </>
  );
}
