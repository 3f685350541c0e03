import { localToday } from '../../../domain/calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useApi } from '../../api/api-context';
import {
  deleteMaintenanceMutationOptions,
  recordMaintenanceMutationOptions,
} from '../../api/mutations/maintenance';
import { withEffects } from '../../api/mutations/with-effects';
import { type MaintenanceEvent, maintenanceQueryOptions } from '../../api/queries/maintenance';
import { formatCalendarDate, formatDateTime } from '../../../domain/formats';
import { hasErrors } from '../../../domain/form-rules';
import {
  MAINTENANCE_KIND_LABELS,
  MAINTENANCE_KINDS,
  MAINTENANCE_NOTE_MAX,
  OUT_OF_SERVICE_MAX_DAYS,
} from '../../../domain/maintenance';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table/data-table';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useNotify } from '../../ui/use-notify';
import * as styles from './fatigue-detail.css';
import { isMaintenanceKind, outOfServiceOf, validateMaintenanceForm } from './maintenance-form';
import type { StructureData } from './structure-data';
import { useFormFields } from '../../ui/use-form-fields';

const today = () => localToday();

const OUT_OF_SERVICE_FIELDS = [
  ['outOfServiceFrom', 'Out of service from'],
  ['outOfServiceTo', 'Out of service until'],
] as const;

