import { localToday } from '../../../domain/calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import { saveInspectionMutationOptions } from '../../api/mutations/inspections';
import { withEffects } from '../../api/mutations/with-effects';
import { type Inspection, inspectionProgrammeQueryOptions } from '../../api/queries/inspections';
import {
  INSPECTION_KIND_LABELS,
  INSPECTION_KINDS,
  type InspectionKind,
} from '../../../domain/inspection-regimes';
import { FormField } from '../../ui/form-field';
import { stack } from '../../ui/layout.css';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { useNotify } from '../../ui/use-notify';
import {
  emptyInspectionForm,
  type InspectionFormValues,
  inspectionBody,
  inspectionFormValues,
  validateInspectionForm,
} from './inspection-form';
import * as styles from './inspections.css';
import { DialogActions } from '../../ui/dialog-actions';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { Button } from '../../ui/button';
import { inspectionsQueryKey } from '../../api/queries/inspections';
import { SAVED_OFFLINE_TEXT } from './draft-outbox';
import { PhotoPicker } from './photo-picker';
import { StoredPhotosEditor } from './stored-photos-editor';
import { sendDraft } from './send-draft';
import { useInspectionDraft } from './use-inspection-draft';

const FORM_ID = 'record-inspection';

interface RecordInspectionModalProps {
  onClose: () => void;
  /** The record to correct; without it a new inspection is recorded. */
  inspection?: Inspection;
  /** The bridge chosen on the page, preselected for a new record. */
  initialBridge?: number;
  /** The signed-in user: a new record is kept as their draft on this device until sent. */
  userId?: number;
}

/**
 * Staff record an inspection of any bridge, rated on the scale of the bridge's programme, or
 * correct a recorded one (its bridge fixed).
 */
export function RecordInspectionModal({
  onClose,
  inspection,
  initialBridge,
  userId,
}: RecordInspectionModalProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const bridges = useQuery(listBridgesQueryOptions(api));
  const {
    values,
    setValues,
    errors,
    setErrors,
    set: setField,
  } = useFormFields<InspectionFormValues>(
    inspection
      ? inspectionFormValues(inspection)
      : {
          ...emptyInspectionForm(localToday()),
          bridge: initialBridge ? String(initialBridge) : '',
        },
  );
  const bridgeId = Number(values.bridge);
  const programme = useQuery({
    ...inspectionProgrammeQueryOptions(api, bridgeId),
    enabled: bridgeId > 0,
  });
  // A correction keeps the record's own scale, so a programme that changed scale since does not
  // lock old records (the server accepts either).
  const scale = inspection?.rating.scale ?? programme.data?.rating_scale ?? 'NBI';
  const bridgeName = bridges.data?.find((b) => b.id === bridgeId)?.name ?? 'the bridge';
  const draft = useInspectionDraft({
    userId: inspection ? undefined : userId,
    values,
    replaceValues: setValues,
    scale,
    bridgeName,
  });

  const save = useMutation(
    withEffects(
      saveInspectionMutationOptions(api, queryClient, { bridgeId, inspectionId: inspection?.id }),
      {
        onSuccess: () => {
          const name = bridges.data?.find((b) => b.id === bridgeId)?.name ?? 'the bridge';
          notify('success', `Inspection of ${name} ${inspection ? 'saved' : 'recorded'}`);
          onClose();
        },
      },
    ),
  );

  // A new record goes through the device: stored as a draft, then sent; without a network it
  // stays on the phone and the Inspections page sends it once the network is back.
  const send = useMutation({
    // Runs offline too (the query library would hold it until online): it is what keeps the
    // record on the phone.
    networkMode: 'always',
    mutationFn: async () => {
      const queued = draft.draftOf(true);
      if (!queued) throw new Error('Nobody is signed in');
      await draft.store.put(queued);
      const outcome = await sendDraft(api, draft.store, queued);
      if (outcome.status === 'refused') throw new Error(outcome.detail);
      return outcome;
    },
    onSuccess: (outcome) => {
      if (outcome.status === 'sent') {
        void queryClient.invalidateQueries({ queryKey: inspectionsQueryKey });
        notify('success', `Inspection of ${bridgeName} recorded`);
      } else {
        notify('success', SAVED_OFFLINE_TEXT);
      }
      onClose();
    },
  });
  const viaDraft = draft.kept;
  const saving = viaDraft ? send : save;

  const set = (field: keyof InspectionFormValues) => (value: string) => setField(field, value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateInspectionForm(values, scale, localToday());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (viaDraft) send.mutate();
    else save.mutate(inspectionBody(values, scale));
  };

  const text = (field: keyof InspectionFormValues, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      // Ratings are whole numbers: a phone shows its number pad.
      {...(type === 'number' ? { inputMode: 'numeric' as const } : {})}
      value={values[field]}
      error={errors[field]}
      onChange={(e) => set(field)(e.target.value)}
    />
  );

  const saveFailure = useFailureNotice(saving.error?.message, { as: 'banner' });
  return (
    <Modal
      title={inspection ? 'Edit inspection' : 'Record inspection'}
      onClose={onClose}
      wide
      actions={
        <DialogActions
          onCancel={onClose}
          form={FORM_ID}
          busy={saving.isPending}
          label="Save"
          busyLabel="Saving..."
        />
      }
    >
      <form id={FORM_ID} className={stack} noValidate onSubmit={submit}>
        {saveFailure}
        {draft.restored && (
          <div className={styles.outbox}>
            <p className={styles.outboxText}>
              Restored the draft saved on this phone.
              {draft.restored.refusal ? ` Not sent: ${draft.restored.refusal}` : ''}
            </p>
            <Button
              variant="secondary"
              onClick={() =>
                void draft.discard({
                  ...emptyInspectionForm(localToday()),
                  bridge: initialBridge ? String(initialBridge) : '',
                })
              }
            >
              Discard draft
            </Button>
          </div>
        )}
        <SelectField
          label="Bridge"
          placeholder="Select a bridge"
          value={values.bridge}
          error={errors.bridge}
          disabled={inspection !== undefined}
          options={(bridges.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          onChange={(e) => set('bridge')(e.target.value)}
        />
        <SelectField
          label="Kind"
          value={values.kind}
          options={INSPECTION_KINDS.map((kind) => ({
            value: kind,
            label: INSPECTION_KIND_LABELS[kind],
          }))}
          onChange={(e) => set('kind')(e.target.value as InspectionKind)}
        />
        {text('inspectedOn', 'Date', 'date')}
        {text('inspector', 'Inspector')}
        {programme.data && <p className={styles.note}>{programme.data.source}</p>}
        <div className={styles.ratingRow}>
          {scale === 'NBI' ? (
            <>
              {text('deck', 'Deck rating (0-9)', 'number')}
              {text('superstructure', 'Superstructure rating (0-9)', 'number')}
              {text('substructure', 'Substructure rating (0-9)', 'number')}
            </>
          ) : (
            text('bci', 'Bridge Condition Index (0-100)', 'number')
          )}
        </div>
        <FormField label="Findings">
          {(control) => (
            <textarea
              {...control}
              rows={4}
              value={values.findings}
              onChange={(e) => set('findings')(e.target.value)}
            />
          )}
        </FormField>
        {text('attachments', 'Attachments (file names, separated by commas)')}
        {viaDraft && <PhotoPicker photos={draft.photos} onChange={draft.setPhotos} />}
        {inspection && (
          <StoredPhotosEditor
            photos={inspection.photos}
            describe={`${INSPECTION_KIND_LABELS[inspection.kind]} ${inspection.inspected_on}`}
          />
        )}
      </form>
    </Modal>
  );
}
