import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect } from 'react';
import { useApi } from '../../api/api-context';
import { saveBridgeMutationOptions } from '../../api/mutations/bridges';
import { withEffects } from '../../api/mutations/with-effects';
import {
  type Bridge,
  listBridgesQueryOptions,
  listRensysBridgeNamesQueryOptions,
} from '../../api/queries/bridges';
import { stack } from '../../ui/layout.css';
import { isValidCoordinate } from '../../../domain/coordinates';
import { parseDecimal } from '../../../domain/form-rules';
import { LocationPicker } from '../../ui/leaflet/location-picker';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import {
  type BridgeFormValues,
  bridgeBody,
  bridgeFormValues,
  validateBridgeForm,
} from './bridge-form';
import { BRIDGE_TOASTS } from './bridge-messages';
import { SelectField } from '../../ui/select-field';
import { useFormFields } from '../../ui/use-form-fields';
import { useNotify } from '../../ui/use-notify';
import { DialogActions } from '../../ui/dialog-actions';

// Six decimals is about 0.1 m: finer than a click can aim, short enough to read.
const roundCoordinate = (n: number) => String(Number(n.toFixed(6)));

export function BridgeFormModal({ bridge, onClose }: { bridge?: Bridge; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const names = useQuery(listRensysBridgeNamesQueryOptions(api));
  const existing = useQuery(listBridgesQueryOptions(api));
  const {
    values,
    errors,
    setErrors,
    update: set,
  } = useFormFields<BridgeFormValues>(bridgeFormValues(bridge));

  // Spec §8: a failed bridge-name fetch is only logged.
  useEffect(() => {
    if (names.error) console.warn('Bridge names could not be loaded:', names.error);
  }, [names.error]);

  const save = useMutation(
    withEffects(saveBridgeMutationOptions(api, queryClient, bridge?.id), {
      onSuccess: () => {
        notify('success', bridge ? BRIDGE_TOASTS.bridgeUpdated : BRIDGE_TOASTS.bridgeCreated);
        onClose();
      },
      onError: () => notify('error', BRIDGE_TOASTS.bridgeSaveFailed),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateBridgeForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(bridgeBody(values));
  };

  const lat = parseDecimal(values.latitude);
  const lng = parseDecimal(values.longitude);
  const position =
    lat !== null && lng !== null && isValidCoordinate(lat, lng) ? { lat, lng } : null;
  // An edited bridge keeps its name even when the external list no longer offers it; a name
  // another bridge already has is not offered (issue 36): the server would refuse it.
  const inUse = new Set((existing.data ?? []).map((b) => b.name));
  const nameOptions = [
    ...new Set([
      ...(bridge ? [bridge.name] : []),
      ...(names.data ?? []).filter((name) => !inUse.has(name)),
    ]),
  ];

  return (
    <Modal
      wide
      title={bridge ? 'Edit Bridge' : 'Create Bridge'}
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          form="bridge-form"
          busy={save.isPending}
          label="Save"
          busyLabel="Saving..."
        />
      }
    >
      <form id="bridge-form" className={stack} noValidate onSubmit={submit}>
        <SelectField
          label="Bridge name"
          placeholder="Select a bridge"
          options={nameOptions.map((n) => ({ value: n, label: n }))}
          value={values.name}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          label="Location Description"
          value={values.location}
          error={errors.location}
          onChange={(e) => set({ location: e.target.value })}
        />
        <TextField
          label="Construction date"
          type="date"
          value={values.constructionDate}
          error={errors.constructionDate}
          onChange={(e) => set({ constructionDate: e.target.value })}
        />
        <TextField
          label="Length per Span (m)"
          type="number"
          step="0.1"
          min="0"
          value={values.lengthPerSpan}
          error={errors.lengthPerSpan}
          onChange={(e) => set({ lengthPerSpan: e.target.value })}
        />
        <TextField
          label="Latitude"
          type="number"
          step="any"
          value={values.latitude}
          error={errors.latitude}
          onChange={(e) => set({ latitude: e.target.value })}
        />
        <TextField
          label="Longitude"
          type="number"
          step="any"
          value={values.longitude}
          error={errors.longitude}
          onChange={(e) => set({ longitude: e.target.value })}
        />
        <LocationPicker
          label="Bridge location map"
          value={position}
          onChange={(p) =>
            set({ latitude: roundCoordinate(p.lat), longitude: roundCoordinate(p.lng) })
          }
        />
      </form>
    </Modal>
  );
}