function RecordForm({ bridgeId, data }: { bridgeId: number; data: StructureData }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const initial = {
    occurredOn: today(),
    kind: 'repair',
    sensor: '',
    span: '',
    note: '',
    outOfServiceFrom: '',
    outOfServiceTo: '',
  };
  const { values, errors, setErrors, set } = useFormFields<Record<string, string>>(initial);
  const sensors = data.sensors.filter((s) => s.bridge === bridgeId);
  const spans = data.spans.filter((s) => s.bridge === bridgeId);
  const record = useMutation(
    withEffects(recordMaintenanceMutationOptions(api, queryClient, bridgeId), {
      onSuccess: (event) => {
        const cleared = event.cleared_alerts?.length ?? 0;
        notify(
          'success',
          cleared > 0
            ? `Maintenance recorded; ${cleared} alert${cleared === 1 ? '' : 's'} cleared`
            : 'Maintenance recorded',
        );
      },
      onError: (error) => notify('error', error.message),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateMaintenanceForm(values, today());
    setErrors(found);
    const kind = values.kind ?? '';
    if (!isMaintenanceKind(kind) || hasErrors(found)) return;
    const note = (values.note ?? '').trim();
    record.mutate({
      occurred_on: values.occurredOn ?? '',
      kind,
      sensor: values.sensor ? Number(values.sensor) : null,
      span: values.span ? Number(values.span) : null,
      note: note === '' ? null : note,
      out_of_service: outOfServiceOf(values),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Record maintenance">
      <div className={styles.grid}>
        <TextField
          label="Date"
          type="date"
          max={today()}
          value={values.occurredOn ?? ''}
          error={errors.occurredOn}
          onChange={(e) => set('occurredOn', e.target.value)}
        />
        <SelectField
          label="Kind"
          value={values.kind ?? ''}
          options={MAINTENANCE_KINDS.map((k) => ({ value: k, label: MAINTENANCE_KIND_LABELS[k] }))}
          onChange={(e) => set('kind', e.target.value)}
        />
        <SelectField
          label="Sensor concerned"
          value={values.sensor ?? ''}
          placeholder="None"
          error={errors.sensor}
          options={sensors.map((s) => ({ value: String(s.id), label: s.sensor_id }))}
          onChange={(e) => set('sensor', e.target.value)}
        />
        <SelectField
          label="Span concerned"
          value={values.span ?? ''}
          placeholder="None"
          options={spans.map((s) => ({ value: String(s.id), label: s.span_id }))}
          onChange={(e) => set('span', e.target.value)}
        />
        <TextField
          label="Note"
          value={values.note ?? ''}
          maxLength={MAINTENANCE_NOTE_MAX}
          error={errors.note}
          onChange={(e) => set('note', e.target.value)}
        />
        {OUT_OF_SERVICE_FIELDS.map(([field, label]) => (
          <TextField
            key={field}
            label={label}
            type="datetime-local"
            value={values[field] ?? ''}
            error={errors[field]}
            onChange={(e) => set(field, e.target.value)}
          />
        ))}
      </div>
      <p className={styles.muted}>
        While the works keep the sensor, span or bridge out of service (your local time, at most{' '}
        {OUT_OF_SERVICE_MAX_DAYS} days), the alerts they cover notify no one until the end; a
        Critical alert still does, unless it is the sensor's own. Leave both empty for a record of
        work done.
      </p>
      <div className={styles.actions}>
        <Button type="submit" disabled={record.isPending}>
          Record maintenance
        </Button>
      </div>
    </form>
  );
}

/**
 * Bridge Management, under the Bridges tab: the maintenance register of a bridge (issue 15). A
 * repair or bearing replacement makes the analysis relearn the bridge's normal from its date.
 */
export function MaintenanceSection({ data, isStaff }: { data: StructureData; isStaff: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [bridgeId, setBridgeId] = useState<number | null>(null);
  const events = useQuery({
    ...maintenanceQueryOptions(api, bridgeId ?? 0),
    enabled: bridgeId !== null,
  });
  const remove = useMutation(
    withEffects(deleteMaintenanceMutationOptions(api, queryClient), {
      onSuccess: () => notify('success', 'Maintenance event deleted'),
      onError: (error) => notify('error', error.message),
    }),
  );
  const columns: DataTableColumn<MaintenanceEvent>[] = [
    {
      id: 'date',
      header: 'Date',
      value: (e) => e.occurred_on,
      render: (e) => formatCalendarDate(e.occurred_on),
    },
    { id: 'kind', header: 'Kind', value: (e) => MAINTENANCE_KIND_LABELS[e.kind] },
    {
      id: 'concerns',
      header: 'Concerns',
      value: (e) =>
        [
          e.sensor === null ? null : data.sensorById.get(e.sensor)?.sensor_id,
          e.span === null ? null : data.spanById.get(e.span)?.span_id,
        ]
          .filter(Boolean)
          .join(', ') || 'Whole bridge',
    },
    {
      id: 'out-of-service',
      header: 'Out of service',
      value: (e) => e.out_of_service?.from ?? '',
      render: (e) =>
        e.out_of_service
          ? `${formatDateTime(e.out_of_service.from)} to ${formatDateTime(e.out_of_service.to)}`
          : '—',
    },
    { id: 'note', header: 'Note', value: (e) => e.note ?? '' },
  ];
  const bridge = bridgeId === null ? undefined : data.bridgeById.get(bridgeId);
  return (
    <section className={styles.section} aria-labelledby="maintenance-heading">
      <h2 id="maintenance-heading" className={styles.heading}>
        Maintenance
      </h2>
      <p className={styles.muted}>
        A repair or bearing replacement makes the analysis relearn the bridge from that date (7
        days); a sensor re-zero or replacement relearns that sensor.
      </p>
      <SelectField
        label="Bridge maintained"
        value={bridgeId === null ? '' : String(bridgeId)}
        placeholder="Select a bridge"
        options={data.bridges.map((b) => ({ value: String(b.id), label: b.name }))}
        onChange={(e) => setBridgeId(e.target.value ? Number(e.target.value) : null)}
      />
      {bridge && (
        <>
          <DataTable
            label={`Maintenance of ${bridge.name}`}
            columns={columns}
            rows={events.data ?? []}
            rowKey={(e) => e.id}
            loading={events.isPending}
            emptyMessage="No maintenance recorded on this bridge."
            {...(isStaff
              ? {
                  actions: (e: MaintenanceEvent) => (
                    <Button
                      variant="secondary"
                      aria-label={`Delete maintenance of ${e.occurred_on}`}
                      onClick={() => remove.mutate(e)}
                      disabled={remove.isPending}
                    >
                      Delete
                    </Button>
                  ),
                }
              : {})}
          />
          {isStaff && <RecordForm key={bridge.id} bridgeId={bridge.id} data={data} />}
        </>
      )}
    </section>
  );
}
