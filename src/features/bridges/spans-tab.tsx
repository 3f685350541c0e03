import type { Span } from '../../api/queries/structures';
import { Button } from '../../ui/button';
import { CreateHint } from './create-hint';
import { type DataTableColumn, DataTable } from '../../ui/data-table/data-table';
import type { BridgesDialog, Selection } from './dialogs';
import { HistoryLink } from '../../ui/history-link';
import { RowActions } from '../../ui/row-actions';
import { SelectionFilters } from './selection-filters';
import type { StructureData } from './structure-data';

export interface SpansTabProps {
  data: StructureData;
  isStaff: boolean;
  /** Staff or a company administrator: creates and deletes (decision 040). */
  manages: boolean;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  onOpen: (dialog: BridgesDialog) => void;
}

export function SpansTab({ data, isStaff, manages, selection, onSelect, onOpen }: SpansTabProps) {
  const columns: DataTableColumn<Span>[] = [
    {
      id: 'bridge',
      header: 'Bridge',
      value: (s) => data.bridgeById.get(s.bridge)?.name ?? 'Unknown',
    },
    { id: 'span', header: 'Span ID', value: (s) => s.span_id },
    { id: 'length', header: 'Length (m)', value: (s) => s.length },
  ];
  const rows = data.spans.filter(
    (s) => selection.bridgeId === null || s.bridge === selection.bridgeId,
  );
  const selectedBridge =
    selection.bridgeId === null ? undefined : data.bridgeById.get(selection.bridgeId);

  return (
    <>
      <SelectionFilters data={data} selection={selection} onChange={onSelect} levels={['bridge']} />
      <DataTable
        label="Spans"
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        emptyMessage="No spans yet."
        // The spec shows Add Span only once a bridge is selected; until then a line says so.
        toolbar={
          manages &&
          (selectedBridge ? (
            <Button onClick={() => onOpen({ kind: 'span-form', bridge: selectedBridge })}>
              Add Span
            </Button>
          ) : (
            <CreateHint>Select a bridge to add a span</CreateHint>
          ))
        }
        actions={
          manages
            ? (span) => (
                <RowActions
                  actions={[
                    {
                      text: 'Add Sensor',
                      label: `Add a sensor to ${span.span_id}`,
                      onClick: () => onOpen({ kind: 'sensor-form', span }),
                    },
                    {
                      text: 'Delete',
                      label: `Delete ${span.span_id}`,
                      onClick: () =>
                        onOpen({
                          kind: 'delete',
                          target: { kind: 'span', id: span.id, name: span.span_id },
                        }),
                    },
                  ]}
                >
                  {isStaff && (
                    <HistoryLink objectType="span" objectId={span.id} name={span.span_id} />
                  )}
                </RowActions>
              )
            : undefined
        }
      />
    </>
  );
}
