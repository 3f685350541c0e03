import { useMemo } from 'react';
import { listedDisagreements, streamTwinsOf } from '../../api/queries/stream-twins';
import type { Datastream } from '../../api/queries/structures';
import { formatInstant, formatUtc, usableTimeZone } from '../../../domain/formats';
import { Button } from '../../ui/button';
import { type DataTableColumn, DataTable } from '../../ui/data-table/data-table';
import type { BridgesDialog } from './dialogs';
import { HistoryLink } from '../../ui/history-link';
import { RowActions } from '../../ui/row-actions';
import type { StructureData } from './structure-data';
import { TwinGaugeCell, twinGaugeText } from './twin-gauge-cell';

/**
 * The app's one date-time format, in the zone of the company that owns the stream's bridge and
 * named, or the reader's own when it set none (decision 064); the UTC time on hover.
 */
function LastSeen({ iso, zone }: { iso: string | null; zone: string | undefined }) {
  if (!iso) return <>Never</>;
  return (
    <time dateTime={iso} title={formatUtc(iso)}>
      {formatInstant(iso, zone)}
    </time>
  );
}

const joinedOrUnknown = (items: (string | undefined)[]) => {
  const known = [...new Set(items.filter((i): i is string => Boolean(i)))];
  return known.length ? known.join(', ') : 'Unknown';
};

export interface DatastreamsTabProps {
  data: StructureData;
  isStaff: boolean;
  /** Staff or a company administrator: creates and deletes (decision 040). */
  manages: boolean;
  onOpen: (dialog: BridgesDialog) => void;
}

export function DatastreamsTab({ data, isStaff, manages, onOpen }: DatastreamsTabProps) {
  const sensorsOf = (d: Datastream) => d.sensors.map((id) => data.sensorById.get(id));
  // A stream's sensors are on one bridge; its company's zone writes the stream's times.
  const zoneOf = (d: Datastream) => {
    const bridge = sensorsOf(d)
      .map((s) => s && data.bridgeById.get(s.bridge))
      .find((b) => b !== undefined);
    return usableTimeZone(bridge?.display?.time_zone);
  };
  // Co-located twins by the sensors' positions, as on the dashboard's stream cards, and whether
  // each pair disagrees from the stored episodes the list carries (decision 074).
  const twins = useMemo(
    () => streamTwinsOf(data.datastreams, data.sensors, listedDisagreements(data.datastreams)),
    [data.datastreams, data.sensors],
  );
  const twinsOfStream = (d: Datastream) => twins.get(d.id) ?? [];
  const columns: DataTableColumn<Datastream>[] = [
    { id: 'stream', header: 'Stream ID', value: (d) => d.stream_id },
    { id: 'type', header: 'Data Type', value: (d) => d.data_type },
    {
      id: 'sensors',
      header: 'Sensors',
      // The sensors' own ids (sensor_id) where this user can see the sensor.
      value: (d) =>
        d.sensors.length
          ? d.sensors.map((id) => data.sensorById.get(id)?.sensor_id ?? String(id)).join(', ')
          : 'Unknown',
    },
    {
      id: 'bridge',
      header: 'Bridge',
      value: (d) =>
        joinedOrUnknown(sensorsOf(d).map((s) => s && data.bridgeById.get(s.bridge)?.name)),
    },
    {
      id: 'span',
      header: 'Span',
      value: (d) =>
        joinedOrUnknown(sensorsOf(d).map((s) => s && data.spanById.get(s.span)?.span_id)),
    },
    {
      id: 'last-seen',
      header: 'Last seen',
      // The ISO text sorts in time order and exports exactly; the screen shows the local time.
      value: (d) => d.last_seen ?? 'Never',
      render: (d) => <LastSeen iso={d.last_seen} zone={zoneOf(d)} />,
    },
    { id: 'samples', header: 'Samples', value: (d) => d.sample_count },
    {
      id: 'twin',
      header: 'Twin gauge',
      value: (d) =>
        twinsOfStream(d)
          .map((twin) => twinGaugeText(d.stream_id, twin, zoneOf(d)))
          .join(' '),
      render: (d) => (
        <TwinGaugeCell streamId={d.stream_id} twins={twinsOfStream(d)} zone={zoneOf(d)} />
      ),
    },
  ];

  return (
    <DataTable
      label="Datastreams"
      columns={columns}
      rows={data.datastreams}
      rowKey={(d) => d.id}
      emptyMessage="No datastreams yet."
      // A datastream is made for a sensor: the dialog asks which first (issue 36).
      toolbar={
        manages && (
          <Button onClick={() => onOpen({ kind: 'choose', child: 'datastream' })}>
            Add DataStream
          </Button>
        )
      }
      actions={
        manages
          ? (stream) => (
              <RowActions
                actions={[
                  {
                    text: 'Delete',
                    label: `Delete ${stream.stream_id}`,
                    onClick: () =>
                      onOpen({
                        kind: 'delete',
                        target: { kind: 'datastream', id: stream.id, name: stream.stream_id },
                      }),
                  },
                ]}
              >
                {isStaff && (
                  <HistoryLink
                    objectType="datastream"
                    objectId={stream.id}
                    name={stream.stream_id}
                  />
                )}
              </RowActions>
            )
          : undefined
      }
    />
  );
}
