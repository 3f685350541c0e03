import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type AssignSensorInput,
  type CreateDatastreamInput,
  datastreamDialogMachine,
} from '../../../machines/datastream-dialog.machine';
import { useApi } from '../../api/api-context';
import { assignSensorToDatastream, createDatastream } from '../../api/mutations/datastreams';
import { useEmitted } from '../../state-machines/use-emitted';
import { useInspectedMachine } from '../../state-machines/use-inspected-machine';
import {
  type Sensor,
  datastreamsQueryKey,
  listDatastreamsQueryOptions,
} from '../../api/queries/structures';
import { DATA_TYPES, type DataType, isSensorType } from '../../../domain/enums';
import { dataTypeMismatch } from '../../../domain/sensor-data-type';
import { formatDateTime, formatUtc } from '../../../domain/formats';
import { Button } from '../../ui/button';
import { stack } from '../../ui/layout.css';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import * as styles from './bridges-page.css';
import { SelectField } from '../../ui/select-field';
import { useNotify } from '../../ui/use-notify';
import { StreamResolutionEditor } from './stream-resolution-editor';

/** Spec §2: Manage Datastream for one sensor, Create New (default) or Assign Existing. */
export function DatastreamDialog({ sensor, onClose }: { sensor: Sensor; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const streams = useQuery(listDatastreamsQueryOptions(api));

  const machine = useMemo(
    () =>
      datastreamDialogMachine.provide({
        actors: {
          createDatastream: fromPromise<unknown, CreateDatastreamInput>(async ({ input }) => {
            return createDatastream(api, {
              stream_id: input.streamId,
              data_type: input.dataType,
              sensors: [input.sensorId],
              // Sent only when chosen: the spec's body otherwise.
              ...(input.resolution === null ? {} : { resolution: input.resolution }),
            });
          }),
          assignSensor: fromPromise<unknown, AssignSensorInput>(async ({ input }) => {
            return assignSensorToDatastream(api, {
              sensor_id: input.sensorId,
              datastream_id: input.datastreamId,
            });
          }),
        },
      }),
    [api],
  );
  const [snapshot, send, actor] = useInspectedMachine(machine, { input: { sensorId: sensor.id } });
  const current = streams.data?.filter((s) => s.sensors.includes(sensor.id)) ?? [];
  const { context } = snapshot;
  const mode = snapshot.matches('assign') || snapshot.matches('assigning') ? 'assign' : 'create';
  const busy = snapshot.matches('creating') || snapshot.matches('assigning');

  // Toasts, the refreshed list and closing are the screen's side of the machine's outcome.
  useEmitted(actor, (event) => {
    if (event.type === 'notify') {
      notify(event.tone, event.message);
      return;
    }
    if (event.saved) void queryClient.invalidateQueries({ queryKey: datastreamsQueryKey });
    onClose();
  });

  // A data type the sensor cannot record is refused here as the server refuses it (issue 36).
  const [typeError, setTypeError] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const mismatch =
      mode === 'create' && context.dataType !== '' && isSensorType(sensor.type)
        ? dataTypeMismatch(sensor.type, context.dataType)
        : null;
    setTypeError(mismatch ?? undefined);
    if (mismatch) return;
    send({ type: 'form.submitted' });
  };
  const cancel = () => send({ type: 'dialog.cancelled' });

  return (
    <Modal
      title={`Manage Datastream for ${sensor.sensor_id}`}
      onClose={cancel}
      actions={
        <>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" form="datastream-form" disabled={busy}>
            {mode === 'create' ? 'Create Datastream' : 'Assign Sensor'}
          </Button>
        </>
      }
    >
      {/* What the sensor feeds now, before choosing to create or assign another. */}
      <div className={styles.currentStream}>
        <p className={styles.currentStreamTitle}>Current datastream</p>
        {streams.isPending ? (
          <p>Loading…</p>
        ) : current.length === 0 ? (
          <p>None: this sensor feeds no datastream yet.</p>
        ) : (
          <ul>
            {current.map((s) => (
              <li key={s.id}>
                <strong>{s.stream_id}</strong> ({s.data_type}
                {s.resolution != null ? `, stored to the nearest ${s.resolution}` : ''}), last data{' '}
                {s.last_seen ? (
                  <time dateTime={s.last_seen} title={formatUtc(s.last_seen)}>
                    {formatDateTime(s.last_seen)}
                  </time>
                ) : (
                  'never'
                )}
                <StreamResolutionEditor stream={s} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <fieldset className={styles.modeSwitch}>
        <legend>Mode</legend>
        {(
          [
            ['create', 'Create New'],
            ['assign', 'Assign Existing'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="datastream-mode"
              checked={mode === value}
              disabled={busy}
              onChange={() => send({ type: 'mode.changed', mode: value })}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <form id="datastream-form" className={stack} noValidate onSubmit={submit}>
        {mode === 'create' ? (
          <>
            <TextField
              label="Stream ID"
              value={context.streamId}
              error={context.errors.streamId}
              onChange={(e) =>
                send({ type: 'field.changed', field: 'streamId', value: e.target.value })
              }
            />
            <SelectField
              label="Data Type"
              placeholder="Select a data type"
              options={DATA_TYPES.map((t) => ({ value: t, label: t }))}
              value={context.dataType}
              error={context.errors.dataType ?? typeError}
              onChange={(e) => {
                setTypeError(undefined);
                send({
                  type: 'field.changed',
                  field: 'dataType',
                  value: e.target.value as DataType | '',
                });
              }}
            />
            <TextField
              label="Resolution (optional)"
              inputMode="decimal"
              value={context.resolution}
              error={context.errors.resolution}
              onChange={(e) =>
                send({ type: 'field.changed', field: 'resolution', value: e.target.value })
              }
            />
            <p className={styles.fieldNote}>
              The sensor&apos;s step, such as 0.01: each value is stored to the nearest step, in
              about a fifth of the space. Left empty, values are stored exactly as sent.
            </p>
          </>
        ) : (
          <SelectField
            label="Existing datastream"
            placeholder="Select a datastream"
            options={(streams.data ?? []).map((s) => ({
              value: String(s.id),
              label: `${s.stream_id} (${s.data_type})`,
            }))}
            value={context.datastreamId === null ? '' : String(context.datastreamId)}
            error={context.errors.datastreamId}
            onChange={(e) =>
              send({
                type: 'field.changed',
                field: 'datastreamId',
                value: e.target.value === '' ? null : Number(e.target.value),
              })
            }
          />
        )}
      </form>
    </Modal>
  );
}
