import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import type { Bridge } from '../../api/queries/bridges';
import { createSpanMutationOptions } from '../../api/mutations/spans';
import { withEffects } from '../../api/mutations/with-effects';
import { stack } from '../../ui/layout.css';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { BRIDGE_TOASTS } from './bridge-messages';
import { validateSpanForm } from './structure-forms';
import { useFormFields } from '../../ui/use-form-fields';
import { useNotify } from '../../ui/use-notify';
import { DialogActions } from '../../ui/dialog-actions';

export function SpanFormModal({ bridge, onClose }: { bridge: Bridge; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { values, errors, setErrors, set } = useFormFields({ spanId: '', length: '' });

  const create = useMutation(
    withEffects(createSpanMutationOptions(api, queryClient), {
      onSuccess: () => {
        notify('success', BRIDGE_TOASTS.spanCreated);
        onClose();
      },
      onError: () => notify('error', BRIDGE_TOASTS.spanCreateFailed),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSpanForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate({
      bridge: bridge.id,
      span_id: values.spanId.trim(),
      length: Number(values.length),
    });
  };

  return (
    <Modal
      title={`Create Span on ${bridge.name}`}
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          form="span-form"
          busy={create.isPending}
          label="Save"
          busyLabel="Saving..."
        />
      }
    >
      <form id="span-form" className={stack} noValidate onSubmit={submit}>
        <TextField
          label="Span ID"
          placeholder="e.g. west_span"
          value={values.spanId}
          error={errors.spanId}
          onChange={(e) => set('spanId', e.target.value)}
        />
        <TextField
          label="Span Length (m)"
          type="number"
          step="0.1"
          min="0"
          value={values.length}
          error={errors.length}
          onChange={(e) => set('length', e.target.value)}
        />
      </form>
    </Modal>
  );
}
