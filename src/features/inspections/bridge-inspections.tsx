import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { bridgeInspectionsQueryOptions, type Inspection } from '../../api/queries/inspections';
import { INSPECTION_KIND_LABELS, ratingText } from '../../../domain/inspection-regimes';
import { type DataTableColumn, DataTable } from '../../ui/data-table/data-table';
import { RowActions } from '../../ui/row-actions';
import { DeleteInspectionDialog } from './delete-inspection-dialog';
import { InspectionPhotoThumbs } from './inspection-photo-thumbs';
import * as styles from './inspections.css';
import { RecordInspectionModal } from './record-inspection-modal';
import { useFailureNotice } from '../../ui/use-failure-notice';

// ISO dates in the table: they sort and export as they read.
const COLUMNS: DataTableColumn<Inspection>[] = [
  { id: 'date', header: 'Date', value: (i) => i.inspected_on },
  { id: 'kind', header: 'Kind', value: (i) => INSPECTION_KIND_LABELS[i.kind] },
  { id: 'inspector', header: 'Inspector', value: (i) => i.inspector },
  { id: 'rating', header: 'Rating', value: (i) => ratingText(i.rating) },
  { id: 'findings', header: 'Findings', value: (i) => i.findings },
  { id: 'attachments', header: 'Attachments', value: (i) => i.attachments.join(', ') },
  {
    id: 'photos',
    header: 'Photos',
    value: (i) => i.photos.length,
    render: (i) => (
      <InspectionPhotoThumbs
        photos={i.photos}
        describe={`${INSPECTION_KIND_LABELS[i.kind]} ${i.inspected_on}`}
      />
    ),
  },
  { id: 'due', header: 'Next due', value: (i) => i.next_due ?? 'Not periodic' },
];

interface BridgeInspectionsProps {
  bridgeId: number;
  bridgeName: string;
  isStaff: boolean;
}

type Dialog = { kind: 'edit' | 'delete'; inspection: Inspection } | null;

/** The chosen bridge's inspection records, newest first; staff correct or delete them. */
export function BridgeInspections({ bridgeId, bridgeName, isStaff }: BridgeInspectionsProps) {
  const api = useApi();
  const [dialog, setDialog] = useState<Dialog>(null);
  const records = useQuery(bridgeInspectionsQueryOptions(api, bridgeId));
  const recordsFailure = useFailureNotice(records.error?.message, { as: 'banner' });
  const describe = (i: Inspection) => `${INSPECTION_KIND_LABELS[i.kind]} ${i.inspected_on}`;

  return (
    <section className={styles.section} aria-labelledby="inspection-records-heading">
      <h2 id="inspection-records-heading" className={styles.heading}>
        Inspection records
      </h2>
      {recordsFailure}
      <DataTable
        label={`Inspections of ${bridgeName}`}
        columns={COLUMNS}
        rows={records.data?.inspections ?? []}
        rowKey={(i) => i.id}
        loading={records.isPending}
        emptyMessage="No inspection recorded for this bridge."
        actions={
          isStaff
            ? (i) => (
                <RowActions
                  actions={[
                    {
                      text: 'Edit',
                      label: `Edit ${describe(i)}`,
                      onClick: () => setDialog({ kind: 'edit', inspection: i }),
                    },
                    {
                      text: 'Delete',
                      label: `Delete ${describe(i)}`,
                      onClick: () => setDialog({ kind: 'delete', inspection: i }),
                    },
                  ]}
                />
              )
            : undefined
        }
      />
      {dialog?.kind === 'edit' && (
        <RecordInspectionModal inspection={dialog.inspection} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteInspectionDialog
          inspection={dialog.inspection}
          bridgeName={bridgeName}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
